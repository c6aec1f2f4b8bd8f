/* atax (PolyBench/C 4.2 linear-algebra/kernels/atax): y = A'*(A*x), repeated
   reps times. Doubles, A is m x n (default 8192 x 8192, reps 20; argv[1..3]:
   m n reps). Timed: the reps inside the data region (time_ms), and with the
   transfers (total_ms). Work: A read twice per rep. */
#include "../bench.h"

int main(int argc, char **argv) {
    int m = arg(argc, argv, 1, 8192), n = arg(argc, argv, 2, 8192), reps = arg(argc, argv, 3, 20);
    double *restrict A = malloc(sizeof(double) * m * n);
    double *restrict x = malloc(sizeof(double) * n), *restrict y = malloc(sizeof(double) * n);
    double *restrict tmp = malloc(sizeof(double) * m);
    double fn = n;
    for (int i = 0; i < n; i++) x[i] = 1 + (i / fn);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)((i + j) % n) / (5 * m);

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(A[0:m*n], x[0:n]) create(tmp[0:m]) copyout(y[0:n])
    {
        t0 = now_ms();
        for (int r = 0; r < reps; r++) {
#pragma acc parallel loop gang
            for (int i = 0; i < m; i++) {
                double s = 0.0;
#pragma acc loop vector reduction(+:s)
                for (int j = 0; j < n; j++) s += A[(size_t)i * n + j] * x[j];
                tmp[i] = s;
            }
#pragma acc parallel loop
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int i = 0; i < m; i++) s += A[(size_t)i * n + j] * tmp[i];
                y[j] = s;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int j = 0; j < n; j++) sum += y[j];
    printf("atax m %d n %d reps %d\n", m, n, reps);
    report(sum, 2.0 * m * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
