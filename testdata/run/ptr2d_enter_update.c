// run
/* A pointer-to-pointer grid allocated row by row (deep copy, as PGI
   does): enter data copyin(grid[0:R][0:C]) copies the row-pointer vector
   and every row and points the device row pointers at the device rows;
   kernels index grid[i][j]; update self/device of the whole grid and of a
   band of rows, grid[2:3][0:C]; exit data copyout brings it all back. */
#include <stdio.h>
#include <stdlib.h>
#define R 40
#define C 60

int main(void) {
    float **grid = malloc(R * sizeof *grid);
    for (int i = 0; i < R; i++) {
        grid[i] = malloc(C * sizeof **grid);
        for (int j = 0; j < C; j++) grid[i][j] = i * C + j;
    }
#pragma acc enter data copyin(grid[0:R][0:C])
#pragma acc parallel loop collapse(2) present(grid[0:R][0:C])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) grid[i][j] += 1;
#pragma acc update self(grid[0:R][0:C])
    double s1 = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) s1 += grid[i][j];
    for (int i = 2; i < 5; i++)
        for (int j = 0; j < C; j++) grid[i][j] *= 2;
#pragma acc update device(grid[2:3][0:C])
#pragma acc parallel loop present(grid[0:R][0:C])
    for (int i = 0; i < R; i++)
#pragma acc loop
        for (int j = 0; j < C; j++) grid[i][j] += 10;
#pragma acc exit data copyout(grid[0:R][0:C])
    double s2 = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            float v = i * C + j + 1;
            float want = (i >= 2 && i < 5 ? 2 * v : v) + 10;
            s2 += grid[i][j];
            bad += grid[i][j] != want;
        }
    printf("%.1f %.1f bad %d\n", s1, s2, bad);
    for (int i = 0; i < R; i++) free(grid[i]);
    free(grid);
    return 0;
}
