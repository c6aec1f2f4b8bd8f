// run
/* Linearised subscripts with symbolic strides and no data clause:
   m[i*n + j] over i, j in [0, n) maps m[:n*n]; a shifted row (i-1)*n + j,
   a triangle, three levels i*n*p + j*p + k, and a band of width w < n. */
#include <stdio.h>
#include <stdlib.h>

static void square(int n, const double *restrict a, double *restrict m) {
#pragma acc parallel loop collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            m[i * n + j] = a[j * n + i] + 1;
}

static void shifted(int n, double *restrict m) {
#pragma acc parallel loop
    for (int i = 1; i <= n; i++)
        for (int j = 0; j < n; j++)
            m[(i - 1) * n + j] *= 2;
}

static void triangle(int n, double *restrict t) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            t[i * n + j] += i + j;
}

static void cube(int n, int p, float *restrict c) {
#pragma acc parallel loop collapse(3)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < p; k++)
                c[i * n * p + j * p + k] = i - j + k;
}

static void band(int n, int w, double *restrict b) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j < w; j++)
            b[i * w + j] = i * j;
}

int main(void) {
    int n = 50, p = 3, w = 4;
    double *a = malloc(n * n * sizeof *a), *m = malloc(n * n * sizeof *m), *t = malloc(n * n * sizeof *t);
    float *c = malloc(n * n * p * sizeof *c);
    double *b = malloc(n * w * sizeof *b);
    for (int i = 0; i < n * n; i++) { a[i] = i % 13; m[i] = -1; t[i] = 1; }
    square(n, a, m);
    shifted(n, m);
    triangle(n, t);
    cube(n, p, c);
    band(n, w, b);
    double sm = 0, st = 0, sc = 0, sb = 0;
    for (int i = 0; i < n * n; i++) { sm += m[i] * (i % 7); st += t[i] * (i % 5); }
    for (int i = 0; i < n * n * p; i++) sc += c[i] * (i % 3);
    for (int i = 0; i < n * w; i++) sb += b[i];
    printf("%.1f %.1f %.1f %.1f %.1f %.1f\n", sm, st, sc, sb, m[n * n - 1], t[n * n - 1]);
    free(a); free(m); free(t); free(c); free(b);
    return 0;
}
