// run
/* Implicit routines take the level of their loops and callees (OpenACC 3.4
   §2.15.1): rowdot is a vector routine, scale a worker routine, both (which
   calls them) a worker routine, plain seq; the gang loop calls both and
   plain. both declares its result from a vector routine's call (worker-single
   code on the GPU). */
#include <stdio.h>
#define N 256
#define M 100

static double rowdot(const double *a, const double *b, int m) {
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < m; j++)
        s += a[j] * b[j];
    return s;
}

static void scale(double *a, int m, double f) {
#pragma acc loop worker
    for (int j = 0; j < m; j++)
        a[j] *= f;
}

static double both(double *a, const double *b, int m) {
    scale(a, m, 2.0);
    double d = rowdot(a, b, m);
    return d;
}

static double plain(double x) { return x * 0.5; }

int main(void) {
    static double a[N][M], b[N][M], r[N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            a[i][j] = i + j;
            b[i][j] = (i * j) % 7;
        }
#pragma acc parallel loop gang copy(a) copyin(b) copyout(r)
    for (int i = 0; i < N; i++)
    {
        double t = both(a[i], b[i], M);
        r[i] = plain(t);
    }
    double s = 0;
    for (int i = 0; i < N; i++)
        s += r[i];
    printf("%.1f\n", s);
    return 0;
}
