// run
/* create: device scratch arrays that never travel to or from the host,
   on a data region and on a compute construct. */
#include <stdio.h>
#define N 1111
double a[N], b[N], tmp[N], scratch[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i % 20; tmp[i] = -7; scratch[i] = -9; }
#pragma acc data copyin(a) create(tmp) copyout(b)
    {
#pragma acc parallel loop present(a, tmp)
        for (int i = 0; i < N; i++) tmp[i] = a[i] * 2;
#pragma acc parallel loop present(tmp, b)
        for (int i = 0; i < N; i++) b[i] = tmp[N - 1 - i] + 1;
    }
#pragma acc parallel loop create(scratch) copy(b)
    for (int i = 0; i < N; i++) {
        scratch[i] = b[i] * b[i];
        b[i] = scratch[i] - b[i];
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        double v = ((N - 1 - i) % 20) * 2 + 1;
        s += b[i]; bad += b[i] != v * v - v;
    }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
