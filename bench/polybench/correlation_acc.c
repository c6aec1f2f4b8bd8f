/* correlation (PolyBench/C 4.2 datamining/correlation): the m x m correlation
   matrix of n samples of m variables: column means and standard deviations,
   normalisation, then corr = data' * data (upper triangle, mirrored). Doubles,
   default n 3000, m 2600 (PolyBench EXTRALARGE; argv[1], argv[2]: n m). Timed:
   the four loops inside the data region (time_ms), and with the transfers
   (total_ms). Work: m(m-1)/2 dot products of length n, 2 flop a term. */
#include <math.h>
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 3000), m = arg(argc, argv, 2, 2600);
    double float_n = (double)n, eps = 0.1;
    double *restrict data = malloc(sizeof(double) * n * m);
    double *restrict corr = malloc(sizeof(double) * m * m);
    double *restrict mean = malloc(sizeof(double) * m), *restrict stddev = malloc(sizeof(double) * m);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) data[i * m + j] = (double)(i * (j + 1) % 101) / 101.0 + 0.05 * ((i + j) % 7);

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(data[0:n*m]) create(mean[0:m], stddev[0:m]) copyout(corr[0:m*m])
    {
        t0 = now_ms();
#pragma acc parallel loop
        for (int j = 0; j < m; j++) {
            double s = 0.0;
            for (int i = 0; i < n; i++) s += data[i * m + j];
            mean[j] = s / float_n;
        }
#pragma acc parallel loop
        for (int j = 0; j < m; j++) {
            double s = 0.0;
            for (int i = 0; i < n; i++) s += (data[i * m + j] - mean[j]) * (data[i * m + j] - mean[j]);
            s = sqrt(s / float_n);
            stddev[j] = s <= eps ? 1.0 : s;
        }
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) data[i * m + j] = (data[i * m + j] - mean[j]) / (sqrt(float_n) * stddev[j]);
#pragma acc parallel loop gang
        for (int i = 0; i < m; i++) {
            corr[i * m + i] = 1.0;
#pragma acc loop vector
            for (int j = i + 1; j < m; j++) {
                double s = 0.0;
                for (int k = 0; k < n; k++) s += data[k * m + i] * data[k * m + j];
                corr[i * m + j] = s;
                corr[j * m + i] = s;
            }
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < m * m; i++) sum += corr[i] * (1 + i % 7);
    printf("correlation n %d m %d\n", n, m);
    report(sum, (double)m * (m - 1) * n, "flop", t1 - t0, te - ts);
    return 0;
}
