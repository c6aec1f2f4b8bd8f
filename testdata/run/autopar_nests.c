// run
/* Loop nests whose levels the compiler schedules: kernels nests with a
   dependence carried at one level and the other levels independent,
   auto loops in a parallel construct, loops without a directive inside a
   parallel loop, a linearised grid through restrict pointers, steps other
   than one, downward loops and a GCD-separated pair. Integer results. */
#include <stdio.h>
#define N 40
#define M 300

static int C[N][N][N], D[N][N][N];
static int A[M][M], B[M][M];
static int e[2 * M], f[2 * M];

static void kernels_nests(void) {
#pragma acc kernels
    {
        /* the outermost level carries a dependence */
        for (int i = 1; i < N; i++)
            for (int j = 0; j < N; j++)
                for (int k = 0; k < N; k++)
                    C[i][j][k] = (C[i - 1][j][k] + D[i][j][k]) % 4099;
        /* the middle level carries a dependence */
        for (int i = 0; i < N; i++)
            for (int j = 1; j < N; j++)
                for (int k = 0; k < N; k++)
                    D[i][j][k] = (D[i][j - 1][k] * 3 + C[i][j][k]) % 4093;
        /* the innermost level reads ahead (anti-dependence) */
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                for (int k = 0; k < N - 1; k++)
                    C[i][j][k] = (C[i][j][k + 1] + 5 * D[i][j][k]) % 4091;
        /* every level independent */
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                for (int k = 0; k < N; k++)
                    D[i][j][k] = (C[i][j][k] + i - j + k) % 4079;
    }
}

static void parallel_nests(void) {
#pragma acc parallel copy(A, B)
    {
        /* auto on both levels: the outer carries the dependence */
#pragma acc loop auto
        for (int i = 1; i < M; i++)
#pragma acc loop auto
            for (int j = 0; j < M; j++)
                A[i][j] = (A[i - 1][j] + B[i][j]) % 8191;
    }
#pragma acc parallel loop copy(A, B)
    /* the inner loops have no directive: the first carries a dependence,
       the second is independent */
    for (int i = 0; i < M; i++) {
        for (int j = 1; j < M; j++)
            B[i][j] = (B[i][j - 1] + A[i][j]) % 8179;
        for (int j = 0; j < M; j++)
            A[i][j] = (A[i][j] * 2 + B[i][j]) % 8171;
    }
}

static void linear(int n, int *restrict g, const int *restrict h) {
#pragma acc kernels copy(g[0:n*n]) copyin(h[0:n*n])
    {
        /* the row before: the outer loop carries it */
        for (int i = 1; i < n; i++)
            for (int j = 0; j < n; j++)
                g[i * n + j] = (g[(i - 1) * n + j] + h[i * n + j]) % 5003;
        /* the left neighbour: the inner loop carries it */
        for (int i = 0; i < n; i++)
            for (int j = 1; j < n; j++)
                g[i * n + j] = (g[i * n + j - 1] * 2 + h[j * n + i]) % 5009;
    }
}

static void steps(int n) {
#pragma acc kernels copy(e[0:2*n], f[0:2*n])
    {
        /* GCD: even elements written, odd ones read */
        for (int i = 0; i < n; i++)
            e[2 * i] = e[2 * i + 1] + i;
        /* step 3 */
        for (int i = 0; i < 2 * n; i += 3)
            f[i] = e[i] * 2;
        /* downward recurrence */
        for (int i = 2 * n - 2; i >= 0; i--)
            f[i] = (f[i + 1] + f[i]) % 6007;
        /* downward, independent, step 2 */
        for (int i = 2 * n - 1; i >= 0; i -= 2)
            e[i] = f[i] - e[i];
    }
}

static long sum3(int g[N][N][N]) {
    long s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                s += (long)g[i][j][k] * ((i + 2 * j + 3 * k) % 7 + 1);
    return s;
}

static long sum2(int g[M][M]) {
    long s = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            s += (long)g[i][j] * ((i + 3 * j) % 5 + 1);
    return s;
}

int main(void) {
    static int g[M * M], h[M * M];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++) {
                C[i][j][k] = (i * 5 + j * 3 + k) % 37;
                D[i][j][k] = (i + j * 7 + k * 11) % 41;
            }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) {
            A[i][j] = (i * 13 + j) % 97;
            B[i][j] = (i + j * 19) % 89;
            g[i * M + j] = (i * j) % 31;
            h[i * M + j] = (i + j) % 43;
        }
    for (int i = 0; i < 2 * M; i++) {
        e[i] = (i * 11) % 53;
        f[i] = (i * 3) % 47;
    }
    kernels_nests();
    parallel_nests();
    linear(M, g, h);
    steps(M);
    printf("kernels: %ld %ld C[5][6][7]=%d D[%d][%d][%d]=%d\n", sum3(C), sum3(D), C[5][6][7], N - 1, N - 1, N - 1, D[N - 1][N - 1][N - 1]);
    printf("parallel: %ld %ld A[%d][%d]=%d\n", sum2(A), sum2(B), M - 1, M - 1, A[M - 1][M - 1]);
    long s = 0;
    for (int i = 0; i < M * M; i++)
        s += (long)g[i] * (i % 11 + 1);
    printf("linear: %ld g[%d]=%d\n", s, M * M - 1, g[M * M - 1]);
    s = 0;
    for (int i = 0; i < 2 * M; i++)
        s += (long)(e[i] + 3 * f[i]) * (i + 1);
    printf("steps: %ld e[0]=%d f[0]=%d\n", s, e[0], f[0]);
    return 0;
}
