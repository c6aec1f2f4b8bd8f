// run -Wno-data-stale
/* Sections inside a present range (OpenACC 3.4 §2.6.7, §2.7.6–2.7.8),
   with separate device memory: a section wholly inside present data is
   present, so copyin/copy of it move nothing, and kernels reach its
   elements at the right place in the enclosing device copy, also through
   a pointer into the middle of the array. a[i] = i; enter data copyin(a)
   (D = i); the host then sets every a[i] = -1.
   1. parallel loop copyin(a[100:200]): present, no transfer: the kernel
      reads D: b[i] = a[i] for i in 100..299 (sum 39900).
   2. p = a + 300; parallel loop copy(p[0:100]): present, no transfer
      either way: D[300..399] += 1000; the host a is still -1 everywhere
      (sum -1000).
   3. update self(a[250:100]): host a[250..299] = i, a[300..349] =
      1000 + i: sum = 13725 + 66225 - 900 = 79050.
   The host writes the device does not see are the point: the
   warning about them (data-stale) is off. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
#pragma acc enter data copyin(a)
    for (int i = 0; i < N; i++) a[i] = -1;
#pragma acc parallel loop copyin(a[100:200]) copy(b)
    for (int i = 100; i < 300; i++) b[i] = a[i];
    printf("1: %.1f\n", hsum(b));
    double *p = a + 300;
#pragma acc parallel loop copy(p[0:100])
    for (int i = 0; i < 100; i++) p[i] += 1000;
    printf("2: %.1f\n", hsum(a));
#pragma acc update self(a[250:100])
    printf("3: %.1f\n", hsum(a));
#pragma acc exit data delete(a)
    return 0;
}
