// run
/* Pointers without data clauses: the construct maps the elements their
   subscripts reach over the loops' bounds (copyin for data it only
   reads, copyout for data it overwrites entirely, else copy), and the
   host sees the results. */
#include <stdio.h>
#include <stdlib.h>

static void smooth(int n, const float *restrict a, float *restrict b, float *restrict c, float *restrict d) {
#pragma acc kernels
    {
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        for (int i = 0; i < n; i++)
            c[i] += b[i] * 2;
        for (int i = 2; i <= n; i++)
            d[i - 2] = i;
    }
}

static void tri(int off, double *restrict m) {
#pragma acc parallel loop
    for (int i = 0; i < 64; i++)
        for (int j = 0; j <= i; j++)
            m[i * 64 + j + off] = i - j;
}

int main(void) {
    int n = 1000, off = 7;
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c), *d = malloc(n * sizeof *d);
    double *m = malloc((64 * 64 + off) * sizeof *m);
    for (int i = 0; i < n; i++) { a[i] = i % 10; b[i] = -1; c[i] = 1; d[i] = -5; }
    for (int i = 0; i < 64 * 64 + off; i++) m[i] = -1;
    smooth(n, a, b, c, d);
    tri(off, m);
    double s = 0, sm = 0;
    for (int i = 0; i < n; i++) s += b[i] + c[i] + d[i];
    for (int i = 0; i < 64 * 64 + off; i++) sm += m[i] * (i % 5);
    printf("%.6g %g %g %g %.6g\n", s, b[0], b[n - 1], d[n - 1], sm);
    free(a); free(b); free(c); free(d); free(m);
    return 0;
}
