// run
/* A && or || reduction whose variable the loop does not use still
   combines the variable with the private copies, which keep the
   operator's identity: the result is 0 or 1 (OpenACC 3.4 §2.9.11), where
   plain C leaves the variable as it was. */
#include <stdio.h>
#define N 100
int main(void) {
    int a[N], land = 5, lor = -3, g = 7;
    double d = 2.5;
#pragma acc parallel loop reduction(&&:land) reduction(||:lor, d) copyout(a)
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel copyout(a)
    {
#pragma acc loop reduction(&&:g)
        for (int i = 0; i < N; i++) a[i] = 2 * i;
    }
    printf("land %d lor %d d %g g %d a %d\n", land, lor, d, g, a[N - 1]);
    return 0;
}
