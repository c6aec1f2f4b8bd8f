// run
/* async(n) and wait(n, ...) clauses: two independent kernels on queues 1
   and 2, a third that waits on both, and a synchronous construct that
   waits for queue 3 before the data region copies c back. Only device
   data is touched asynchronously. */
#include <stdio.h>
#define N 2000
float a[N], b[N], c[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; c[i] = 0; }
#pragma acc data copyin(a, b) copyout(c)
    {
#pragma acc parallel loop async(1)
        for (int i = 0; i < N; i++) a[i] = a[i] + 1;
#pragma acc parallel loop async(2)
        for (int i = 0; i < N; i++) b[i] = b[i] * 0.5f;
#pragma acc parallel loop async(3) wait(1, 2)
        for (int i = 0; i < N; i++) c[i] = a[i] + b[i];
#pragma acc parallel loop async(3)
        for (int i = 0; i < N; i++) c[i] = c[i] * 2;
#pragma acc parallel loop wait(3)
        for (int i = 0; i < N; i++) c[i] = c[i] - 1;
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += c[i]; bad += c[i] != 4 * i + 1; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
