// run
/* kernels with marked loops: each loop nest is its own kernel, run in
   order, so the second loop sees all of the first loop's results. */
#include <stdio.h>
#define N 1234
double a[N], b[N], c[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = i % 17;
#pragma acc kernels copyin(a) create(b) copyout(c)
    {
#pragma acc loop independent
        for (int i = 0; i < N; i++) b[i] = 2 * a[i] + 1;
#pragma acc loop gang vector(64)
        for (int i = 0; i < N; i++) c[i] = b[N - 1 - i] + b[i];
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        s += c[i];
        bad += c[i] != 2 * a[N - 1 - i] + 1 + 2 * a[i] + 1;
    }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
