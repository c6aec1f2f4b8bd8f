// run
/* Loop versioning in gang-redundant code (a parallel construct's code
   outside every gang loop, OpenACC 3.4 §2.5.1): a loop without a
   directive whose only obstacle is that two pointers may reach the same
   data runs over the gang's vector lanes when the run-time test finds
   their device ranges disjoint, and sequentially (a copy of the kernel in
   which that loop alone is sequential) otherwise. Pointers without a data
   clause of their own are tested by the present blocks holding them;
   pointers with a section, by their sections (in kernels constructs too).
   The overlapping calls compute what only the sequential order computes;
   every call must print what the serial program prints. */
#include <stdio.h>

#define N 48

static long A1[N][N], Q1[N][N], R1[N][N], buf[4 * N + 8];

/* gramschmidt's shape: a sum, then loops over columns that only aliasing
   between A, Q and R keeps sequential. */
static void columns(int n, long A[N][N], long Q[N][N], long R[N][N]) {
#pragma acc data present(A, Q, R)
#pragma acc parallel
    {
        for (int k = 0; k < n; k++) {
            long t = 0;
            for (int i = 0; i < n; i++)
                t += A[i][k];
            R[k][k] = t % 97;
            for (int i = 0; i < n; i++)
                Q[i][k] = (A[i][k] + R[k][k]) % 1009;
            for (int j = k + 1; j < n; j++) {
                R[k][j] = 0;
                for (int i = 0; i < n; i++)
                    R[k][j] += Q[i][k] * A[i][j] % 13;
                for (int i = 0; i < n; i++)
                    A[i][j] = (A[i][j] + Q[i][k] * R[k][j]) % 1009;
            }
        }
    }
}

/* A kernels construct's loops are versioned on present blocks alike. */
static void kcopy(int n, long A[N][N], long Q[N][N]) {
#pragma acc data present(A, Q)
#pragma acc kernels
    for (int i = 1; i < n; i++)
        for (int j = 0; j < n; j++)
            Q[i][j] = A[i - 1][j] % 1009 + 1;
}

/* Sections: the test compares the device ranges of x[0:n] and y[0:n]. */
static void shift(int n, const long *x, long *y) {
#pragma acc parallel present(x[0:n], y[0:n])
    {
        for (int i = 0; i < n; i++)
            y[i] = 2 * x[i] + y[i] % 7;
    }
}

/* The fallback keeps the gang loop partitioned; the value of run reaches
   all its threads. */
static void mixed(int n, const long *x, long *y, long *z) {
#pragma acc parallel num_gangs(1) present(x[0:n], y[0:n], z[0:n])
    {
        for (int i = 0; i < n; i++)
            y[i] = x[i] + 1;
        long run = 0;
        for (int i = 1; i < n; i++) { /* a recurrence: one thread runs it */
            y[i] = y[i] + y[i - 1] % 5;
            run = run + y[i] % 11;
        }
#pragma acc loop gang vector
        for (int i = 0; i < n; i++)
            z[i] = z[i] * 3 + y[i] + run;
    }
}

static long sum(int n, const long *v) {
    long s = 0;
    for (int i = 0; i < n; i++)
        s += v[i] * (i % 7 + 1);
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A1[i][j] = (i * 7 + j * 3) % 101;
            Q1[i][j] = R1[i][j] = 0;
        }
    for (int i = 0; i < 4 * N + 8; i++)
        buf[i] = i % 13;
#pragma acc data copy(A1, Q1, R1)
    {
        columns(N, A1, Q1, R1); /* three blocks: in parallel */
        columns(N, A1, A1, R1); /* Q is A: sequentially */
        kcopy(N, A1, Q1);       /* two blocks: in parallel */
        kcopy(N, Q1, Q1);       /* one block: a recurrence, serially */
    }
    printf("%ld %ld %ld\n", sum(N * N, &A1[0][0]), sum(N * N, &Q1[0][0]), sum(N * N, &R1[0][0]));
#pragma acc data copy(buf)
    {
        shift(N, buf, buf + N + 8);         /* disjoint */
        shift(N, buf, buf + 1);             /* y[i] = x[i+1]: a recurrence */
        shift(N, buf + 3, buf);             /* reads ahead of the writes */
        mixed(N, buf, buf + 2 * N, buf + 3 * N + 4);
        mixed(N, buf + 2 * N, buf + 2 * N + 1, buf + 3 * N + 4); /* a recurrence */
    }
    printf("%ld %ld\n", sum(4 * N + 8, buf), buf[4 * N + 7]);
    return 0;
}
