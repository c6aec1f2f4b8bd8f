/* mvt (PolyBench/C 4.2 linear-algebra/kernels/mvt): x1 = x1 + A*y1,
   x2 = x2 + A'*y2, repeated reps times. Doubles, A is n x n (default 8192,
   reps 20; argv[1], argv[2]). Timed: the reps inside the data region
   (time_ms), and with the transfers (total_ms). Work: A read twice per rep. */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), reps = arg(argc, argv, 2, 20);
    double *restrict A = malloc(sizeof(double) * n * n);
    double *restrict x1 = malloc(sizeof(double) * n), *restrict x2 = malloc(sizeof(double) * n);
    double *restrict y1 = malloc(sizeof(double) * n), *restrict y2 = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        x1[i] = (double)(i % n) / n; x2[i] = (double)((i + 1) % n) / n;
        y1[i] = (double)((i + 3) % n) / n; y2[i] = (double)((i + 4) % n) / n;
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)(i * j % n) / n;
    }

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(A[0:n*n], y1[0:n], y2[0:n]) copy(x1[0:n], x2[0:n])
    {
        t0 = now_ms();
        for (int r = 0; r < reps; r++) {
#pragma acc parallel loop gang
            for (int i = 0; i < n; i++) {
                double s = 0.0;
#pragma acc loop vector reduction(+:s)
                for (int j = 0; j < n; j++) s += A[(size_t)i * n + j] * y1[j];
                x1[i] += s;
            }
#pragma acc parallel loop
            for (int i = 0; i < n; i++) {
                double s = 0.0;
                for (int j = 0; j < n; j++) s += A[(size_t)j * n + i] * y2[j];
                x2[i] += s;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += x1[i] + x2[i];
    printf("mvt n %d reps %d\n", n, reps);
    report(sum, 2.0 * n * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
