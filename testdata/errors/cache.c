// buildcheck -acc=emulate
// The cache directive must head a loop body inside a compute construct
// (OpenACC 3.4 §2.10).
void f(int n, float *x) {
#pragma acc parallel copy(x[0:n])
    {
#pragma acc cache(x[0:4]) // want error:"'#pragma acc cache' must appear at the top of a loop body inside the compute construct (§2.10)"
        x[0] = 1;
    }
    for (int i = 0; i < n; i++) {
#pragma acc cache(x[i:1]) // a hint for a host loop: accepted
        x[i] += 1;
    }
}
