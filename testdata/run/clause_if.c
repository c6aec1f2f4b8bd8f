// run
/* if(cond): the region runs on the device when cond is true and on the
   host otherwise; both give the same results, and data clauses are
   honoured either way. */
#include <stdio.h>
#define N 1000
int a[N];
static long long step(int n, int k) {
#pragma acc parallel loop if(n > 500) copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = a[i] * 2 + k;
    long long s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}
int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    printf("%lld\n", step(1000, 1));
    printf("%lld\n", step(10, 2));
    int flag = 0;
    long long s = 0;
#pragma acc kernels if(flag) copy(a)
    {
#pragma acc loop independent
        for (int i = 0; i < N; i++) a[i] -= i;
    }
#pragma acc serial if(!flag) copyin(a) copy(s)
    for (int i = 0; i < N; i++) s += a[i];
    printf("flag %d %lld\n", flag, s);
#pragma acc parallel loop if(1) reduction(+:s)
    for (int i = 0; i < N; i++) s += 1;
    printf("%lld\n", s);
    return 0;
}
