// run
/* The zero modifier (OpenACC 3.4 §2.7.9, §2.7.10), with separate device
   memory: device memory that create(zero: ...) or copyout(zero: ...)
   allocates starts as zeros, whatever the host holds; on data that is
   already present it changes nothing.
   1. a = -1 on the host; data create(zero: a): D = 0; kernel a += i;
      update self(a): H = sum i = 499500.
   2. b = -5; parallel loop copyout(zero: b): D = 0, kernel b += 2, copy
      out: H = 2000.
   3. c = 4; data copy(c) (D = 4), inside it data create(zero: c):
      present, not zeroed; kernel c += 1; copy out at the outer exit:
      H = 5000. */
#include <stdio.h>
#define N 1000
double a[N], b[N], c[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = -1; b[i] = -5; c[i] = 4; }
#pragma acc data create(zero: a)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += i;
#pragma acc update self(a)
    }
    printf("1: %.1f\n", hsum(a));
#pragma acc parallel loop copyout(zero: b)
    for (int i = 0; i < N; i++) b[i] += 2;
    printf("2: %.1f\n", hsum(b));
#pragma acc data copy(c)
    {
#pragma acc data create(zero: c)
        {
#pragma acc parallel loop present(c)
            for (int i = 0; i < N; i++) c[i] += 1;
        }
    }
    printf("3: %.1f\n", hsum(c));
    return 0;
}
