// run
/* default(present) inside a data region: the arrays are already present,
   so nothing is copied at the compute constructs; the region's exit
   copies the result back. */
#include <stdio.h>
#define N 1500
int a[N], b[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = i % 100;
#pragma acc data copy(a) copyout(b)
    {
#pragma acc parallel loop default(present)
        for (int i = 0; i < N; i++) b[i] = a[i] * 3;
#pragma acc parallel loop default(present)
        for (int i = 0; i < N; i++) a[i] = b[i] + 1;
#pragma acc parallel loop default(present)
        for (int i = 0; i < N; i++) b[i] = a[i] - b[i];
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += b[i]; bad += b[i] != 1; }
    printf("b sum %lld bad %d a[5] %d\n", s, bad, a[5]);
    return 0;
}
