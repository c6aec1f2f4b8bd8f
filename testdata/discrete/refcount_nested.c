// run
/* Structured and dynamic reference counts with separate device memory
   (OpenACC 3.4 §2.6.7, §2.7.7–2.7.9). a[i] = i on the host; H(x) is the
   host sum printed at each point, D the device value.
   1. data copy(a): absent, so allocate, copy in; sref 1. kernel a += 1
      (D = i + 1).
   2. nested data copy(a): present, sref 2, no transfer; kernel a *= 2
      (D = 2i + 2); its exit: sref 1, no copy out. Host is stale:
      H = sum i = 499500.
   3. parallel loop copyout(a): present, no transfer either way; kernel
      a += 1 (D = 2i + 3). H = 499500.
   4. enter data copyin(a): present, dref 1, no transfer. exit data
      copyout(a): dref 0 but sref 1, so no copy. H = 499500. enter data
      copyin(a) again: dref 1.
   5. update self(a[0:N/2]): host a[i] = 2i + 3 for i < 500.
      H = sum_{i<500}(2i + 3) + sum_{i>=500} i = 251000 + 374750 = 625750.
   6. end of the outer region: sref 0, dref 1: still present, no copy out.
      H = 625750.
   7. kernel present(a): a -= 3 (D = 2i). exit data copyout(a): dref 0,
      sref 0: copy out, release. H = sum 2i = 999000. */
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
#pragma acc data copy(a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc data copy(a)
        {
#pragma acc parallel loop present(a)
            for (int i = 0; i < N; i++) a[i] *= 2;
        }
        printf("2: %.1f\n", hsum());
#pragma acc parallel loop copyout(a)
        for (int i = 0; i < N; i++) a[i] += 1;
        printf("3: %.1f\n", hsum());
#pragma acc enter data copyin(a)
#pragma acc exit data copyout(a)
        printf("4: %.1f\n", hsum());
#pragma acc enter data copyin(a)
#pragma acc update self(a[0:N/2])
        printf("5: %.1f\n", hsum());
    }
    printf("6: %.1f\n", hsum());
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] -= 3;
#pragma acc exit data copyout(a)
    printf("7: %.1f\n", hsum());
    return 0;
}
