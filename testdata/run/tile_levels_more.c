// run
/* The tile clause (OpenACC 3.4 2.9.8) where other mechanisms meet it: a
   tiled vector loop in a vector routine (the tile loop in each worker,
   the elements on the caller's lanes), tiled gang(dim:2) and gang(dim:1)
   loops under num_gangs(3, 2) (OpenACC 3.3 2.9.2: the tiles of each over
   the gangs of its dimension), and independent tiled loops inside the
   sequential time-step loop of a kernels construct (one gang: the tiles
   in order, a tile's elements over the vector lanes). */
#include <stdio.h>
#define N 50
#define M 37
#pragma acc routine vector
void row(double *r, int m) {
#pragma acc loop vector tile(8)
    for (int j = 0; j < m; j++) r[j] = r[j] * 2 + j;
}
double a[N][M], g[N][M], u[N][M], w[N][M];
int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            a[i][j] = i;
            u[i][j] = (i * 3 + j) % 7;
        }
#pragma acc parallel loop gang copy(a)
    for (int i = 0; i < N; i++) row(a[i], M);
#pragma acc parallel num_gangs(3, 2) copyout(g)
    {
#pragma acc loop gang(dim:2) tile(4)
        for (int i = 0; i < N; i++) {
#pragma acc loop gang(dim:1) tile(5)
            for (int j = 0; j < M; j++) g[i][j] = i + j;
        }
    }
#pragma acc kernels copy(u) create(w)
    for (int t = 0; t < 5; t++) {
#pragma acc loop independent tile(8, 2)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++) w[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) / 4;
#pragma acc loop independent tile(*, *)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++) u[i][j] = w[i][j];
    }
    double s = 0, q = 0, v = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            s += a[i][j];
            q += g[i][j] * (i % 3);
            v += u[i][j] * ((i + j) % 5);
        }
    printf("%.1f %.1f %.6f\n", s, q, v);
    return 0;
}
