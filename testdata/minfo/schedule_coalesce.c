// minfo -acc=gpu -Minfo=par
// The coalescing-aware schedule (opt/coalesce.go): where the compiler
// chooses the levels, the vector level goes to the loop whose index walks
// the arrays' last subscripts with stride 1.
void products(int n, const double *restrict A, const double *restrict y, double *restrict x, double *restrict xt, double *restrict W) {
    // Row products: j is contiguous in A, so the inner loop is the vector loop.
#pragma acc parallel loop copyin(A[0:n*n], y[0:n]) copy(x[0:n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double s = 0.0;
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
            s += A[i * n + j] * y[j];
        x[i] += s;
    }
    // Column products: i is contiguous in A and in xt, j has stride n, so i
    // takes the vector level; j, a reduction, splits over the block's rows
    // (opt/split.go).
#pragma acc parallel loop copyin(A[0:n*n], y[0:n]) copy(xt[0:n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */"
        double s = 0.0;
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop worker(32) /* threadIdx.y */" remark:"Generating reduction(+:s)"
            s += A[j * n + i] * y[j];
        xt[i] += s;
    }
    // A column loop whose j loop also stores runs j in each thread.
#pragma acc parallel loop copy(W[0:n*n]) copyout(xt[0:n])
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        double s = 0.0;
        for (int j = 0; j < n; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            s += W[j * n + i];
            W[j * n + i] = 0;
        }
        xt[i] = s;
    }
}

// A matrix product's (i, j) nest: j is contiguous in C and B, k in A only.
void matmul(int n, const double *restrict A, const double *restrict B, double *restrict C) {
#pragma acc parallel loop collapse(2) copyin(A[0:n*n], B[0:n*n]) copyout(C[0:n*n])
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < n; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * n + k] * B[k * n + j];
            C[i * n + j] = s;
        }
}

// A loop known to be short keeps the inner vector loop: 64 threads would
// leave the device idle.
void short_outer(int n, const double *restrict A, double *restrict x) {
#pragma acc parallel loop copyin(A[0:64*n]) copyout(x[0:64])
    for (int i = 0; i < 64; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double s = 0.0;
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
            s += A[j * 64 + i];
        x[i] = s;
    }
}
