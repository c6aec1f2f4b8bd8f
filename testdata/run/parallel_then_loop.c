// run
/* A loop directive on its own line between a compute construct and its
   for statement belongs to the construct: the usual spelling of
   "#pragma acc parallel" over "#pragma acc loop". */
#include <stdio.h>
#define N 1000
int main(void) {
    double a[N];
    long s = 0;
#pragma acc parallel copyout(a)
#pragma acc loop gang vector
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma acc kernels copy(a)
#pragma acc loop independent
    for (int i = 0; i < N; i++)
        a[i] += 1;
#pragma acc serial copyin(a) copy(s)
#pragma acc loop seq
    for (int i = 0; i < N; i++)
        s += (long)a[i];
    printf("a[%d] %g sum %ld\n", N - 1, a[N - 1], s);
    return 0;
}
