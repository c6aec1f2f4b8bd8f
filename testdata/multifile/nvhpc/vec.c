#include <stdlib.h>
#include "vec.h"

double *vec_new(int n, double v) {
    double *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++)
        x[i] = v;
    return x;
}

void vec_free(double *x) { free(x); }
