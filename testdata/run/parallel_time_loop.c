// run
/* A parallel construct whose body is a time loop around gang loops, as
 * PolyBench-ACC writes its stencils: each gang runs the time loop
 * (§2.5.1) and every sweep reads what other gangs wrote in the sweep
 * before. accc runs the time loop on the host, launching each sweep as
 * a kernel, so that the gangs go in step and the result is the serial
 * one. */
#include <stdio.h>

#define N 1000
#define T 50

static double a[N], b[N];

static void sweep(int n, int tsteps, double *A, double *B) {
    int t, i, j;
#pragma acc parallel num_gangs(8) vector_length(32) copy(A[0:n]) create(B[0:n])
    {
        for (t = 0; t < tsteps; t++) {
#pragma acc loop
            for (i = 1; i < n - 1; i++)
                B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc loop
            for (j = 1; j < n - 1; j++)
                A[j] = B[j];
        }
    }
}

/* The k loop of Floyd-Warshall: row k, which one gang updates, is read
 * by all the others in the next iteration. */
static int dist[64][64];

static void floyd(int n) {
    int k, i, j;
#pragma acc parallel num_gangs(4) copy(dist)
    for (k = 0; k < n; k++) {
#pragma acc loop gang
        for (i = 0; i < n; i++)
#pragma acc loop vector
            for (j = 0; j < n; j++)
                if (dist[i][k] + dist[k][j] < dist[i][j])
                    dist[i][j] = dist[i][k] + dist[k][j];
    }
}

int main(void) {
    for (int i = 0; i < N; i++)
        a[i] = i % 17 == 0 ? 100.0 : 0.0;
    sweep(N, T, a, b);
    double s = 0, w = 0;
    for (int i = 0; i < N; i++) {
        s += a[i];
        w += a[i] * (i % 7);
    }
    printf("stencil: %.6f %.6f\n", s, w);

    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            dist[i][j] = i == j ? 0 : (j == (i + 1) % 64 ? 1 : 1000);
    floyd(64);
    long total = 0;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            total += dist[i][j];
    printf("floyd: %ld (want %ld)\n", total, 64L * (63 * 64 / 2));
    return 0;
}
