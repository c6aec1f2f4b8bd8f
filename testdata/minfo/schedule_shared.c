// minfo -acc=gpu -Minfo=loop
// Where the GPU schedule shares work between a block's threads through
// shared memory: a column loop's row reduction split over the block's
// rows (opt/split.go), and a tiled nest's k loop whose operands are
// staged (lower/stage.go); and the cases that keep the plain schedule.
void split(int n, int m, const double *restrict A, const double *restrict x, double *restrict y, double *restrict z) {
    // The row loop splits: private code before it, a store after it.
#pragma acc parallel loop present(A[0:n*m], x[0:n], y[0:m])
    for (int j = 0; j < m; j++) { // want remark:"#pragma acc loop gang, vector(32) /* blockIdx.x threadIdx.x */"
        double s = 0.0;
        for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop worker(32) /* threadIdx.y */" remark:"Generating reduction(+:s)"
            s += A[i * m + j] * x[i];
        y[j] = s;
    }
    // A store before the row loop: the rows would need to wait for it.
#pragma acc parallel loop present(A[0:n*m], x[0:n], y[0:m], z[0:m])
    for (int j = 0; j < m; j++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        double s = 0.0;
        z[j] = 1;
        for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            s += A[i * m + j] * x[i];
        y[j] = s;
    }
    // The program chose the vector length.
#pragma acc parallel loop vector_length(64) present(A[0:n*m], x[0:n], y[0:m])
    for (int j = 0; j < m; j++) { // want remark:"#pragma acc loop gang, vector(64) /* blockIdx.x threadIdx.x */"
        double s = 0.0;
        for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            s += A[i * m + j] * x[i];
        y[j] = s;
    }
}

void stage(int n, int p, const double *restrict A, const double *restrict B, double *restrict C, double *restrict E) {
    // A product: both operands staged.
#pragma acc parallel loop collapse(2) present(A[0:n*p], B[0:p*n], C[0:n*n])
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < p; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * p + k], B[k * n + j] through shared memory, 32 iterations at a time"
                s += A[i * p + k] * B[k * n + j];
            C[i * n + j] = s;
        }
    // The k loop's bound depends on i: the tile's rows would disagree.
#pragma acc parallel loop collapse(2) present(A[0:n*p], B[0:p*n], C[0:n*n])
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < i % p; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += A[i * p + k] * B[k * n + j];
            C[i * n + j] = s;
        }
    // E is written by the kernel: its elements are read as written.
#pragma acc parallel loop collapse(2) present(A[0:n*p], E[0:p*n], C[0:n*n])
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < p; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq" remark:"Staging A[i * p + k] through shared memory, 32 iterations at a time"
                s += A[i * p + k] * E[k * n + j];
            C[i * n + j] = s;
            E[i * n + j] = 0;
        }
}

void stage_conditional(int n, int p, const double *restrict x, const double *restrict B, double *restrict C) {
    // Operands read behind a condition are not staged: the loads would
    // read elements the program does not (x past its end).
#pragma acc parallel loop collapse(2) present(x[0:n], B[0:p*n], C[0:n*n])
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"  /* collapsed */"
            double s = 0.0;
            for (int k = 0; k < p; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                if (i + k < n)
                    s += x[i + k] * B[k * n + j];
            C[i * n + j] = s;
        }
}
