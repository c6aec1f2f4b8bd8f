// run
/* no_create on present data (OpenACC 3.4 §2.7.11), with separate device
   memory: the construct uses the existing device copy, and moves nothing:
   the host stays stale until update self.
   a[i] = -1; data create(a) (D uninitialised):
   1. parallel loop no_create(a): a[i] = 3i on the device. H = -1000.
   2. update self(a[0:10]): H = -990 + sum_{i<10} 3i = -990 + 135 = -855.
   3. serial no_create(a, b) with b absent and not referenced on the
      device: a[0] = 1000; update self(a[0:1]): H = -855 + 1000 = 145. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = -1; b[i] = 0; }
    int use_b = 0;
#pragma acc data create(a)
    {
#pragma acc parallel loop no_create(a)
        for (int i = 0; i < N; i++) a[i] = 3 * i;
        printf("1: %.1f\n", hsum(a));
#pragma acc update self(a[0:10])
        printf("2: %.1f\n", hsum(a));
#pragma acc serial no_create(a, b)
        {
            a[0] = use_b ? b[0] : 1000;
        }
#pragma acc update self(a[0:1])
        printf("3: %.1f\n", hsum(a));
    }
    return 0;
}
