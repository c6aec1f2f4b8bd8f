// run
/* Pointers from malloc, calloc and aligned_alloc used without a clause:
   the construct moves the elements of the allocation (the byte count
   over the element's size). */
#include <stdio.h>
#include <stdlib.h>

/* The subscripts (i * 7) % n say nothing of the extent: the allocation
   does. */
static void shuffle(int n) {
    double *a = malloc(n * sizeof *a);
    double *b = (double *)malloc(sizeof(double) * n);
    float *c = calloc(n, sizeof *c);
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = 1; }
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        b[i] += a[(i * 7) % n];
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        c[(i * 3) % n] = (float)b[i] + a[(i * 11) % n];
    double s = 0;
    for (int i = 0; i < n; i++) s += b[i] * (i % 5) + c[i] * (i % 3);
    printf("shuffle %.1f %.1f %.1f\n", s, b[n - 1], (double)c[n - 1]);
    free(a); free(b); free(c);
}

/* A count that is a product, and a constant one. */
static void blocks(int rows, int cols) {
    long *m = malloc(rows * cols * sizeof(long));
    long *d = aligned_alloc(64, 8 * 1024);
    for (int i = 0; i < rows * cols; i++) m[i] = i;
#pragma acc parallel loop
    for (int k = 0; k < rows * cols; k++)
        m[(k * 13) % (rows * cols)] += 1000;
#pragma acc parallel loop
    for (int i = 0; i < 1024; i++)
        d[(i * 5) % 1024] = (i * 5) % 1024 * 3;
    long s = 0;
    for (int i = 0; i < rows * cols; i++) s += m[i];
    for (int i = 0; i < 1024; i++) s += d[i];
    printf("blocks %ld %ld\n", s, m[rows * cols - 1]);
    free(m); free(d);
}

/* Rows of a pointer to arrays: n rows of 8. */
static void rows(int n) {
    double (*r)[8] = malloc(n * sizeof *r);
    for (int i = 0; i < n; i++) for (int j = 0; j < 8; j++) r[i][j] = i + j;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 8; j++)
            r[(i * 5) % n][j] *= 2;
    double s = 0;
    for (int i = 0; i < n; i++) for (int j = 0; j < 8; j++) s += r[i][j];
    printf("rows %.1f\n", s);
    free(r);
}

int main(void) {
    shuffle(1000);
    blocks(30, 40);
    rows(64);
    return 0;
}
