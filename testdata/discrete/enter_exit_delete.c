// run
/* enter data create and exit data delete move no data (OpenACC 3.4
   §2.7.10, §2.7.12), with separate device memory. H is the host sum.
   1. enter data create(a): device memory, not initialised; a kernel
      writes every element (D = 100 + i). H = sum i = 499500 (host a[i] = i
      untouched).
   2. exit data delete(a): released without a copy. H = 499500.
   3. enter data copyin(a): a new device copy of the host values (D = i);
      kernel a *= 3 (D = 3i); exit data copyout(a): H = 1498500.
   4. enter data create(a) then update device(a) copies explicitly
      (D = 3i); kernel a += 1 (D = 3i + 1); update self(a[0:10]) brings
      back only the first ten (host 3i + 1 for i < 10: +10);
      exit data delete(a): H = 1498510. */
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
#pragma acc enter data create(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = 100 + i;
    printf("1: %.1f\n", hsum());
#pragma acc exit data delete(a)
    printf("2: %.1f\n", hsum());
#pragma acc enter data copyin(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] *= 3;
#pragma acc exit data copyout(a)
    printf("3: %.1f\n", hsum());
#pragma acc enter data create(a)
#pragma acc update device(a)
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc update self(a[0:10])
#pragma acc exit data delete(a)
    printf("4: %.1f\n", hsum());
    return 0;
}
