// errorcheck -acc=gpu -fmax-errors=0
/* On the GPU, kernels and routines are C++, which has no variable-length
   arrays: a local of such a type in device code is an error (nvcc
   rejected the generated code; found by FuzzBackend). The CPU targets'
   kernels are C and keep it. */
#include <stdlib.h>

#pragma acc routine seq
static double row(int n, int m) {
    double (*v)[m] = malloc(n * sizeof *v); // want error:"'v' has a variable-length array type, which CUDA device code does not have: give it a constant size, or allocate it outside the compute construct"
    v[n - 1][m - 1] = n * m;
    double s = v[n - 1][m - 1];
    free(v);
    return s;
}

void kernel(int n, double *out) {
#pragma acc parallel loop copyout(out[0:8])
    for (int i = 0; i < 8; i++) {
        double t[n]; // want error:"'t' has a variable-length array type"
        for (int k = 0; k < n; k++)
            t[k] = i + k + row(n, 2);
        out[i] = t[n - 1];
    }
}
