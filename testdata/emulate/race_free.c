// run
// env: ACCC_CHECK=all,race
/* Correct programs that ACCC_CHECK=race must not report (runtime/src/race.c):
   what looks like a race and is not one under OpenACC 3.4 §2.9. */
#include <stdio.h>
#define N 64
#define M 16

struct cell {
    double v[M];
    int n;
};

static double a[N], b[N], g[N][M], t[N][M], u[N][M];
static int hist[8], key[N];
static struct cell cells[N];

int main(void) {
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 0;
        key[i] = i % 8;
        cells[i].n = 0;
        for (int j = 0; j < M; j++) {
            g[i][j] = i + j;
            cells[i].v[j] = j;
        }
    }
    for (int k = 0; k < 8; k++)
        hist[k] = 0;
    double sum = 0;
#pragma acc data copy(a, b, g, t, u, hist, cells) copyin(key)
    {
        /* A stencil: each iteration reads its neighbours in a, writes b. */
#pragma acc parallel loop
        for (int i = 1; i < N - 1; i++)
            b[i] = a[i - 1] + a[i] + a[i + 1];
        /* A second kernel reads what the first wrote, neighbours included:
           launches are ordered. */
#pragma acc parallel loop
        for (int i = 1; i < N - 1; i++)
            a[i] = b[i - 1] + b[i + 1];
        /* An inner seq recurrence: the j iterations of one i run in order. */
#pragma acc parallel loop
        for (int i = 0; i < N; i++) {
#pragma acc loop seq
            for (int j = 1; j < M; j++)
                g[i][j] = g[i][j - 1] + 1;
        }
        /* Two vector loops one after another in a gang iteration: the
           second reads elements other iterations of the first wrote; code
           of the gang iteration between them is ordered with both. */
#pragma acc parallel loop gang
        for (int i = 0; i < N; i++) {
#pragma acc loop vector
            for (int j = 0; j < M; j++)
                t[i][j] = j * 2;
            t[i][0] = t[i][M - 1];
#pragma acc loop vector
            for (int j = 0; j < M; j++)
                u[i][j] = t[i][M - 1 - j] + t[i][0];
        }
        /* Atomic updates of shared bins. */
#pragma acc parallel loop
        for (int i = 0; i < N; i++) {
#pragma acc atomic update
            hist[key[i]] += 1;
        }
        /* A reduction, and a private scratch array. */
#pragma acc parallel loop reduction(+:sum)
        for (int i = 0; i < N; i++) {
            double tmp[4];
            for (int k = 0; k < 4; k++)
                tmp[k] = a[i] * k;
            sum += tmp[3];
        }
        /* Struct members: each iteration updates its own element. */
#pragma acc parallel loop
        for (int i = 0; i < N; i++) {
            cells[i].n++;
#pragma acc loop vector
            for (int j = 0; j < M; j++)
                cells[i].v[j] *= 2;
        }
        /* A recurrence in a kernels construct: accc proves the dependence
           and runs the loop sequentially (not partitioned). */
#pragma acc kernels
        for (int i = 1; i < N; i++)
            a[i] = a[i - 1] + 1;
        /* Gang-redundant code: every gang writes the same value. */
#pragma acc parallel num_gangs(4)
        {
            b[0] = 42;
#pragma acc loop gang
            for (int i = 1; i < N; i++)
                b[i] = i;
        }
    }
    printf("a[10]=%g a[N-1]=%g b[0]=%g b[5]=%g g[3][15]=%g u[2][3]=%g\n", a[10], a[N - 1], b[0], b[5], g[3][M - 1], u[2][3]);
    printf("hist[3]=%d sum=%g cells[7].n=%d cells[7].v[5]=%g\n", hist[3], sum, cells[7].n, cells[7].v[5]);
    return 0;
}
