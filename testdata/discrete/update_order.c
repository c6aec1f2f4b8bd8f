// run
/* The transfers of one update directive happen in the order of its
   clauses (OpenACC 3.4 §2.14.4), with separate device memory. The host
   holds H, the device D (different values):
   a: update self(a) device(a): the host gets D, then sends it back:
      both hold D (a: host D = 2i, sum 999000).
   b: update device(b) self(b): the device gets H, then the host reads it
      back: both hold H (b: host 5, sum 5000).
   A kernel then copies both device arrays into c and d, which the region
   copies out: c = 2i (sum 999000), d = 5 (sum 5000). */
#include <stdio.h>
#define N 1000
double a[N], b[N], c[N], d[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = i; }
#pragma acc data copyin(a, b) copyout(c, d)
    {
#pragma acc parallel loop present(a, b)
        for (int i = 0; i < N; i++) { a[i] *= 2; b[i] *= 3; }
        for (int i = 0; i < N; i++) { a[i] = -1; b[i] = 5; }
#pragma acc update self(a) device(a)
#pragma acc update device(b) self(b)
#pragma acc parallel loop present(a, b, c, d)
        for (int i = 0; i < N; i++) { c[i] = a[i]; d[i] = b[i]; }
    }
    printf("a %.1f b %.1f c %.1f d %.1f\n", hsum(a), hsum(b), hsum(c), hsum(d));
    return 0;
}
