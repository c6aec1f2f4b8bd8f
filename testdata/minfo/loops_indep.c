// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: references to the same array that a test can
// prove never meet in two different iterations (GCD, strong SIV beyond the
// iteration range, weak-zero and weak-crossing SIV, delinearisation of
// a[i*n + j]), next to look-alikes that do carry a dependence.
#define N 64
float a1[N], b1[N], w2[2 * N];
float A[N][N];

void gcd_siv(int n, float *restrict a, float *restrict b) {
#pragma acc kernels copy(a[0:2*n], b[0:2*n]) // want remark:"Generating copy(a[:2*n]) [if not already present]" remark:"Generating copy(b[:2*n]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copy(w2[:]) [if not already present]"
    {
        // GCD: even elements written, odd ones read
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[2 * i] = a[2 * i + 1] + 1;
        // GCD on the inner dimension of a 2-D array
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < N / 2; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                A[i][2 * j] = A[i][2 * j + 1] * 2;
        // GCD does not help: 2*i and 2*i+2 meet (distance 1)
        for (int i = 0; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of b prevents parallelization" remark:"  b[2 * i] written at line 22, b[2 * i + 2] read at line 22: distance 1, direction (>)"
            b[2 * i] = b[2 * i + 2] + 1;
        // strong SIV: the distance 64 exceeds every pair of the 64 iterations
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            w2[i] = w2[i + N] * 2;
        // strong SIV: distance 32 within 33 iterations (i = 0 reads what i = 32 writes)
        for (int i = 0; i <= N / 2; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of w2 prevents parallelization" remark:"  w2[i] written at line 28, w2[i + 64 / 2] read at line 28"
            w2[i] = w2[i + N / 2] * 2;
        // strong SIV with constant expressions: distance N/2 = 32 over the 32 iterations i < N/2
        for (int i = 0; i < N / 2; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of w2 prevents parallelization" remark:"  w2[i] written at line 31, w2[i + 64 / 2] read at line 31"
            w2[i] = w2[i + N / 2] + 1;
        // symbolic distance n with i < n: the halves a[0:n] and a[n:n] never meet
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = a[i + n] * 2;
    }
}

void weak_siv(int n, float *restrict a) {
#pragma acc kernels copy(a[0:n]) // want remark:"Generating copy(a[:n]) [if not already present]" remark:"Generating implicit copy(a1[:]) [if not already present]" remark:"Generating implicit copyin(b1[:]) [if not already present]"
    {
        // weak-zero SIV: a1[0] is read but only a1[1..N-1] are written
        for (int i = 1; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a1[i] = a1[0] + b1[i];
        // weak-zero SIV: the last element is read, the others written
        for (int i = 0; i < N - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a1[i] = a1[N - 1] * b1[i];
        // a1[0] written in every iteration: an output dependence
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[0] written at line 49, a1[0] read at line 49: direction (!=)"
            a1[0] = a1[0] + b1[i] * a1[i];
        // weak-zero inside the range: iteration 5 writes a[5], which the others read
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 52, a[5] read at line 52: direction (!=)"
            a[i] = a[5] + 1;
        // weak-crossing SIV over the whole range: a[n-1-i] is written by iteration n-1-i
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 55, a[n - 1 - i] read at line 55: direction (!=)"
            a[i] = a[n - 1 - i] + 1;
        // weak-crossing SIV over the first half: reads the upper half, writes the lower
        for (int i = 0; i < N / 2; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i] written at line 58, a1[64 - 1 - i] read at line 58: direction (!=)"
            a1[i] = a1[N - 1 - i] * 0.5f;
        // in-place reversal: swaps of disjoint pairs (t is private)
        for (int i = 0; i < n / 2; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 62, a[n - 1 - i] read at line 62: direction (!=)"
            float t = a[i];
            a[i] = a[n - 1 - i];
            a[n - 1 - i] = t;
        }
    }
}

void linear(int n, float *restrict a, float *restrict b) {
#pragma acc kernels copy(a[0:n*n]) copyin(b[0:n*n]) // want remark:"Generating copy(a[:n*n]) [if not already present]" remark:"Generating copyin(b[:n*n]) [if not already present]"
    {
        // a[i*n+j] vs a[(i-1)*n+j]: the row before, carried by the outer loop only
        for (int i = 1; i < n; i++) // want remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 74, a[(i - 1) * n + j] read at line 74: distance 1, direction (<,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < n; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[i * n + j] = a[(i - 1) * n + j] + b[i * n + j];
        // a[i*n+j] vs a[i*n+j-1] with j >= 1: the left neighbour, carried by the inner loop only
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int j = 1; j < n; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 78, a[i * n + j - 1] read at line 78: distance 1, direction (=,<)"
                a[i * n + j] = a[i * n + j - 1] + b[i * n + j];
        // a[i*n+j-1] with j = 0 reaches the previous row's last element: both loops carried
        for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 82, a[i * n + j - 1] read at line 82: direction (!=,*)"
            for (int j = 0; j < n; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 82, a[i * n + j - 1] read at line 82: distance 1, direction (=,<)"
                a[i * n + j] = a[i * n + j - 1] + 1;
        // in-place linearised transpose: a[i*n+j] and a[j*n+i] meet across iterations of i
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 86, a[j * n + i] read at line 86: direction (!=,*)"
            for (int j = 0; j < n; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 86, a[j * n + i] read at line 86: direction (=,!=)"
                a[i * n + j] = a[j * n + i];
        // same element read and written: independent at both levels
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                a[i * n + j] = a[i * n + j] * b[j * n + i];
        // a row of width n+1 (j <= n) overlaps the next row: the outer loop carries it
        for (int i = 0; i < n - 1; i++) // want remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * n + j] written at line 94, a[i * n + j] written at line 94: direction (!=,*)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j <= n; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a[i * n + j] = b[i];
    }
}

void multi(void) {
#pragma acc kernels // want remark:"Generating implicit copy(A[:][:]) [if not already present]" remark:"Generating implicit copy(a1[:]) [if not already present]"
    {
        // ZIV: two constant rows never meet
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            A[0][i] = A[1][i] + 1;
        // MIV a1[i+j]: different i reach the same element; for one i the j are distinct
        for (int i = 0; i < N / 2; i++) // want remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i + j] written at line 107, a1[i + j] read at line 107: direction (!=,!=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
            for (int j = 0; j < N / 2; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
                a1[i + j] = a1[i + j] + A[i][j];
        // in-place 2-D transpose: carried by i; for one i, A[i][j] and A[j][i] meet only at j = i
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 111, A[j][i] read at line 111: direction (!=,*)"
            for (int j = 0; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 111, A[j][i] read at line 111: direction (=,!=)"
                A[i][j] = A[j][i] + 1;
        // the strict upper triangle reads the lower one: independent at both levels
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 115, A[j][i] read at line 115: direction (!=,*)"
            for (int j = i + 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 115, A[j][i] read at line 115: direction (=,!=)"
                A[i][j] = A[j][i];
    }
}
