/* gemver (PolyBench/C 4.2 linear-algebra/blas/gemver), repeated reps times as
   in an iterative solver: A = A + u1*v1' + u2*v2'; x = x + beta*A'*y + z;
   w = w + alpha*A*x. Doubles, n x n (default n 8192, reps 10; argv[1], argv[2]).
   Timed: the reps inside the data region (time_ms), and with the transfers
   (total_ms). Work: the compulsory DRAM traffic, 4 n^2 doubles (A read and
   written once, read twice more) per rep. */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), reps = arg(argc, argv, 2, 10);
    double alpha = 1.5, beta = 1.2, fn = n;
    double *restrict A = malloc(sizeof(double) * n * n);
    double *restrict u1 = malloc(sizeof(double) * n), *restrict v1 = malloc(sizeof(double) * n);
    double *restrict u2 = malloc(sizeof(double) * n), *restrict v2 = malloc(sizeof(double) * n);
    double *restrict w = malloc(sizeof(double) * n), *restrict x = malloc(sizeof(double) * n);
    double *restrict y = malloc(sizeof(double) * n), *restrict z = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        u1[i] = i / fn; u2[i] = (i + 1) / fn / 2.0; v1[i] = (i + 1) / fn / 4.0; v2[i] = (i + 1) / fn / 6.0;
        y[i] = (i + 1) / fn / 8.0; z[i] = (i + 1) / fn / 9.0; x[i] = 0.0; w[i] = 0.0;
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)(i * j % n) / n;
    }

    double ts = now_ms(), t0, t1;
#pragma acc data copy(A[0:n*n], x[0:n], w[0:n]) copyin(u1[0:n], v1[0:n], u2[0:n], v2[0:n], y[0:n], z[0:n])
    {
        t0 = now_ms();
        for (int r = 0; r < reps; r++) {
#pragma acc parallel loop collapse(2)
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    A[(size_t)i * n + j] = A[(size_t)i * n + j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma acc parallel loop
            for (int i = 0; i < n; i++) {
                double s = 0.0;
                for (int j = 0; j < n; j++) s += A[(size_t)j * n + i] * y[j];
                x[i] = x[i] + beta * s + z[i];
            }
#pragma acc parallel loop gang
            for (int i = 0; i < n; i++) {
                double s = 0.0;
#pragma acc loop vector reduction(+:s)
                for (int j = 0; j < n; j++) s += A[(size_t)i * n + j] * x[j];
                w[i] = w[i] + alpha * s;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += w[i] / n + x[i];
    printf("gemver n %d reps %d\n", n, reps);
    report(sum, 4.0 * n * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
