// run
/* update of a band of rows of a pointer-to-pointer grid (OpenACC 3.4
   §2.14.4, deep copy as PGI does), with separate device memory. grid[i][j]
   = 100i + j, rows allocated one by one; enter data copyin(grid[0:R][0:C]);
   a kernel sets D = -(100i + j) - 1.
   1. update self(grid[2:3][0:C]): only rows 2..4 change on the host:
      3 * 30 = 90 negative elements.
   2. The host sets row 7 to 5 and update device(grid[7:1][0:C]) sends only
      that row; a kernel adds 1 everywhere (D: row 7 is 6, the rest
      -(100i + j)). The host still has 90 negatives, row 7 sums to 150.
   3. update self(grid[0:R][0:C]): row 7 sums to 180, every other element
      is -(100i + j) <= 0: 600 - 30 - 1 = 569 negative (grid[0][0] = 0). */
#include <stdio.h>
#include <stdlib.h>
#define R 20
#define C 30

static void report(const char *tag, int **g) {
    long long s = 0, row7 = 0;
    int neg = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            s += g[i][j];
            neg += g[i][j] < 0;
            if (i == 7) row7 += g[i][j];
        }
    printf("%s sum %lld neg %d row7 %lld\n", tag, s, neg, row7);
}

int main(void) {
    int **grid = malloc(R * sizeof *grid);
    for (int i = 0; i < R; i++) {
        grid[i] = malloc(C * sizeof **grid);
        for (int j = 0; j < C; j++) grid[i][j] = 100 * i + j;
    }
#pragma acc enter data copyin(grid[0:R][0:C])
#pragma acc parallel loop collapse(2) present(grid[0:R][0:C])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) grid[i][j] = -grid[i][j] - 1;
#pragma acc update self(grid[2:3][0:C])
    report("1:", grid);
    for (int j = 0; j < C; j++) grid[7][j] = 5;
#pragma acc update device(grid[7:1][0:C])
#pragma acc parallel loop collapse(2) present(grid[0:R][0:C])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) grid[i][j] += 1;
    report("2:", grid);
#pragma acc update self(grid[0:R][0:C])
    report("3:", grid);
#pragma acc exit data delete(grid[0:R][0:C])
    for (int i = 0; i < R; i++) free(grid[i]);
    free(grid);
    return 0;
}
