// run
/* Two pointer-to-pointer arrays (double **, rows allocated one by one)
   in a data region: copyin(src[0:R][0:C]) and copyout(dst[0:R][0:C]) deep
   copy the row-pointer vectors and the rows; a kernels construct and a
   parallel loop index them as src[i][j]. The host then swaps two row
   pointers (dst[0] <-> dst[R-1]); the second region maps the rows through
   the current row pointers, so its kernel changes the row now at dst[0]. */
#include <stdio.h>
#include <stdlib.h>
#define R 30
#define C 50

static double **alloc(void) {
    double **m = malloc(R * sizeof *m);
    for (int i = 0; i < R; i++) m[i] = malloc(C * sizeof **m);
    return m;
}

int main(void) {
    double **src = alloc(), **dst = alloc();
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) { src[i][j] = i + 0.5 * j; dst[i][j] = -1; }
#pragma acc data copyin(src[0:R][0:C]) copyout(dst[0:R][0:C])
    {
#pragma acc kernels
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) dst[i][j] = 2 * src[i][j];
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) dst[i][j] += src[R - 1 - i][j];
    }
    double *t = dst[0];
    dst[0] = dst[R - 1];
    dst[R - 1] = t;
#pragma acc data copy(dst[0:R][0:C])
    {
#pragma acc parallel loop
        for (int j = 0; j < C; j++) dst[0][j] = -dst[0][j];
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int orig = i == 0 ? R - 1 : i == R - 1 ? 0 : i;
            double want = 2 * (orig + 0.5 * j) + (R - 1 - orig + 0.5 * j);
            if (i == 0) want = -want;
            s += dst[i][j];
            bad += dst[i][j] != want;
        }
    printf("sum %.1f bad %d\n", s, bad);
    for (int i = 0; i < R; i++) { free(src[i]); free(dst[i]); }
    free(src);
    free(dst);
    return 0;
}
