// run
/* A band of columns of a pointer-to-pointer grid (deep copy): for a
   float **, grid[0:R][5:10] is contiguous within each row, so it can be
   mapped: the row-pointer vector plus elements 5..14 of every row, the
   device row pointers placed so that grid[i][j] reaches the device copy
   of element j. Columns outside the band are never touched on the device
   and keep their host values; a second band, rows 3..7 by columns
   20..29, is updated with update device/self inside a data region. */
#include <stdio.h>
#include <stdlib.h>
#define R 16
#define C 40

int main(void) {
    float **grid = malloc(R * sizeof *grid);
    for (int i = 0; i < R; i++) {
        grid[i] = malloc(C * sizeof **grid);
        for (int j = 0; j < C; j++) grid[i][j] = i * C + j;
    }
#pragma acc parallel loop collapse(2) copy(grid[0:R][5:10])
    for (int i = 0; i < R; i++)
        for (int j = 5; j < 15; j++) grid[i][j] = -grid[i][j];
#pragma acc data copyin(grid[3:5][20:10])
    {
        for (int i = 3; i < 8; i++)
            for (int j = 20; j < 30; j++) grid[i][j] += 1000;
#pragma acc update device(grid[3:5][20:10])
#pragma acc parallel loop present(grid[3:5][20:10])
        for (int i = 3; i < 8; i++)
#pragma acc loop
            for (int j = 20; j < 30; j++) grid[i][j] *= 2;
#pragma acc update self(grid[3:5][20:10])
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            float v = i * C + j, want = v;
            if (j >= 5 && j < 15) want = -v;
            if (i >= 3 && i < 8 && j >= 20 && j < 30) want = 2 * (v + 1000);
            s += grid[i][j];
            bad += grid[i][j] != want;
        }
    printf("sum %.1f bad %d\n", s, bad);
    for (int i = 0; i < R; i++) free(grid[i]);
    free(grid);
    return 0;
}
