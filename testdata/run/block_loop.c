// run
/* Host loops (the hostloops pass: a time loop around gang loops) that
 * the GPU may run as one launch of a single block (the blockloops pass):
 * the block runs the time loop and, in each iteration, each kernel's
 * gang loop over its threads, with a barrier where a launch ended. The
 * host picks that form where every gang loop gives each of the 1024
 * threads at most 16 iterations (a gang loop without vector, whose
 * iterations take turns in the block, at most 16), and the launches
 * otherwise: each function runs at a size below and one above. A loop
 * whose bounds change with the time loop's index keeps the launches.
 * Every sweep reads what the one before wrote in other threads'
 * iterations, so the results are the serial program's only if the
 * block's barriers order the kernels as launches do. */
#include <stdio.h>

#define M 40000

static long long a[M], b[M];

static long long sum(const long long *x, int n) {
    long long s = 0;
    for (int i = 0; i < n; i++)
        s = (s * 31 + x[i]) % 1000000007;
    return s;
}

static void init(long long *x, int n) {
    for (int i = 0; i < n; i++)
        x[i] = i % 13 == 0 ? 1000 : i % 5;
}

/* jacobi-1d: n - 2 iterations a sweep, over the block's 1024 threads. */
static void stencil(int n, int tsteps, long long *A, long long *B) {
    int t, i, j;
#pragma acc parallel copy(A[0:n]) create(B[0:n])
    {
        for (t = 0; t < tsteps; t++) {
#pragma acc loop
            for (i = 1; i < n - 1; i++)
                B[i] = (A[i - 1] + 2 * A[i] + A[i + 1] + t) % 1000003;
#pragma acc loop
            for (j = 1; j < n - 1; j++)
                A[j] = B[j];
        }
    }
}

/* reg_detect: gang loops over m rows, their vector loops over the
 * columns; row i reads row i + 1, which another gang wrote. */
static int g[64][64], h[64][64];

static void rows(int m, int steps) {
    int t, i, j;
#pragma acc parallel copy(g) create(h)
    {
        for (t = 0; t < steps; t++) {
#pragma acc loop gang
            for (i = 0; i < m; i++)
#pragma acc loop vector
                for (j = 0; j < m; j++)
                    h[i][j] = (g[i][j] + 3 * g[(i + 1) % m][(j + 1) % m] + t) % 10007;
#pragma acc loop gang
            for (i = 0; i < m; i++) {
                g[i][0] = h[i][m - 1];
#pragma acc loop vector
                for (j = 1; j < m; j++)
                    g[i][j] = h[i][j - 1];
            }
        }
    }
}

/* Loops whose trip counts grow with t: the launches each time. */
static void growing(int n, int steps, long long *A, long long *B) {
    int t, i, j;
#pragma acc parallel copy(A[0:n]) create(B[0:n])
    {
        for (t = 0; t < steps; t++) {
#pragma acc loop
            for (i = 1; i <= t; i++)
                B[i] = (A[i - 1] + A[i] + A[i + 1]) % 1000003;
#pragma acc loop
            for (j = 1; j <= t; j++)
                A[j] = B[j];
        }
    }
}

/* A kernels construct's time loop counting down, its control declared
 * in the for statement and read by the kernels; then one whose control
 * the host reads after the construct. */
static int decay(int n, long long *A) {
    int s;
#pragma acc kernels copy(A[0:n])
    {
        for (int r = 9; r >= 0; r--)
            for (int i = 0; i < n; i++)
                A[i] = (A[i] * 3 + r + (i > 0 ? 1 : 0)) % 1000003;
        for (s = 20; s > 0; s -= 3)
            for (int i = 0; i < n; i++)
                A[i] = (A[i] + s) % 1000003;
    }
    return s;
}

/* A kernels construct's time loop with a statement before its loop: a
 * serial kernel, which thread 0 of the block runs; the loop reads what
 * it wrote. */
static long long serial_mix(int n, long long *A) {
    long long c = 1;
#pragma acc kernels copy(A[0:n]) copy(c)
    for (int t = 0; t < 12; t++) {
        c = (c * 5 + t) % 97;
        for (int i = 0; i < n; i++)
            A[i] = (A[i] * 7 + c + (i > 0 ? 1 : 0)) % 1000003;
    }
    return c;
}

int main(void) {
    int sizes[2] = {500, M};
    for (int k = 0; k < 2; k++) {
        int n = sizes[k];
        init(a, n);
        stencil(n, 30, a, b);
        printf("stencil n=%d: %lld\n", n, sum(a, n));
    }
    int ms[2] = {6, 40};
    for (int k = 0; k < 2; k++) {
        int m = ms[k];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                g[i][j] = (i * 7 + j * 3) % 11;
        rows(m, 25);
        long long s = 0;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++)
                s = (s * 31 + g[i][j]) % 1000000007;
        printf("rows m=%d: %lld\n", m, s);
    }
    init(a, 100);
    growing(100, 40, a, b);
    printf("growing: %lld\n", sum(a, 100));
    for (int k = 0; k < 2; k++) {
        int n = sizes[k];
        init(a, n);
        int s = decay(n, a);
        printf("decay n=%d: %lld, s=%d\n", n, sum(a, n), s);
    }
    for (int k = 0; k < 2; k++) {
        int n = sizes[k];
        init(a, n);
        long long c = serial_mix(n, a);
        printf("serial_mix n=%d: %lld, c=%lld\n", n, sum(a, n), c);
    }
    return 0;
}
