/* bicg (PolyBench/C 4.2 linear-algebra/kernels/bicg, the BiCG sub-kernel):
   s = A'*r, q = A*p, repeated reps times. Doubles, A is n x m (default
   8192 x 8192, reps 20; argv[1..3]: n m reps). Timed: the reps inside the data
   region (time_ms), and with the transfers (total_ms). Work: A read twice per
   rep. */
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), m = arg(argc, argv, 2, 8192), reps = arg(argc, argv, 3, 20);
    double *restrict A = malloc(sizeof(double) * n * m);
    double *restrict s = malloc(sizeof(double) * m), *restrict q = malloc(sizeof(double) * n);
    double *restrict p = malloc(sizeof(double) * m), *restrict r = malloc(sizeof(double) * n);
    for (int i = 0; i < m; i++) p[i] = (double)(i % m) / m;
    for (int i = 0; i < n; i++) {
        r[i] = (double)(i % n) / n;
        for (int j = 0; j < m; j++) A[(size_t)i * m + j] = (double)(i * (j + 1) % n) / n;
    }

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(A[0:n*m], p[0:m], r[0:n]) copyout(s[0:m], q[0:n])
    {
        t0 = now_ms();
        for (int rep = 0; rep < reps; rep++) {
#pragma acc parallel loop
            for (int j = 0; j < m; j++) {
                double t = 0.0;
                for (int i = 0; i < n; i++) t += r[i] * A[(size_t)i * m + j];
                s[j] = t;
            }
#pragma acc parallel loop gang
            for (int i = 0; i < n; i++) {
                double t = 0.0;
#pragma acc loop vector reduction(+:t)
                for (int j = 0; j < m; j++) t += A[(size_t)i * m + j] * p[j];
                q[i] = t;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int j = 0; j < m; j++) sum += s[j];
    for (int i = 0; i < n; i++) sum += q[i];
    printf("bicg n %d m %d reps %d\n", n, m, reps);
    report(sum, 2.0 * n * (double)m * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
