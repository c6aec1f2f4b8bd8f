#include <stdio.h>
#define N 100
double other(int n);
#pragma acc routine seq
static double step(double x) { return x + 1; }
static double fill(double *a, int n) {
    double s = 0;
#pragma acc parallel loop copyout(a[0:n]) reduction(+:s)
    for (int i = 0; i < n; i++) { a[i] = step(i); s += a[i]; }
    return s;
}
int main(void) {
    double a[N];
    printf("main %g other %g\n", fill(a, N), other(N));
    return 0;
}
