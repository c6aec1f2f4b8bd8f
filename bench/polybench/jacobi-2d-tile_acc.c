/* jacobi-2d-tile: jacobi-2d_acc.c with its sweeps written with
   tile(32, 4) instead of collapse(2) (OpenACC 3.4 2.9.8): on the GPU a
   block of 128 threads per tile of 4 rows by 32 columns, the tiles
   strided over the gangs, where jacobi-2d runs accc's own 32x8 blocks.
   Same sizes, timing, work and CUDA reference (jacobi-2d_cuda.cu):
   tsteps times B = 5-point average of A, then A = 5-point average of B,
   doubles, n x n as arrays of rows (double (*)[n]), default n 2800 and
   500 steps (argv[1], argv[2]). */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 2800), tsteps = arg(argc, argv, 2, 500);
    double (*restrict A)[n] = malloc(sizeof(double) * n * n);
    double (*restrict B)[n] = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = ((double)i * (j + 2) + 2) / n;
            B[i][j] = ((double)i * (j + 3) + 3) / n;
        }

    double ts = now_ms(), t0, t1;
#pragma acc data copy(A[0:n][0:n], B[0:n][0:n])
    {
        t0 = now_ms();
        for (int t = 0; t < tsteps; t++) {
#pragma acc parallel loop tile(32, 4)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma acc parallel loop tile(32, 4)
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < n - 1; j++)
                    A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) sum += A[i][j] + B[i][j];
    printf("jacobi-2d n %d tsteps %d\n", n, tsteps);
    report(sum, 2.0 * 2.0 * (n - 2) * (double)(n - 2) * sizeof(double) * tsteps, "byte", t1 - t0, te - ts);
    return 0;
}
