// run
/* no_create: a present array is used from the device; an absent one is
   neither allocated nor touched (the branch that would use it is not
   taken). */
#include <stdio.h>
#define N 600
int x[N], y[N], z[N];
int main(void) {
    int use_z = 0;
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 0; z[i] = 5; }
#pragma acc data copy(x) copyout(y)
    {
#pragma acc parallel loop no_create(x, z) present(y)
        for (int i = 0; i < N; i++) {
            x[i] += 1;
            y[i] = use_z ? z[i] : x[i] * 2;
        }
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += x[i] + y[i]; bad += x[i] != i + 1 || y[i] != 2 * (i + 1) || z[i] != 5; }
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
