// run
/* Several kernels inside one data region, repeated over time steps:
   nested gang/vector loops, a kernels construct and a reduction, with
   the data staying on the device between them. */
#include <stdio.h>
#define R 64
#define C 200
#define STEPS 12
int u[R][C], w[R][C];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) u[i][j] = (i * j) % 10;
    long long total = 0;
#pragma acc data copy(u) create(w)
    for (int t = 0; t < STEPS; t++) {
#pragma acc parallel loop gang present(u, w)
        for (int i = 0; i < R; i++)
#pragma acc loop vector
            for (int j = 0; j < C; j++)
                w[i][j] = (u[i][j] + u[(i + 1) % R][j] + u[i][(j + 1) % C] + t) % 1000;
#pragma acc kernels present(u, w)
        {
#pragma acc loop independent collapse(2)
            for (int i = 0; i < R; i++)
                for (int j = 0; j < C; j++) u[i][j] = w[i][j];
        }
#pragma acc parallel loop collapse(2) present(u) reduction(+:total)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++) total += u[i][j];
    }
    long long s = 0;
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) s += u[i][j] * (long long)(i + j + 1);
    printf("total %lld weighted %lld u[3][4] %d\n", total, s, u[3][4]);
    return 0;
}
