// run
/* Scalars a kernels construct writes in loops that their loop clauses
   partition (gang, worker, vector, independent, and their combinations):
   the construct shares them with the host (implicit copy, OpenACC 3.4
   2.6.2), so each loop reduces them, gives each iteration its own copy,
   updates them atomically, or runs sequentially; never is an update
   lost. The host sees what the C program computes. */
#include <stdio.h>
#define N 1000
#define M 64
double x[N], a[M][M], b[N], c[N], r[M];
int main(void) {
    for (int i = 0; i < N; i++) x[i] = i % 7;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) a[i][j] = (i + 3 * j) % 5;
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0, s8 = 0, p = 1, mx = -1;
    double t = 0, u = 0, carry = 0, y = 0, w = 0;
    long cnt = 0, hits = 0;
    int i, j;
    /* Sums under each combination of level clauses. */
#pragma acc kernels loop gang worker
    for (i = 0; i < N; i++) s1 = s1 + x[i] * x[i];
#pragma acc kernels loop vector
    for (i = 0; i < N; i++) s2 += x[i];
#pragma acc kernels loop worker
    for (i = 0; i < N; i++) s3 += 3 * x[i];
#pragma acc kernels loop independent
    for (i = 0; i < N; i++) s4 -= x[i];
#pragma acc kernels
    {
#pragma acc loop gang
        for (i = 0; i < N; i++) s5 += 2 * x[i];
    }
#pragma acc kernels loop gang vector collapse(2)
    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++) s6 += a[i][j];
#pragma acc kernels loop gang vector tile(8, 8)
    for (i = 0; i < M; i++)
        for (j = 0; j < M; j++) s7 += a[i][j] * i;
    /* A gang loop around a vector loop that both update the sum. */
#pragma acc kernels loop gang
    for (i = 0; i < M; i++) {
#pragma acc loop vector
        for (j = 0; j < M; j++) s8 += a[i][j] * j;
    }
    /* A product, a maximum and a count under a condition. */
#pragma acc kernels loop gang worker vector
    for (i = 0; i < N; i++) {
        p *= 1 + (x[i] == 6) * 0.0625;
        if (x[i] * i > mx) mx = x[i] * i;
        if (x[i] > 3) cnt++;
    }
    /* A row sum each gang iteration starts from zero: its own copy, which
       the vector loop reduces; and a local of the iteration. */
#pragma acc kernels loop gang
    for (i = 0; i < M; i++) {
        t = 0;
        double v = 0;
#pragma acc loop vector
        for (j = 0; j < M; j++) { t += a[i][j]; v += a[j][i]; w += a[i][j]; }
        r[i] = t * 1000 + v;
    }
    /* A temporary written before it is read, and read after the loop:
       the loop runs sequentially and leaves the last value. */
#pragma acc kernels loop gang vector
    for (i = 0; i < N; i++) {
        u = x[i] * 2;
        b[i] = u + 1;
    }
    /* A value carried from one iteration to the next: sequential. */
#pragma acc kernels loop gang worker
    for (i = 0; i < N; i++) {
        carry = carry * 0.5 + x[i];
        c[i] = carry;
    }
    /* The sum is used elsewhere in the construct: sequential. */
#pragma acc kernels
    {
        y = 100;
#pragma acc loop gang vector
        for (i = 0; i < N; i++) y += x[i];
        c[0] = y;
    }
    /* Updated only by atomic constructs: shared, and the loop parallel. */
#pragma acc kernels loop independent
    for (i = 0; i < N; i++)
        if (x[i] == 1) {
#pragma acc atomic update
            hits++;
        }
    printf("%g %g %g %g %g %g %g %g\n", s1, s2, s3, s4, s5, s6, s7, s8);
    printf("%.10g %g %ld %ld\n", p, mx, cnt, hits);
    printf("%g %g %g\n", r[0], r[M - 1], w);
    printf("%g %g %g %.10g %g %g %d\n", u, b[1], b[N - 1], c[N - 1], y, c[0], i);
    return 0;
}
