// run
/* default(none) with every variable in an explicit clause: arrays in data
   clauses, scalars firstprivate or reduction. */
#include <stdio.h>
#define N 800
float g[N];
int main(void) {
    int n = N, k = 4;
    float h[N];
    double s = 0;
    for (int i = 0; i < N; i++) h[i] = i % 16;
#pragma acc parallel loop default(none) copyin(h) copyout(g) firstprivate(n, k)
    for (int i = 0; i < n; i++) g[i] = h[i] * k;
#pragma acc parallel loop default(none) copyin(g[0:N]) firstprivate(n) reduction(+:s)
    for (int i = 0; i < n; i++) s += g[i];
#pragma acc kernels default(none) copy(h) copyin(k)
    {
#pragma acc loop independent
        for (int i = 0; i < N; i++) h[i] -= k;
    }
    double t = 0;
    for (int i = 0; i < N; i++) t += h[i];
    printf("sum %.6g h sum %.6g g[15] %.6g\n", s, t, g[15]);
    return 0;
}
