// run
/* A reduction whose variable the loop, or the whole construct, does not
   use: each private copy keeps the operator's identity, so the variable
   keeps its value (OpenACC 3.4 §2.5.15, §2.9.11). The kernels combined
   into a variable they did not declare, which the host compiler and nvcc
   rejected (found by FuzzBackend). */
#include <stdio.h>
#define N 300
int a[N];
int main(void) {
    int x = 6, all = 1, any = 0, t = 0;
    long long p = 3;
    double mx = -2.5, s = 1.25;
    for (int i = 0; i < N; i++) a[i] = i % 7;
#pragma acc parallel loop reduction(^:x) reduction(*:p) reduction(max:mx)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc parallel loop reduction(&&:all) reduction(||:any) reduction(+:t)
    for (int i = 0; i < N; i++) a[i] *= 2;
#pragma acc parallel
    {
#pragma acc loop reduction(+:s)
        for (int i = 0; i < N; i++) a[i] -= 1;
    }
#pragma acc kernels loop reduction(+:s, t)
    for (int i = 0; i < N; i++) a[i] += i;
#pragma acc parallel loop reduction(+:t) reduction(max:mx)
    for (int i = 0; i < N; i++) t += a[i];
    printf("x %d p %lld mx %g s %g all %d any %d t %d\n", x, p, mx, s, all, any, t);
    return 0;
}
