// run
/* independent and auto: auto on a recurrence must not be parallelised
   without proof; auto and independent on independent loops. */
#include <stdio.h>
#define N 1000
long long a[N], b[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i % 10; b[i] = 0; }
#pragma acc parallel loop independent
    for (int i = 0; i < N; i++) b[i] = a[N - 1 - i] * 2;
#pragma acc parallel loop auto
    for (int i = 0; i < N; i++) b[i] += 1;
#pragma acc kernels loop auto
    for (int i = 1; i < N; i++) a[i] = a[i - 1] + a[i];
#pragma acc kernels
    {
#pragma acc loop auto
        for (int i = 2; i < N; i++) b[i] = b[i - 2] + b[i];
    }
    long long x = 0, bad = 0;
    long long y[N];
    for (int i = 0; i < N; i++) {
        x += i % 10;
        bad += a[i] != x;
        y[i] = ((N - 1 - i) % 10) * 2 + 1 + (i >= 2 ? y[i - 2] : 0);
        bad += b[i] != y[i];
    }
    printf("a[N-1] %lld b[N-1] %lld b[N-2] %lld bad %lld\n", a[N - 1], b[N - 1], b[N - 2], bad);
    return 0;
}
