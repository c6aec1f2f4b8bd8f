/* launch: launch overhead of a compute construct. k tiny parallel loops (n
   doubles each, the data present) in a data region, each synchronous, as
   OpenACC constructs without async are. Default k 10000, n 1024 (argv[1],
   argv[2]). Timed: the k constructs (time_ms); with the transfers (total_ms).
   Work: k launches (the table shows microseconds per construct). */
#include "../bench.h"

int main(int argc, char **argv) {
    int k = arg(argc, argv, 1, 10000), n = arg(argc, argv, 2, 1024);
    double *restrict x = malloc(sizeof(double) * n), *restrict y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) { x[i] = 0.0; y[i] = (double)(i % 17) / 17.0; }
    double ts = now_ms(), t0, t1;
#pragma acc data copy(x[0:n]) copyin(y[0:n])
    {
        t0 = now_ms();
        for (int r = 0; r < k; r++) {
#pragma acc parallel loop
            for (int i = 0; i < n; i++) x[i] = 0.5 * x[i] + y[i];
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    printf("launch k %d n %d\n", k, n);
    report(sum, k, "launch", t1 - t0, te - ts);
    return 0;
}
