// run
/* 2-D blocked nests whose sequential k loop reads a row operand and a column
   operand: on the GPU both are staged through shared memory, 32
   iterations of k at a time (lower/stage.go). Sizes that are not
   multiples of the 32x8 blocks nor of the chunk (threads past the edges
   run the last row or column without storing), a k loop with an offset
   and a step, operands of k alone and of (i, j, k) that stay in global
   memory, an update of D inside the k loop, operands behind a condition
   (not staged), a declaration with effects after the k loop, and float
   data. The values
   are small integers, exact in any order. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int ni = argc > 5 ? 1 : 70, nj = argc > 5 ? 1 : 45, nk = argc > 5 ? 1 : 77;
    double *restrict A = malloc(sizeof(double) * ni * nk), *restrict B = malloc(sizeof(double) * nk * nj);
    double *restrict W = malloc(sizeof(double) * nk), *restrict X = malloc(sizeof(double) * ni * nj * nk);
    double *restrict C = malloc(sizeof(double) * ni * nj), *restrict D = malloc(sizeof(double) * ni * nj);
    float *restrict Fa = malloc(sizeof(float) * ni * nk), *restrict Fb = malloc(sizeof(float) * nk * nj);
    float *restrict F = malloc(sizeof(float) * ni * nj);
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++) A[i * nk + k] = (i + 2 * k) % 7 - 3, Fa[i * nk + k] = (i * k) % 5 - 2;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++) B[k * nj + j] = (3 * k + j) % 5 - 2, Fb[k * nj + j] = (k + j) % 3 - 1;
    for (int k = 0; k < nk; k++) W[k] = k % 3;
    for (int x = 0; x < ni * nj * nk; x++) X[x] = x % 4;
    for (int x = 0; x < ni * nj; x++) D[x] = x % 9, C[x] = 0;
#pragma acc data copyin(A[0:ni*nk], B[0:nk*nj], W[0:nk], X[0:ni*nj*nk], Fa[0:ni*nk], Fb[0:nk*nj]) copyout(F[0:ni*nj]) copy(C[0:ni*nj], D[0:ni*nj])
    {
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++) {
                double s = 0.0;
                for (int k = 1; k < nk; k += 2)
                    s += A[i * nk + k] * B[k * nj + j] + W[k] * X[(k * ni + i) * nj + j];
                double old = (C[i * nj + j] += s); /* once per element */
                C[i * nj + j] = old;
            }
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++)
                for (int k = 0; k < nk; k++)
                    D[i * nj + j] += A[i * nk + k] * B[k * nj + j];
        /* operands read behind a condition (not staged: the loads would
           read past A's rows), and a declaration with effects after the
           k loop */
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++) {
                double s = 0.0;
                for (int k = 0; k < nk; k++)
                    if (i + k < ni) s += A[(i + k) * nk + k] * B[k * nj + j];
                double old = (D[i * nj + j] += s);
                C[i * nj + j] += old - D[i * nj + j];
            }
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < ni; i++)
            for (int j = 0; j < nj; j++) {
                float s = 0;
                for (int k = 0; k < nk; k++) s += Fa[i * nk + k] * Fb[k * nj + j];
                F[i * nj + j] = s;
            }
    }
    int bad = 0;
    double sc = 0, sd = 0, sf = 0;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            double c = 0, d = (i * nj + j) % 9, f = 0;
            for (int k = 0; k < nk; k++) {
                if (k % 2) c += A[i * nk + k] * B[k * nj + j] + W[k] * X[(k * ni + i) * nj + j];
                d += A[i * nk + k] * B[k * nj + j];
                if (i + k < ni) d += A[(i + k) * nk + k] * B[k * nj + j];
                f += Fa[i * nk + k] * Fb[k * nj + j];
            }
            bad += C[i * nj + j] != c || D[i * nj + j] != d || F[i * nj + j] != f;
            sc += C[i * nj + j], sd += D[i * nj + j], sf += F[i * nj + j];
        }
    printf("C %.0f D %.0f F %.0f bad %d\n", sc, sd, sf, bad);
    return 0;
}
