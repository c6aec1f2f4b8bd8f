// minfo -acc=gpu -Minfo=accel
// Host loops and their one-block form (opt/blockloop.go): a time loop
// whose kernels one block can run gets it, one launch for the whole loop
// where each kernel's gang loop gives a thread at most 16 iterations.
// Loops keep only their launches where the program chose the grid
// (num_gangs, vector_length), where a kernel's bounds change with the
// time loop's index, and where a kernel reduces.
void jacobi(int n, int tsteps, double *restrict A, double *restrict B) {
    int t, i, j;
#pragma acc parallel copy(A[0:n]) create(B[0:n]) // want remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating create(B[:n]) [if not already present]"
    {
        for (t = 0; t < tsteps; t++) { // want remark:"Loop carried dependence of B,A prevents parallelization" remark:"  B[i] written at line 15, B[i] written at line 15: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
#pragma acc loop
            for (i = 1; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc loop
            for (j = 1; j < n - 1; j++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[j] = B[j];
        }
    }
}

void chosen(int n, int tsteps, double *restrict A, double *restrict B) {
    int t, i, j;
#pragma acc parallel num_gangs(8) copy(A[0:n]) create(B[0:n]) // want remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating create(B[:n]) [if not already present]"
    {
        for (t = 0; t < tsteps; t++) { // want remark:"Loop carried dependence of B,A prevents parallelization" remark:"  B[i] written at line 30, B[i] written at line 30: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
#pragma acc loop
            for (i = 1; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc loop
            for (j = 1; j < n - 1; j++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[j] = B[j];
        }
    }
}

void growing(int n, int tsteps, double *restrict A, double *restrict B) {
    int t, i, j;
#pragma acc parallel copy(A[0:n]) create(B[0:n]) // want remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating create(B[:n]) [if not already present]"
    {
        for (t = 1; t < tsteps; t++) { // want remark:"Loop carried dependence of B,A prevents parallelization" remark:"  B[i] written at line 45, B[i] written at line 45: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
#pragma acc loop
            for (i = 1; i < t; i++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc loop
            for (j = 1; j < t; j++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                A[j] = B[j];
        }
    }
}

void norms(int n, int tsteps, double *restrict A, double *restrict s) {
    double sum;
#pragma acc kernels copy(A[0:n]) copyout(s[0:tsteps]) // want remark:"Generating reduction(+:sum)" remark:"Generating copy(A[:n]) [if not already present]" remark:"Generating copyout(s[:tsteps]) [if not already present]"
    for (int t = 0; t < tsteps; t++) { // want remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i] written at line 63, A[i] read at line 60: direction (!=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
        sum = 0; // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated"
#pragma acc loop reduction(+:sum)
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:sum)"
            sum += A[i];
        s[t] = sum; // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated"
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            A[i] = A[i] * 0.5;
    }
}
