// run
/* Row bands of two-dimensional data that are present inside a larger
   mapping (OpenACC 3.4 §2.7.6, §2.6.7): the whole fixed array m and the
   whole pointer-to-pointer grid g are mapped by a data region; kernels
   name only rows 2..4 with present(m[2:3][0:C]) and present(g[2:3][0:C])
   and must reach those rows at their place in the device copies; an
   update self of the same band brings them back inside the region. */
#include <stdio.h>
#include <stdlib.h>
#define R 12
#define C 30
int m[R][C];

int main(void) {
    int **g = malloc(R * sizeof *g);
    for (int i = 0; i < R; i++) {
        g[i] = malloc(C * sizeof **g);
        for (int j = 0; j < C; j++) m[i][j] = g[i][j] = 100 * i + j;
    }
    long long band = 0;
#pragma acc data copy(m, g[0:R][0:C])
    {
#pragma acc parallel loop collapse(2) present(m[2:3][0:C])
        for (int i = 2; i < 5; i++)
            for (int j = 0; j < C; j++) m[i][j] = -m[i][j];
#pragma acc parallel loop present(g[2:3][0:C])
        for (int i = 2; i < 5; i++)
#pragma acc loop
            for (int j = 0; j < C; j++) g[i][j] = 2 * g[i][j];
#pragma acc update self(m[2:3][0:C], g[2:3][0:C])
        for (int i = 2; i < 5; i++)
            for (int j = 0; j < C; j++) band += m[i][j] + g[i][j];
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int v = 100 * i + j, in = i >= 2 && i < 5;
            s += m[i][j] + g[i][j];
            bad += m[i][j] != (in ? -v : v) || g[i][j] != (in ? 2 * v : v);
        }
    printf("band %lld sum %lld bad %d\n", band, s, bad);
    for (int i = 0; i < R; i++) free(g[i]);
    free(g);
    return 0;
}
