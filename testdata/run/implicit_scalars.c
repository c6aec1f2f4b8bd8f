// run
/* Implicit data attributes (OpenACC 3.4 2.6.2): scalars read in a
   parallel or serial construct are firstprivate (their host value is
   seen), arrays are copy, and reduction variables are copied back. */
#include <stdio.h>
#define N 1000
int main(void) {
    int n = N, k = 3;
    long long base = 1LL << 40;
    double scale = 0.25;
    long long a[N];
    double sum = 0;
    int cnt = 0;
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop
    for (int i = 0; i < n; i++) a[i] = a[i] * k + base;
#pragma acc parallel loop reduction(+:sum, cnt)
    for (int i = 0; i < n; i++) { sum += (a[i] - base) * scale; cnt += a[i] % 2 == 0; }
#pragma acc serial
    {
        a[0] = n + k;
    }
    printf("sum %.6g cnt %d a[0] %lld a[N-1]-base %lld\n", sum, cnt, a[0], a[N - 1] - base);
    return 0;
}
