// run
/* Copy of ../shared/bench/gol_acc.c at its original size, without the
   timing (its time_ms line is not deterministic).
   Game of Life of seed 000 (1024x1024 interior, 1024 generations, srand(1985)),
   modern OpenACC, contiguous grid. Expected: Total Alive: 45224 */
#include <stdio.h>
#include <stdlib.h>
#define SRAND_VALUE 1985
int main(void) {
    const int dim = 1024, maxIter = 1 << 10, P = dim + 2;
    int *restrict grid = malloc(sizeof(int) * P * P);
    int *restrict newGrid = malloc(sizeof(int) * P * P);
    srand(SRAND_VALUE);
    for (int i = 1; i <= dim; i++)
        for (int j = 1; j <= dim; j++) grid[i * P + j] = rand() % 2;
#pragma acc data copy(grid[0:P*P]) create(newGrid[0:P*P])
    for (int iter = 0; iter < maxIter; iter++) {
#pragma acc parallel loop
        for (int i = 1; i <= dim; i++) {
            grid[i * P + 0] = grid[i * P + dim];
            grid[i * P + dim + 1] = grid[i * P + 1];
        }
#pragma acc parallel loop
        for (int j = 0; j <= dim + 1; j++) {
            grid[0 * P + j] = grid[dim * P + j];
            grid[(dim + 1) * P + j] = grid[1 * P + j];
        }
#pragma acc parallel loop collapse(2)
        for (int i = 1; i <= dim; i++)
            for (int j = 1; j <= dim; j++) {
                int n = grid[(i + 1) * P + j] + grid[(i - 1) * P + j] + grid[i * P + j + 1] + grid[i * P + j - 1]
                      + grid[(i + 1) * P + j + 1] + grid[(i - 1) * P + j - 1] + grid[(i - 1) * P + j + 1] + grid[(i + 1) * P + j - 1];
                int c = grid[i * P + j];
                newGrid[i * P + j] = (c == 1 && (n == 2 || n == 3)) || (c == 0 && n == 3);
            }
#pragma acc parallel loop collapse(2)
        for (int i = 1; i <= dim; i++)
            for (int j = 1; j <= dim; j++) grid[i * P + j] = newGrid[i * P + j];
    }
    int total = 0;
    for (int i = 1; i <= dim; i++)
        for (int j = 1; j <= dim; j++) total += grid[i * P + j];
    printf("Total Alive: %d\n", total);
    free(grid); free(newGrid);
    return 0;
}
