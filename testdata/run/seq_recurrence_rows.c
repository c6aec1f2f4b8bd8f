// run
/* A gang loop over rows, each row a sequential recurrence through memory
   (m[i][j] from m[i][j - 1]), 15 iterations a row. Reduced from a
   generated program (internal/progen, seed 1096): nvcc 13.0 unrolled the
   row loop by two and left its last two iterations out; accc keeps such
   loops from being unrolled (codegen/kernel/recurrence.go). */
#include <stdio.h>

#define N 16
#define M 16

static long m[N][M];
static double v[N];
static int perm[N];
static int f[N * M];

int main(void)
{
    for (int i = 0; i < N; i++) {
        v[i] = (i * 43 + 39) % 1021 - 510;
        perm[i] = (i * 3) % N;
        for (int j = 0; j < M; j++)
            m[i][j] = (i * 47 + j * 16 + 65) % 1021 - 510;
    }
    long t;
#pragma acc parallel loop private(t) copy(m, f) copyin(v, perm)
    for (int i = 0; i < N; i++) {
#pragma acc loop seq
        for (int j = 1; j < M; j++) {
            t = ((long)j * j + (long)v[(i + j) % N]) % 1021L;
            m[i][j] = (m[i][j - 1] + (long)v[j] - (long)v[(i + j) % N] + (long)v[perm[i]]) % 1021L;
            f[i * M + j] = (int)((i - t) % 1021);
        }
    }
    /* A prefix sum in each row, the same shape with a 1-D view. */
    static double p[N * M];
    for (int k = 0; k < N * M; k++)
        p[k] = k % 7;
#pragma acc parallel loop copy(p)
    for (int i = 0; i < N; i++)
        for (int j = 1; j < M; j++)
            p[i * M + j] += p[i * M + j - 1];
    long s = 0;
    double d = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            s += m[i][j] * (j + 1) + f[i * M + j];
            d += p[i * M + j] * (i + 1);
        }
    printf("%ld %.1f %ld %ld\n", s, d, m[3][M - 1], m[N - 1][M - 2]);
    return 0;
}
