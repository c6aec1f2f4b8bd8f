/* A program of two files built by a Makefile with CC=accc: main.c calls
   on the device the routines ops.c defines, through ops.h, and reads the
   table ops.c declares on the device. */
#include <stdio.h>
#include <stdlib.h>
#include "ops.h"

#define N 200
#define M 300

int main(void)
{
    double *a = malloc(sizeof(double) * N * M), *out = malloc(sizeof(double) * N);
    for (int i = 0; i < N * M; i++)
        a[i] = (i % 11) * 0.25;
#pragma acc parallel loop gang copyin(a[0:N*M]) copyout(out[0:N])
    for (int i = 0; i < N; i++) {
        double s = rowsum(a + (long)i * M, M);
        double m = rowmax(a + (long)i * M, M);
        out[i] = s * coef[i % 4] + poly(i % 5) + m + clamp01(i * 0.01);
    }
    double t = 0;
    for (int i = 0; i < N; i++)
        t += out[i];
    printf("%.4f\n", t);
    free(a);
    free(out);
    return 0;
}
