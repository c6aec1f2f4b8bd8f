// run
/* Two-dimensional sections of fixed-size arrays (whole rows, so each
   section is contiguous): copyin of rows 1..R-2, copyout of a row band,
   copy of a row band; rows outside the sections stay as the host has them. */
#include <stdio.h>
#define R 20
#define C 33
int src[R][C], dst[R][C], acc[R][C];
int main(void) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) { src[i][j] = i * 100 + j; dst[i][j] = -1; acc[i][j] = j; }
#pragma acc parallel loop collapse(2) copyin(src[1:R-2][0:C]) copyout(dst[1:R-2][0:C])
    for (int i = 1; i < R - 1; i++)
        for (int j = 0; j < C; j++) dst[i][j] = src[i][j] * 2;
#pragma acc parallel loop copy(acc[5:10][0:C])
    for (int i = 5; i < 15; i++)
#pragma acc loop
        for (int j = 0; j < C; j++) acc[i][j] += i;
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int wd = (i >= 1 && i < R - 1) ? 2 * (i * 100 + j) : -1;
            int wa = j + ((i >= 5 && i < 15) ? i : 0);
            s += dst[i][j] + acc[i][j];
            bad += dst[i][j] != wd || acc[i][j] != wa;
        }
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
