// run
/* Trip counts around multiples of 128 and 32, steps, descending loops. */
#include <stdio.h>
#define MAXN 1100
int a[MAXN];
static long long run(int n) {
    for (int i = 0; i < MAXN; i++) a[i] = -1;
#pragma acc parallel loop copy(a[0:MAXN])
    for (int i = 0; i < n; i++) a[i] = i;
    long long s = 0;
    for (int i = 0; i < MAXN; i++) s += a[i] == (i < n ? i : -1);
    return s;
}
int main(void) {
    int ns[] = {1, 31, 33, 127, 128, 129, 255, 257, 1000, 1025};
    for (int k = 0; k < 10; k++) printf("n %d ok %lld\n", ns[k], run(ns[k]));
    for (int i = 0; i < MAXN; i++) a[i] = 0;
    int n = 1000;
#pragma acc parallel loop copy(a)
    for (int i = 2; i < n; i += 3) a[i] += 1;
#pragma acc parallel loop copy(a)
    for (int i = n - 1; i >= 10; i--) a[i] += 10;
#pragma acc parallel loop copy(a)
    for (int i = 999; i > 500; i -= 7) a[i] += 100;
#pragma acc parallel loop copy(a)
    for (long long i = 1; i <= n; i += 11) a[i] += 1000;
    long long s = 0;
    for (int i = 0; i < MAXN; i++) s += (long long)a[i] * (i + 1);
    printf("stepped %lld\n", s);
    return 0;
}
