// run
/* always, alwaysin and alwaysout modifiers (OpenACC 3.4 §2.7.4,
   §2.7.7–2.7.9), with separate device memory: they force the transfer
   even when the data is already present. a is kept present throughout by
   enter data (dref 1), so plain clauses on it move nothing. H is the host
   sum of a, B that of b.
   a[i] = i; enter data copyin(a) (D = i); host a = 10 + i.
   1. data copyin(a) copyout(b): present, no transfer; kernel b = a:
      B = sum i = 499500.
   2. data copyin(always: a) copyout(b): forced copy in (D = 10 + i);
      kernel b = a: B = 509500.
   3. host a = 20 + i; parallel loop copy(alwaysin: a): forced copy in
      (D = 20 + i), kernel a *= 2 (D = 40 + 2i), no copy out (still
      present): H = sum(20 + i) = 519500.
   4. parallel loop copy(alwaysout: a): no copy in, kernel a += 1
      (D = 41 + 2i), forced copy out: H = 1040000.
   5. data copyout(always: a): no copy in; kernel a += 1 (D = 42 + 2i);
      forced copy out: H = 1041000.
   6. host a = i; parallel loop copy(always: a): in (D = i), kernel
      a *= 3, out: H = 1498500.
   7. host a = 1; exit data delete(a): no copy: H = 1000. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc enter data copyin(a)
    for (int i = 0; i < N; i++) a[i] = 10 + i;
#pragma acc data copyin(a) copyout(b)
    {
#pragma acc parallel loop present(a, b)
        for (int i = 0; i < N; i++) b[i] = a[i];
    }
    printf("1: %.1f\n", hsum(b));
#pragma acc data copyin(always: a) copyout(b)
    {
#pragma acc parallel loop present(a, b)
        for (int i = 0; i < N; i++) b[i] = a[i];
    }
    printf("2: %.1f\n", hsum(b));
    for (int i = 0; i < N; i++) a[i] = 20 + i;
#pragma acc parallel loop copy(alwaysin: a)
    for (int i = 0; i < N; i++) a[i] *= 2;
    printf("3: %.1f\n", hsum(a));
#pragma acc parallel loop copy(alwaysout: a)
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("4: %.1f\n", hsum(a));
#pragma acc data copyout(always: a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 1;
    }
    printf("5: %.1f\n", hsum(a));
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop copy(always: a)
    for (int i = 0; i < N; i++) a[i] *= 3;
    printf("6: %.1f\n", hsum(a));
    for (int i = 0; i < N; i++) a[i] = 1;
#pragma acc exit data delete(a)
    printf("7: %.1f\n", hsum(a));
    return 0;
}
