// run
/* A kernels construct around a time-step loop (the Game of Life of seed
   000, in the PGI region style): the step loop carries a dependence, so
   the host runs it and each iteration launches the loops of its body as
   kernels of their own; a scalar declared outside the construct and
   written before it is read in every iteration is private, here and in
   a second construct that reuses it. */
#include <stdio.h>
#include <stdlib.h>

#define DIM 64

int main(void) {
    int i, j, iter, n, steps = 40;
    int (*restrict grid)[DIM + 2] = malloc(sizeof(int) * (DIM + 2) * (DIM + 2));
    int (*restrict next)[DIM + 2] = malloc(sizeof(int) * (DIM + 2) * (DIM + 2));
    srand(7);
    for (i = 0; i < DIM + 2; i++)
        for (j = 0; j < DIM + 2; j++)
            grid[i][j] = (i > 0 && i <= DIM && j > 0 && j <= DIM) ? rand() % 2 : 0;
#pragma acc data copy(grid[0:DIM+2][0:DIM+2]) create(next[0:DIM+2][0:DIM+2])
    {
#pragma acc kernels
        for (iter = 0; iter < steps; iter++) {
            for (i = 1; i <= DIM; i++) {
                grid[i][0] = grid[i][DIM];
                grid[i][DIM + 1] = grid[i][1];
            }
            for (j = 0; j <= DIM + 1; j++) {
                grid[0][j] = grid[DIM][j];
                grid[DIM + 1][j] = grid[1][j];
            }
            for (i = 1; i <= DIM; i++)
                for (j = 1; j <= DIM; j++) {
                    n = grid[i - 1][j - 1] + grid[i - 1][j] + grid[i - 1][j + 1] + grid[i][j - 1] +
                        grid[i][j + 1] + grid[i + 1][j - 1] + grid[i + 1][j] + grid[i + 1][j + 1];
                    next[i][j] = n == 3 || (n == 2 && grid[i][j]);
                }
            for (i = 1; i <= DIM; i++)
                for (j = 1; j <= DIM; j++)
                    grid[i][j] = next[i][j];
        }
#pragma acc kernels
        for (i = 1; i <= DIM; i++)
            for (j = 1; j <= DIM; j++) {
                n = grid[i][j] * 2;
                next[i][j] = n + iter;
            }
#pragma acc update self(next[0:DIM+2][0:DIM+2])
    }
    int alive = 0, sum = 0;
    for (i = 1; i <= DIM; i++)
        for (j = 1; j <= DIM; j++) {
            alive += grid[i][j];
            sum += next[i][j];
        }
    printf("alive %d sum %d iter %d\n", alive, sum, iter);
    free(grid);
    free(next);
    return 0;
}
