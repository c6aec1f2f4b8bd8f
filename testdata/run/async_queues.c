// run
/* Several async queues (OpenACC 3.4 §2.16): four independent chains of
   kernels on queues 1..4, each chain ordered by its queue; a wait
   directive that makes queue 2 wait for queue 1 without blocking the
   host; a kernel on queue 4 that waits for all four chains through its
   wait clause; an update self on queue 4; and one host wait for queue 4
   before the host reads anything. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
#define Q 4

int main(void) {
    double *x[Q + 1];
    double *out = malloc(N * sizeof *out);
    for (int q = 1; q <= Q; q++) {
        x[q] = malloc(N * sizeof(double));
        for (int i = 0; i < N; i++) x[q][i] = q;
    }
    double *x1 = x[1], *x2 = x[2], *x3 = x[3], *x4 = x[4];
#pragma acc enter data copyin(x1[0:N], x2[0:N], x3[0:N], x4[0:N]) create(out[0:N])
    for (int step = 0; step < 3; step++) {
#pragma acc parallel loop present(x1[0:N]) async(1)
        for (int i = 0; i < N; i++) x1[i] = x1[i] * 2 + i;
#pragma acc parallel loop present(x2[0:N]) async(2)
        for (int i = 0; i < N; i++) x2[i] = x2[i] + 1;
#pragma acc parallel loop present(x3[0:N]) async(3)
        for (int i = 0; i < N; i++) x3[i] = x3[i] - i;
#pragma acc parallel loop present(x4[0:N]) async(4)
        for (int i = 0; i < N; i++) x4[i] = x4[i] * 0.5;
    }
    /* x1 = 8 + 7i, x2 = 5, x3 = 3 - 3i, x4 = 0.5 */
#pragma acc wait(1) async(2)
#pragma acc parallel loop present(x1[0:N], x2[0:N]) async(2)
    for (int i = 0; i < N; i++) x2[i] += x1[i]; /* 13 + 7i */
#pragma acc parallel loop present(x1[0:N], x2[0:N], x3[0:N], x4[0:N], out[0:N]) async(4) wait(1, 2, 3)
    for (int i = 0; i < N; i++) out[i] = x1[i] + x2[i] + x3[i] + x4[i]; /* 24.5 + 11i */
#pragma acc update self(out[0:N]) async(4)
#pragma acc wait(4)
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += out[i]; bad += out[i] != 24.5 + 11 * i; }
#pragma acc exit data delete(x1[0:N], x2[0:N], x3[0:N], x4[0:N], out[0:N])
    printf("sum %.1f bad %d\n", s, bad);
    for (int q = 1; q <= Q; q++) free(x[q]);
    free(out);
    return 0;
}
