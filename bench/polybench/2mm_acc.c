/* 2mm (PolyBench/C 4.2 linear-algebra/kernels/2mm): D = alpha*A*B*C + beta*D,
   as tmp = alpha*A*B; D = beta*D + tmp*C. Doubles, all dimensions n
   (default 2048; argv[1]). Timed: the two products inside the data region
   (time_ms), and with the transfers (total_ms). Work: 4n^3 flop. */
#include <math.h>
#include "../bench.h"

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 2048);
    int ni = n, nj = n, nk = n, nl = n;
    double alpha = 1.5, beta = 1.2;
    double *restrict A = malloc(sizeof(double) * ni * nk);
    double *restrict B = malloc(sizeof(double) * nk * nj);
    double *restrict C = malloc(sizeof(double) * nj * nl);
    double *restrict D = malloc(sizeof(double) * ni * nl);
    double *restrict tmp = malloc(sizeof(double) * ni * nj);
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++) A[i * nk + k] = (double)((i * k + 1) % ni) / ni;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++) B[k * nj + j] = (double)(k * (j + 1) % nj) / nj;
    for (int j = 0; j < nj; j++)
        for (int l = 0; l < nl; l++) C[j * nl + l] = (double)((j * (l + 3) + 1) % nl) / nl;
    for (int i = 0; i < ni; i++)
        for (int l = 0; l < nl; l++) D[i * nl + l] = (double)(i * (l + 2) % nk) / nk;

    double ts = now_ms(), t0, t1;
#pragma acc data copyin(A[0:ni*nk], B[0:nk*nj], C[0:nj*nl]) create(tmp[0:ni*nj]) copy(D[0:ni*nl])
    {
        t0 = now_ms();
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++) {
                double s = 0.0;
                for (int k = 0; k < nk; k++) s += alpha * A[i * nk + k] * B[k * nj + j];
                tmp[i * nj + j] = s;
            }
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int l = 0; l < nl; l++) {
                double s = D[i * nl + l] * beta;
                for (int j = 0; j < nj; j++) s += tmp[i * nj + j] * C[j * nl + l];
                D[i * nl + l] = s;
            }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < ni * nl; i++) sum += D[i];
    printf("2mm n %d\n", n);
    report(sum, 4.0 * n * (double)n * n, "flop", t1 - t0, te - ts);
    return 0;
}
