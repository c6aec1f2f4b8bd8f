// run
/* Stencils in kernels constructs. A Jacobi sweep reads one grid and writes
   another: both loops are independent, and the time-step loop around them
   carries the dependence. A Gauss-Seidel sweep updates the grid in place:
   each point needs its upper and left neighbours from the same sweep, so
   both loops must stay sequential, as must a 1-D recurrence upwards and
   downwards; a wavefront reads only the row above and runs its rows in
   order with the columns in parallel. Integer arithmetic keeps every result
   exact. */
#include <stdio.h>
#define R 80
#define STEPS 6

static int u[R][R], v[R][R], gs[R][R], wave[R][R];
static int line[4 * R];

static void jacobi(void) {
#pragma acc kernels
    for (int t = 0; t < STEPS; t++) {
        for (int i = 1; i < R - 1; i++)
            for (int j = 1; j < R - 1; j++)
                v[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + t) % 1009;
        for (int i = 1; i < R - 1; i++)
            for (int j = 1; j < R - 1; j++)
                u[i][j] = v[i][j];
    }
}

static void gauss_seidel(void) {
#pragma acc kernels
    for (int t = 0; t < 2; t++)
        for (int i = 1; i < R; i++)
            for (int j = 1; j < R; j++)
                gs[i][j] = (gs[i - 1][j] + 2 * gs[i][j - 1] + gs[i][j] + 1) % 1013;
}

static void wavefront(void) {
#pragma acc kernels
    for (int i = 1; i < R; i++)
        for (int j = 1; j < R - 1; j++)
            wave[i][j] = (wave[i - 1][j - 1] + wave[i - 1][j] + wave[i - 1][j + 1]) % 997;
}

static void recurrences(int n) {
#pragma acc kernels copy(line[0:n])
    {
        /* upwards: each element needs the one before */
        for (int i = 1; i < n; i++)
            line[i] = (line[i - 1] * 3 + line[i]) % 1021;
        /* downwards: each element needs the one after, updated first */
        for (int i = n - 2; i >= 0; i--)
            line[i] = (line[i + 1] + 2 * line[i]) % 1031;
        /* distance 2 with a step of 1: two interleaved chains */
        for (int i = 2; i < n; i++)
            line[i] = (line[i - 2] + line[i]) % 1033;
        /* reads the element ahead before it changes */
        for (int i = 0; i < n - 1; i++)
            line[i] = (line[i + 1] + 7 * line[i]) % 1039;
    }
}

static long checksum(int g[R][R]) {
    long s = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < R; j++)
            s += (long)g[i][j] * ((i * R + j) % 17 + 1);
    return s;
}

int main(void) {
    for (int i = 0; i < R; i++)
        for (int j = 0; j < R; j++) {
            u[i][j] = (i * 31 + j * 17) % 101;
            v[i][j] = 0;
            gs[i][j] = (i + 2 * j) % 13;
            wave[i][j] = i == 0 ? (j * 7) % 11 : 0;
        }
    for (int i = 0; i < 4 * R; i++)
        line[i] = (i * 13) % 29;
    jacobi();
    gauss_seidel();
    wavefront();
    recurrences(4 * R);
    printf("jacobi: %ld u[1][1]=%d u[40][41]=%d\n", checksum(u), u[1][1], u[40][41]);
    printf("gauss-seidel: %ld gs[%d][%d]=%d\n", checksum(gs), R - 1, R - 1, gs[R - 1][R - 1]);
    printf("wavefront: %ld wave[%d][40]=%d\n", checksum(wave), R - 1, wave[R - 1][40]);
    long s = 0;
    for (int i = 0; i < 4 * R; i++)
        s += (long)line[i] * (i + 1);
    printf("recurrences: %ld line[0]=%d line[%d]=%d\n", s, line[0], 4 * R - 1, line[4 * R - 1]);
    return 0;
}
