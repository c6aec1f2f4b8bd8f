// buildcheck -acc=emulate
// Constructs that later issues implement are errors with their position,
// never wrong code.
double twice(double);
void f(int n, float *a, float *p) {
    float s = 0;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc wait // want error:"'#pragma acc wait' inside a compute construct is not supported yet"
        a[i] = twice(a[i]); // want error:"function 'twice' is called in device code but has no device version"
    }
#pragma acc parallel loop
    for (int i = 0; i < n; i++) p[i * i] = 0; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"
#pragma acc routine seq // want error:"the unnamed 'routine' directive inside a function body is not supported yet"
}

void g(int n, int m, double a[n][m], double *out) {
#pragma acc parallel loop copy(a[0:n][0:m]) copyout(out[0:n])
    for (int i = 0; i < n; i++) out[i] = *a[i]; // want error:"'a' has variable-length rows (pointer to array of double): compute regions use it only subscripted in every dimension (a[i][j])"
}
