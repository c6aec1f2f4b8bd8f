/* Kernels on heap data with no data clauses: managed memory shares it
 * (NVHPC's first porting step); in separate memory accc copies it. */
#include <stdio.h>
#include "vec.h"

int main(void) {
    int n = 1 << 20;
    double *x = vec_new(n, 1.0), *y = vec_new(n, 2.0), s = 0;
    for (int r = 0; r < 10; r++) {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            y[i] += 0.5 * x[i];
        x[r] = r; /* the host writes between kernels */
    }
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++)
        s += y[i];
    printf("%.1f\n", s);
    vec_free(x);
    vec_free(y);
    return 0;
}
