#include <stdlib.h>
#define N 100 /* the same static names, on the same lines, as main.c */
double other(int n);
#pragma acc routine seq
static double step(double x) { return 2 * x; }
static double fill(double *a, int n) {
    double s = 0;
#pragma acc parallel loop copyout(a[0:n]) reduction(+:s)
    for (int i = 0; i < n; i++) { a[i] = step(i); s += a[i]; }
    return s;
}
double other(int n) {
    double *a = malloc(n * sizeof *a);
    double s = fill(a, n);
    free(a);
    return s;
}
