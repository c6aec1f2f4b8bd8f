// run
/* A split column loop with many columns and few rows: on the GPU the
   host gives its blocks fewer rows than the 32 the kernel allows
   (accrt_rows_for: 8 on a device of 132 multiprocessors), each row a
   longer share of the reduction. 100003 columns (not a multiple of 32),
   40 rows; small integers, exact in any order. */
#include <stdio.h>
#include <stdlib.h>
#define N 100003
int main(int argc, char **argv) {
    int M = argc > 5 ? 1 : 40;
    double *restrict A = malloc(sizeof(double) * M * N), *restrict x = malloc(sizeof(double) * M);
    double *restrict y = malloc(sizeof(double) * N);
    for (int i = 0; i < M; i++) {
        x[i] = i % 4 - 1;
        for (int j = 0; j < N; j++) A[(size_t)i * N + j] = (i + j) % 7 - 3;
    }
#pragma acc parallel loop copyin(A[0:M*N], x[0:M]) copyout(y[0:N])
    for (int j = 0; j < N; j++) {
        double s = 0.0;
        for (int i = 0; i < M; i++) s += A[(size_t)i * N + j] * x[i];
        y[j] = s;
    }
    int bad = 0;
    double sum = 0;
    for (int j = 0; j < N; j++) {
        double e = 0;
        for (int i = 0; i < M; i++) e += A[(size_t)i * N + j] * x[i];
        bad += y[j] != e;
        sum += y[j];
    }
    printf("sum %.0f bad %d\n", sum, bad);
    return 0;
}
