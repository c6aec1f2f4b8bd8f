// run
/* Gangs in two and three dimensions (OpenACC 3.3 §2.5.10, §2.9.2):
   num_gangs with several values, gang(dim:n) loops nested in gang loops
   of higher dimensions (blockIdx.y and .z on the GPU, the outermost loop
   over threads on multicore), with the grid from the clause or from the
   loops' trip counts; vector loops inside the innermost gang loop, code
   between the gang loops, and a construct reduction across all gangs. */
#include <stdio.h>
#include <stdlib.h>

static void two_dims(int n, int m) {
    double a[n][m];
    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 100 + j;
#pragma acc parallel num_gangs(8, 4) copy(a) reduction(+:sum)
#pragma acc loop gang(dim:2)
    for (int i = 0; i < n; i++) {
        int row = i * 1000; /* each gang of dimension 1 computes it */
#pragma acc loop gang(dim:1)
        for (int j = 0; j < m; j++) {
            a[i][j] += row;
            sum += (long)a[i][j];
        }
    }
    printf("two dims: %g %g %g %ld\n", a[0][0], a[n - 1][m - 1], a[n / 2][m / 3], sum);
}

static void three_dims(void) {
    enum { X = 5, Y = 6, Z = 70 };
    static int c[X][Y][Z];
    long total = 0;
    /* No num_gangs: the loops' trip counts size the grid. */
#pragma acc parallel loop gang(dim:3) copyout(c) reduction(+:total)
    for (int i = 0; i < X; i++) {
#pragma acc loop gang(dim:2)
        for (int j = 0; j < Y; j++) {
#pragma acc loop gang vector
            for (int k = 0; k < Z; k++) {
                c[i][j][k] = i * 10000 + j * 100 + k;
                total += c[i][j][k] % 7;
            }
        }
    }
    printf("three dims: %d %d %d %ld\n", c[0][0][0], c[X - 1][Y - 1][Z - 1], c[2][3][4], total);
}

static void inner_vector(int n, float *out) {
    /* A gang(dim:2) loop over rows, a gang loop over column blocks, and a
       vector loop inside; three values of num_gangs, the third gang
       dimension running redundantly (no loop partitions it). */
#pragma acc parallel num_gangs(4, 3, 1) vector_length(32) copyout(out[0:n * 64])
    {
#pragma acc loop gang(dim:2)
        for (int r = 0; r < n; r++) {
#pragma acc loop gang
            for (int b = 0; b < 4; b++) {
#pragma acc loop vector
                for (int v = 0; v < 16; v++)
                    out[r * 64 + b * 16 + v] = r + b * 0.5f + v * 0.25f;
            }
        }
    }
    double s = 0;
    for (int i = 0; i < n * 64; i++)
        s += out[i];
    printf("inner vector: %g %g %g\n", out[0], out[n * 64 - 1], s);
}

int main(void) {
    float *out = malloc(9 * 64 * sizeof *out);
    two_dims(37, 53);
    three_dims();
    inner_vector(9, out);
    free(out);
    return 0;
}
