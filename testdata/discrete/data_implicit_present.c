// run
/* Implicit data attributes are present-or (OpenACC 3.4 §2.6.2): a
   compute construct with no data clause finds an array that an enclosing
   data region mapped and moves nothing; outside any region it copies the
   array in and out itself. a[i] = i, separate device memory.
   1. data copyin(a): a kernel with no clauses adds 1 (D = i + 1): the
      host stays stale inside (H = 499500) and after the region, which
      never copies back (H = 499500).
   2. Outside any region, a kernel with no clauses doubles a: implicit
      copy of the host values: H = 999000.
   3. data copyout(a) (D uninitialised): kernels set a = 3 then add i
      (D = 3 + i), the host is stale inside (H = 999000), the region copies
      out at its end: H = 502500. */
#include <stdio.h>
#define N 1000
double a[N];

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc data copyin(a)
    {
#pragma acc parallel loop
        for (int i = 0; i < N; i++) a[i] += 1;
        printf("1: %.1f\n", hsum());
    }
    printf("1: %.1f\n", hsum());
#pragma acc parallel loop
    for (int i = 0; i < N; i++) a[i] *= 2;
    printf("2: %.1f\n", hsum());
#pragma acc data copyout(a)
    {
#pragma acc kernels
        for (int i = 0; i < N; i++) a[i] = 3;
#pragma acc parallel loop
        for (int i = 0; i < N; i++) a[i] += i;
        printf("3: %.1f\n", hsum());
    }
    printf("3: %.1f\n", hsum());
    return 0;
}
