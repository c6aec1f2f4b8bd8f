// run
/* attach: a struct on the device whose pointer member is attached to the
   device copy of its target, then used from a compute construct. */
#include <stdio.h>
#include <stdlib.h>
#define N 500
struct vec { int n; double *p; };
int main(void) {
    struct vec v;
    v.n = N;
    v.p = malloc(N * sizeof *v.p);
    for (int i = 0; i < N; i++) v.p[i] = i;
#pragma acc data copyin(v) copy(v.p[0:N])
    {
#pragma acc parallel loop present(v) attach(v.p)
        for (int i = 0; i < v.n; i++) v.p[i] = v.p[i] * 2 + 1;
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += v.p[i]; bad += v.p[i] != 2 * i + 1; }
    printf("sum %.1f bad %d\n", s, bad);
    free(v.p);
    return 0;
}
