// run
/* declare in a function (OpenACC 3.4 §2.13): present(p[0:n]) checks that
   the caller mapped p and makes it usable by the constructs in the body;
   create(t) gives a local array a device copy for the duration of the
   call; deviceptr(d) declares that a pointer parameter holds a device
   address (obtained by the caller with host_data use_device). */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

static double norm2(const double *p, int n) {
    double t[N];
#pragma acc declare present(p[0:n])
#pragma acc declare create(t)
#pragma acc parallel loop
    for (int i = 0; i < n; i++) t[i] = p[i] * p[i];
    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++) s += t[i] + t[n - 1 - i];
    return s;
}

static void shift(double *d, int n, double by) {
#pragma acc declare deviceptr(d)
#pragma acc parallel loop
    for (int i = 0; i < n; i++) d[i] += by;
}

int main(void) {
    double *p = malloc(N * sizeof *p);
    for (int i = 0; i < N; i++) p[i] = i % 10;
    double r1, r2;
#pragma acc data copy(p[0:N])
    {
        r1 = norm2(p, N);
#pragma acc host_data use_device(p)
        shift(p, N, 1.0);
        r2 = norm2(p, N);
    }
    double s = 0;
    for (int i = 0; i < N; i++) s += p[i];
    printf("%.1f %.1f %.1f\n", r1, r2, s);
    free(p);
    return 0;
}
