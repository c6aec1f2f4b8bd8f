/* syrk (PolyBench/C 4.2 linear-algebra/blas/syrk): C = alpha*A*A' + beta*C on
   the lower triangle of C (n x n); A is n x m. Doubles, default n 4000, m 3000
   (argv[1], argv[2]). Timed: the update inside the data region (time_ms), and
   with the transfers (total_ms). Work: n(n+1)/2 dot products of length m,
   2 flop a term. */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 4000), m = arg(argc, argv, 2, 3000);
    double alpha = 1.5, beta = 1.2;
    double *restrict A = malloc(sizeof(double) * n * m);
    double *restrict C = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) A[i * m + j] = (double)((i * j + 1) % n) / n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) C[i * n + j] = (double)((i * j + 2) % m) / m;

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(A[0:n*m]) copy(C[0:n*n])
    {
        t0 = now_ms();
#pragma acc parallel loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop vector
            for (int j = 0; j <= i; j++) {
                double s = C[i * n + j] * beta;
                for (int k = 0; k < m; k++) s += alpha * A[i * m + k] * A[j * m + k];
                C[i * n + j] = s;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) sum += C[i * n + j];
    printf("syrk n %d m %d\n", n, m);
    report(sum, (double)n * (n + 1) * m, "flop", t1 - t0, te - ts);
    return 0;
}
