// run
/* Zero-trip loops: nothing runs, reductions keep their initial values,
   collapse with an empty inner extent. */
#include <stdio.h>
int a[100];
int main(void) {
    int n = 0, lo = 10, hi = 5, m = 0;
    int sum = 42, mx = -7;
    double prod = 2.5;
    for (int i = 0; i < 100; i++) a[i] = i;
#pragma acc parallel loop copy(a)
    for (int i = 0; i < n; i++) a[i] = -1;
#pragma acc parallel loop copy(a)
    for (int i = lo; i < hi; i++) a[i] = -2;
#pragma acc parallel loop reduction(+:sum) reduction(max:mx) reduction(*:prod)
    for (int i = 0; i < n; i++) { sum += a[i]; mx = mx > a[i] ? mx : a[i]; prod *= 3; }
#pragma acc parallel loop collapse(2) copy(a)
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < m; j++) a[i * 10 + j] = -3;
#pragma acc kernels loop
    for (int i = hi; i < lo - 5; i++) a[i] = -4;
#pragma acc serial loop copy(a)
    for (int i = 0; i > n; i++) a[i] = -5;
    long long s = 0;
    for (int i = 0; i < 100; i++) s += a[i];
    printf("a sum %lld sum %d max %d prod %g\n", s, sum, mx, prod);
    return 0;
}
