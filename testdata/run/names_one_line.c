// run
/* Generated names come from the function and the line; constructs and
   kernels that share a line still get names of their own: the nests of
   a kernels construct written on one line, two constructs on one line
   (_Pragma), kernels with serial fallbacks, declare directives at file
   scope on one line, firstprivate arrays of one name in two kernels. */
#include <stdio.h>
#define N 100
float a[N], b[N];
float g1[N], g2[N];
_Pragma("acc declare create(g1)") _Pragma("acc declare create(g2)")

/* Two loops that may alias, each a versioned kernel with its fallback. */
static void shift(float *x, float *y, int n) {
#pragma acc kernels copy(x[0:n], y[0:n])
    { for (int i = 0; i < n; i++) y[i] = x[i] + 1; for (int i = 0; i < n; i++) x[i] = y[i] * 2; }
}

int main(void) {
    int n = N; float m = 0, s = 0;
#pragma acc kernels copy(a, b) copy(m)
    { for (int i = 0; i < n; i++) a[i] = i; for (int i = 0; i < n; i++) b[i] = 2 * a[i]; m = a[50] + b[50]; }
    printf("kernels %g\n", m);
    _Pragma("acc parallel loop copy(a)") for (int i = 0; i < n; i++) a[i] += 1; _Pragma("acc parallel loop copy(b)") for (int i = 0; i < n; i++) b[i] -= 1;
    printf("parallel %g %g\n", a[10], b[10]);
    shift(a, b, n);
    printf("shift %g %g\n", a[3], b[3]);
#pragma acc parallel loop present(g1, g2)
    for (int i = 0; i < n; i++) { g1[i] = i; g2[i] = -i; }
#pragma acc parallel loop present(g1, g2) reduction(+:s)
    for (int i = 0; i < n; i++) s += g1[i] + 2 * g2[i];
    printf("declare %g\n", s);
    {
        int w[4] = {1, 2, 3, 4};
#pragma acc parallel loop firstprivate(w) copyout(a[0:4])
        for (int i = 0; i < 4; i++) a[i] = w[i];
    }
    {
        double w[2] = {5, 6};
#pragma acc parallel loop firstprivate(w) copyout(b[0:4])
        for (int i = 0; i < 4; i++) b[i] = w[i % 2];
    }
    printf("firstprivate %g %g\n", a[3], b[3]);
    return 0;
}
