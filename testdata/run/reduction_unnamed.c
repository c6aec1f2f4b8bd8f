// run
/* Reductions whose loop (or construct) never names the variable: the
   result of the reduction updates the original variable (OpenACC 3.4
   2.5.15, 2.9.11), which keeps its value, as with the directives
   ignored. */
#include <stdio.h>
#define N 64
int main(void) {
    int n = N;
    float a[N], c[4] = {1, 2, 3, 4};
    double s = 1.5, p = 2.0, t = 3.0;
    int m = 7, x = 6, w = 5;
    for (int i = 0; i < N; i++) a[i] = i;
    /* combined construct: scalar, and an array section */
#pragma acc parallel loop copy(a) reduction(+:s) reduction(+:c[0:2])
    for (int i = 0; i < n; i++) a[i] += 1;
    /* a separate loop directive: gang, then vector inside a gang loop */
#pragma acc parallel copy(a)
    {
#pragma acc loop gang reduction(*:p)
        for (int i = 0; i < n; i++) a[i] *= 2;
    }
#pragma acc parallel loop gang copy(a)
    for (int i = 0; i < 8; i++) {
#pragma acc loop vector reduction(max:m)
        for (int j = 0; j < 8; j++) a[i * 8 + j] -= 1;
    }
    /* the construct's own clause */
#pragma acc parallel copy(a) reduction(^:x)
    {
#pragma acc loop
        for (int i = 0; i < n; i++) a[i] += 0.5f;
    }
    /* kernels */
#pragma acc kernels copy(a)
    {
#pragma acc loop independent reduction(min:w) reduction(+:t)
        for (int i = 0; i < n; i++) a[i] -= 0.5f;
    }
    double sum = 0;
    for (int i = 0; i < N; i++) sum += a[i];
    printf("s=%g p=%g t=%g m=%d x=%d w=%d c=%g %g %g %g sum=%g\n", s, p, t, m, x, w, c[0], c[1], c[2], c[3], sum);
    return 0;
}
