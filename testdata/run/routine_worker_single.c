// run
/* A vector routine called where the workers are redundant runs on one
   worker (worker-single mode, OpenACC 3.4 §2.5.1): the result it gives a
   local variable must reach every worker, which then partition a worker
   loop using it. Here in a worker routine (wsum) and in the gang loop of a
   compute construct with four workers. */
#include <stdio.h>
#define N 64
#define M 100

#pragma acc routine vector
static double rowsum(const double *a, int m) {
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < m; j++)
        s += a[j];
    return s;
}

#pragma acc routine worker
static double wsum(const double *a, int m) {
    const double d = rowsum(a, m); /* declared before the worker-single block, without const */
    double e;
    e = rowsum(a, m);
    return d + e;
}

int main(void) {
    static double a[N][M], r[N][M], q[N][M];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            a[i][j] = (i + j) % 5;
#pragma acc parallel loop gang num_workers(4) copyin(a) copyout(r, q)
    for (int i = 0; i < N; i++) {
        double t = wsum(a[i], M);
        double u = rowsum(a[i], M);
#pragma acc loop worker vector
        for (int j = 0; j < M; j++) {
            r[i][j] = t;
            q[i][j] = u;
        }
    }
    double s = 0, w = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            s += r[i][j];
            w += q[i][j];
        }
    printf("%.1f %.1f\n", s, w);
    return 0;
}
