// run
/* tile(...) on 2-D nests whose extents are not multiples of the tile, a
   tile(*,*) and a one-level tile. */
#include <stdio.h>
#define R 100
#define C 37
double a[R][C], t[C][R];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) a[i][j] = i * 100 + j;
#pragma acc parallel loop tile(32, 4) copyin(a) copyout(t)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) t[j][i] = a[i][j];
#pragma acc parallel loop tile(*, *) copy(a)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) a[i][j] += 0.5;
    int v[1000];
#pragma acc parallel loop tile(8) copyout(v)
    for (int i = 0; i < 1000; i++) v[i] = 3 * i;
    double s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            s += t[j][i] + a[i][j];
            bad += t[j][i] != i * 100 + j || a[i][j] != i * 100 + j + 0.5;
        }
    for (int i = 0; i < 1000; i++) bad += v[i] != 3 * i;
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
