// run
/* A Jacobi (Laplace) iteration to convergence on a 96x96 plate: a data
   region around the while loop and a max reduction of the change. Each
   point's update is a fixed expression, so results are exact in any
   execution order. */
#include <stdio.h>
#include <math.h>
#define N 96
double t[N + 2][N + 2], tp[N + 2][N + 2];
int main(void) {
    for (int i = 0; i <= N + 1; i++)
        for (int j = 0; j <= N + 1; j++) tp[i][j] = 0;
    for (int i = 0; i <= N + 1; i++) tp[i][N + 1] = 100.0 * i / (N + 1);
    for (int j = 0; j <= N + 1; j++) tp[N + 1][j] = 100.0 * j / (N + 1);
    double dt = 100;
    int iter = 0;
#pragma acc data copy(tp) create(t)
    while (dt > 0.05 && iter < 5000) {
#pragma acc parallel loop collapse(2)
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++)
                t[i][j] = 0.25 * (tp[i + 1][j] + tp[i - 1][j] + tp[i][j + 1] + tp[i][j - 1]);
        dt = 0;
#pragma acc parallel loop collapse(2) reduction(max:dt)
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= N; j++) {
                dt = fmax(fabs(t[i][j] - tp[i][j]), dt);
                tp[i][j] = t[i][j];
            }
        iter++;
    }
    double sum = 0;
    for (int i = 0; i <= N + 1; i++)
        for (int j = 0; j <= N + 1; j++) sum += tp[i][j];
    printf("iterations %d dt %.6f checksum %.6f center %.6f\n", iter, dt, sum, tp[N / 2][N / 2]);
    return 0;
}
