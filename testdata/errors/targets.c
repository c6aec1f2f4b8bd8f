// buildcheck -acc=host
void f(int n, float *a) {
    float t = 0;
#pragma acc parallel loop copy(a[0:n]) private(t) // want error:"clause 'private' is not supported yet on target host"
    for (int i = 0; i < n; i++) { t = a[i]; a[i] = t * t; }
}
