// run
/* serial runs one gang of one thread: a recurrence in a plain loop is
   correct, as is a serial loop combined construct. */
#include <stdio.h>
#define N 500
long long p[N];
int main(void) {
    int a[N];
    for (int i = 0; i < N; i++) a[i] = (i * 7) % 11;
#pragma acc serial copyin(a) copyout(p)
    {
        p[0] = a[0];
        for (int i = 1; i < N; i++) p[i] = p[i - 1] * 3 % 1000003 + a[i];
    }
    long long q = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { q = (i ? q * 3 % 1000003 : 0) + a[i]; bad += p[i] != q; }
    printf("p[N-1] %lld bad %d\n", p[N - 1], bad);
#pragma acc serial loop copy(a)
    for (int i = 0; i < N; i++) a[i] = a[i] * 2 + 1;
    long long s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("sum %lld\n", s);
    return 0;
}
