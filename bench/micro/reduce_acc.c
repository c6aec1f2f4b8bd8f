/* reduce: a reduction-heavy kernel. reps times, one parallel loop with three
   reductions over two arrays of n doubles: the dot product (+), the largest
   difference (max) and a count (+ on an int) -- each result read back by the
   host, as a convergence test would. Default n 2^26, reps 40 (argv[1],
   argv[2]). Timed: the reps inside the data region (time_ms), and with the
   transfers (total_ms). Work: both arrays read once per rep. */
#include <math.h>
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 1 << 26), reps = arg(argc, argv, 2, 40);
    double *restrict x = malloc(sizeof(double) * n), *restrict y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        x[i] = (double)(i % 1000) / 1000.0;
        y[i] = (double)((i * 7) % 1013) / 1013.0;
    }
    double check = 0;
    double ts = now_ms(), t0, t1;
#pragma acc data copyin(x[0:n], y[0:n])
    {
        t0 = now_ms();
        for (int r = 0; r < reps; r++) {
            double dot = 0.0, dmax = 0.0, w = 1.0 + r * 0.01;
            int cnt = 0;
#pragma acc parallel loop reduction(+:dot, cnt) reduction(max:dmax)
            for (int i = 0; i < n; i++) {
                double d = fabs(x[i] * w - y[i]);
                dot += x[i] * y[i] * w;
                dmax = fmax(dmax, d);
                cnt += d > 0.5;
            }
            check += dot * 1e-6 + dmax + cnt * 1e-6;
        }
        t1 = now_ms();
    }
    double te = now_ms();
    printf("reduce n %d reps %d\n", n, reps);
    report(check, 2.0 * n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
