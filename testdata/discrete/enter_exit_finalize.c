// run -Wno-data-stale
// env: ACCC_CHECK=bounds,undefined,async
// It reads stale copies on purpose (what it tests), which ACCC_CHECK=stale reports.
/* Dynamic reference counts and finalize (OpenACC 3.4 §2.6.7, §2.7.9,
   §2.7.12, §2.14.7), with separate device memory. H is the host sum.
   a (a[i] = i):
   1. enter data copyin twice: dref 2 (one copy, D = i). The host then
      sets a[i] = -1; a kernel adds 10 on the device (D = i + 10).
   2. exit data copyout: dref 1, no copy. H = -1000.
   3. enter data copyin (dref 2, no transfer: D stays i + 10), then
      exit data copyout finalize: dref 0, copy out, release.
      H = sum(i + 10) = 509500.
   4. The host sets a[i] = 5; update self(...) if_present finds a absent
      and does nothing. H = 5000.
   b (b[i] = 1):
   5. enter data copyin three times (dref 3); kernel b = 7 (D = 7);
      exit data delete finalize: dref 0, released without a copy. H = 1000.
   6. enter data copyin: absent again, so a fresh copy of the host values
      (D = 1); kernel b += 1 (D = 2); exit data copyout: H = 2000.
   The host writes the device does not see are the point: the
   warning about them (data-stale) is off. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 1; }
#pragma acc enter data copyin(a[0:N])
#pragma acc enter data copyin(a[0:N])
    for (int i = 0; i < N; i++) a[i] = -1;
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++) a[i] += 10;
#pragma acc exit data copyout(a[0:N])
    printf("2: %.1f\n", hsum(a));
#pragma acc enter data copyin(a[0:N])
#pragma acc exit data copyout(a[0:N]) finalize
    printf("3: %.1f\n", hsum(a));
    for (int i = 0; i < N; i++) a[i] = 5;
#pragma acc update self(a[0:N]) if_present
    printf("4: %.1f\n", hsum(a));

#pragma acc enter data copyin(b[0:N])
#pragma acc enter data copyin(b[0:N])
#pragma acc enter data copyin(b[0:N])
#pragma acc parallel loop present(b[0:N])
    for (int i = 0; i < N; i++) b[i] = 7;
#pragma acc exit data delete(b[0:N]) finalize
    printf("5: %.1f\n", hsum(b));
#pragma acc enter data copyin(b[0:N])
#pragma acc parallel loop present(b[0:N])
    for (int i = 0; i < N; i++) b[i] += 1;
#pragma acc exit data copyout(b[0:N])
    printf("6: %.1f\n", hsum(b));
    free(a);
    free(b);
    return 0;
}
