// run
/* declare in a function with separate device memory (OpenACC 3.4 §2.13):
   the function body is an implicit data region: copyin(p[0:n]) copies
   in at entry and never back, copyout(q[0:n]) copies back at return
   without copying in, create(t) neither.
   p[i] = i, q[i] = -7, t holds scratch. In f: kernel p *= 2 (device
   only), t = p + 1, q = t * 3 (= 6i + 3).
   After the call: p unchanged (H = 499500), q = 6i + 3 (H = 3000000).
   Calling f again starts from the host p again: same results. */
#include <stdio.h>
#define N 1000
double p[N], q[N];

static void f(double *pp, double *qq, int n) {
    double t[N];
#pragma acc declare copyin(pp[0:n]) copyout(qq[0:n]) create(t)
#pragma acc parallel loop present(pp[0:n])
    for (int i = 0; i < n; i++) pp[i] *= 2;
#pragma acc parallel loop present(pp[0:n], t)
    for (int i = 0; i < n; i++) t[i] = pp[i] + 1;
#pragma acc parallel loop present(t, qq[0:n])
    for (int i = 0; i < n; i++) qq[i] = t[i] * 3;
}

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { p[i] = i; q[i] = -7; }
    f(p, q, N);
    printf("p %.1f q %.1f\n", hsum(p), hsum(q));
    f(p, q, N);
    printf("p %.1f q %.1f\n", hsum(p), hsum(q));
    return 0;
}
