// buildcheck -acc=emulate
// Constructs that later issues implement are errors with their position,
// never wrong code.
double twice(double);
void f(int n, float *a, float *p) {
    float s = 0;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc atomic update // want error:"'#pragma acc atomic' inside a compute construct is not supported yet"
        s += a[i];
        a[i] = twice(a[i]); // want error:"function 'twice' is called in a compute region but has no device code"
    }
#pragma acc parallel loop
    for (int i = 0; i < n; i++) p[i] = 0; // want error:"the extent of the data 'p' points to is unknown; add a data clause such as copyin(p[0:n]) or present(p)"
#pragma acc host_data use_device(a) // want error:"'#pragma acc host_data' is not supported yet"
    { }
}
