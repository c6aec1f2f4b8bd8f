// minfo -acc=gpu -Minfo=accel
// A parallel construct whose whole body is a sequential loop around
// loops that partition their iterations over the gangs: each gang would
// run the loop itself (§2.5.1) with nothing to keep the gangs in step,
// so the loop runs on the host and each iteration launches the loops of
// its body as kernels, as for a kernels construct. Where the
// gang-redundant code holds anything but the loop's control (a
// statement, a scalar it assigns, a reduction), the construct stays one
// kernel.
void jacobi(int n, int tsteps, double *restrict A, double *restrict B) {
    int t, i, j;
#pragma acc parallel copy(A[0:n]) create(B[0:n]) // want remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating create(B[:n]) [if not already present]"
    {
        for (t = 0; t < tsteps; t++) { // want remark:"Loop carried dependence of B,A prevents parallelization" remark:"  B[i] written at line 17, B[i] written at line 17: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
#pragma acc loop
            for (i = 1; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc loop
            for (j = 1; j < n - 1; j++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[j] = B[j];
        }
    }
}

void scaled(int n, int tsteps, double *restrict A, double *restrict B) {
    int t, i;
    double s = 1;
#pragma acc parallel copy(A[0:n]) create(B[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating create(B[:n]) [if not already present]"
    {
        for (t = 0; t < tsteps; t++) { // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i] written at line 34, A[i] read at line 34: direction (!=,=)"
            s = s * 0.5;
#pragma acc loop
            for (i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[i] = A[i] * s;
        }
    }
}
