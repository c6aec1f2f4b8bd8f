// run
/* kernels with unmarked loops: the recurrences must stay sequential (they
   are not provably independent), the marked loop may run in parallel. */
#include <stdio.h>
#define N 1000
int a[N], b[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i % 13; b[i] = 0; }
#pragma acc kernels
    {
        for (int i = 1; i < N; i++)
            a[i] = (a[i - 1] * 7 + a[i]) % 10007;
        b[0] = a[0];
        for (int i = 1; i < N; i++)
            b[i] = b[i - 1] + a[i];
#pragma acc loop independent
        for (int i = 0; i < N; i++)
            b[i] = b[i] % 1000;
    }
    int x = 0, y = 0, bad = 0;
    for (int i = 0; i < N; i++) {
        int ai = i % 13;
        x = i ? (x * 7 + ai) % 10007 : ai;
        y += x;
        bad += a[i] != x || b[i] != y % 1000;
    }
    printf("a[N-1] %d b[N-1] %d bad %d\n", a[N - 1], b[N - 1], bad);
    return 0;
}
