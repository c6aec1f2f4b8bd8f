// run
/* self(cond) on compute constructs: when true the region runs on the
   local (host) device; self with no argument means self(1). */
#include <stdio.h>
#define N 700
double a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    int on_host = 1;
#pragma acc parallel loop self(on_host) copy(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    on_host = 0;
#pragma acc parallel loop self(on_host) copy(a)
    for (int i = 0; i < N; i++) a[i] *= 2;
#pragma acc kernels self copy(a)
    {
#pragma acc loop independent
        for (int i = 0; i < N; i++) a[i] -= 0.5;
    }
    double s = 0;
#pragma acc serial self(on_host == 0) copyin(a) copy(s)
    for (int i = 0; i < N; i++) s += a[i];
    int bad = 0;
    for (int i = 0; i < N; i++) bad += a[i] != (i + 1) * 2 - 0.5;
    printf("sum %.1f bad %d on_host %d\n", s, bad, on_host);
    return 0;
}
