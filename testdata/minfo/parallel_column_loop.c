// minfo -acc=gpu -Minfo=accel
// A parallel construct's sequential loop whose body is one gang loop
// keeping to its own columns (ADI's sweeps: each dependence of the
// sequential loop stays within one iteration of the gang loop) stays in
// the kernel: each gang runs it over the same columns, and one launch
// sized by the gang loop replaces a launch per iteration. A gang loop
// that reads another column keeps the loop on the host; pointers that
// may alias make the kernel test them at run time, with a sequential
// fallback.
#define N 64
double X[N][N], B[N][N];

void sweeps(int n, int tsteps, double (*restrict x)[N], double (*restrict a)[N], double (*restrict b)[N]) {
    int t, i1, i2;
#pragma acc parallel copy(x[0:n][0:N], b[0:n][0:N]) copyin(a[0:n][0:N]) // want remark:"Generating copy(x[:n][:64]) [if not already present]" remark:"Generating copy(b[:n][:64]) [if not already present]" remark:"Generating copyin(a[:n][:64]) [if not already present]"
    {
        for (t = 0; t < tsteps; t++) { // want remark:"Loop carried dependence of x,b prevents parallelization" remark:"  x[i1][i2] written at line 21, x[i1][i2] read at line 21: direction (!=,=,*)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
            for (i1 = 1; i1 < n; i1++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop seq" remark:"Loop carried dependence of x,b prevents parallelization" remark:"  x[i1][i2] written at line 21, x[i1 - 1][i2] read at line 21: distance 1, direction (=,<,=)"
#pragma acc loop
                for (i2 = 0; i2 < n; i2++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                    x[i1][i2] = x[i1][i2] - x[i1 - 1][i2] * a[i1][i2] / b[i1 - 1][i2];
                    b[i1][i2] = b[i1][i2] - a[i1][i2] * a[i1][i2] / b[i1 - 1][i2];
                }
#pragma acc loop
            for (i2 = 0; i2 < n; i2++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                x[n - 1][i2] = x[n - 1][i2] / b[n - 1][i2];
        }
    }
}

void shifted(int n) {
    int i1, i2;
#pragma acc parallel copy(X, B) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(X[:][:]) [if not already present]" remark:"Generating copy(B[:][:]) [if not already present]"
    for (i1 = 1; i1 < n; i1++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of X,B prevents parallelization" remark:"  X[i1][i2 + 1] written at line 38, X[i1 - 1][i2 + 1] read at line 37: distance 1, direction (<,=)"
#pragma acc loop
        for (i2 = 0; i2 < n - 1; i2++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            double d = X[i1 - 1][i2 + 1] * 0.5;
            X[i1][i2 + 1] = X[i1][i2 + 1] + d;
            B[i1][i2 + 1] = B[i1 - 1][i2 + 1] + d;
        }
}

void diagonal(int n) {
    int i1, i2;
#pragma acc parallel copy(X) // want remark:"Generating copy(X[:][:]) [if not already present]"
    for (i1 = 1; i1 < n; i1++) // want remark:"Loop carried dependence of X prevents parallelization" remark:"  X[i1][i2] written at line 49, X[i1 - 1][i2 + 1] read at line 49: distance 1, direction (<,>)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
#pragma acc loop
        for (i2 = 0; i2 < n - 1; i2++) // want remark:"Generating NVIDIA GPU code" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            X[i1][i2] = X[i1][i2] + 0.5 * X[i1 - 1][i2 + 1];
}

void aliased(int n, double (*x)[N], double (*y)[N]) {
    int i1, i2;
#pragma acc parallel copy(x[0:n][0:N]) copyin(y[0:n][0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(x[:n][:64]) [if not already present]" remark:"Generating copyin(y[:n][:64]) [if not already present]"
    for (i1 = 1; i1 < n; i1++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of x->,y-> prevents parallelization"
#pragma acc loop
        for (i2 = 0; i2 < n; i2++) // want remark:"Loop versioned: parallel when x and y do not overlap at run time, else kernel aliased_54_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            x[i1][i2] = x[i1 - 1][i2] + y[i1][i2];
}
