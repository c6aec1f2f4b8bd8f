// run
/* update of single elements, written a[k] (a section of length one,
   OpenACC 3.4 §2.7.1), in a host loop, with separate device memory.
   a[i] = i; enter data copyin(a); kernel a = 2i + 1 on the device.
   1. update self(a[k]) for k = 0, 100, ..., 900: those ten elements
      change on the host: H = 499500 + sum(k + 1) = 499500 + 4510 = 504010.
   2. The host sets a[k] = -k for every k and update device(a[k]) for odd
      k < 10 only; a kernel copies a into b on the device, copied out:
      b = -k for odd k < 10, 2k + 1 elsewhere:
      sum = 1000000 - sum_{odd k<10}(3k + 1) = 1000000 - 80 = 999920. */
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
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = 2 * i + 1;
    for (int k = 0; k < N; k += 100) {
#pragma acc update self(a[k])
    }
    printf("1: %.1f\n", hsum(a));
    for (int k = 0; k < N; k++) a[k] = -k;
    for (int k = 1; k < 10; k += 2) {
#pragma acc update device(a[k])
    }
#pragma acc parallel loop present(a) copyout(b)
    for (int i = 0; i < N; i++) b[i] = a[i];
    printf("2: %.1f\n", hsum(b));
#pragma acc exit data delete(a)
    return 0;
}
