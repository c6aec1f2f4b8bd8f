// run
/* collapse(2) and collapse(3) with odd extents, non-zero lower bounds and
   <= bounds; a local 3-D array. */
#include <stdio.h>
#define R 37
#define C 129
int m[R][C];
int main(void) {
    int v[5][7][131];
#pragma acc parallel loop collapse(2) copyout(m)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = i * C + j;
#pragma acc parallel loop collapse(2) copy(m)
    for (int i = 1; i <= R - 2; i++)
        for (int j = 3; j < C; j++) m[i][j] = -m[i][j];
#pragma acc parallel loop collapse(3) copyout(v)
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 131; k++) v[i][j][k] = (i + 1) * (j + 2) + k;
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int w = (i >= 1 && i <= R - 2 && j >= 3) ? -(i * C + j) : i * C + j;
            s += m[i][j]; bad += m[i][j] != w;
        }
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 131; k++) { s += v[i][j][k]; bad += v[i][j][k] != (i + 1) * (j + 2) + k; }
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
