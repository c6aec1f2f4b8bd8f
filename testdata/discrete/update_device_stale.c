// run -Wno-data-stale
/* The device copy stays stale until update device, the host copy until
   update self (OpenACC 3.4 §2.14.4), with separate device memory; an
   update with if(0) moves nothing; an async update is ordered on its
   queue before the kernel that uses it. x[i] = 1, y absent.
   data copyin(x) copyout(y):
   1. host x = 2 (D still 1); kernel y = x: y = 1.
   2. update device(x): D = 2; kernel y += x: y = 3.
   3. host x = 5; update device(x) if(0): D stays 2; kernel y += x: y = 5.
   4. update self(y): host y = 5 (sum 5000); kernel y *= 10 (D = 50):
      host y stays 5 (sum 5000).
   5. host x = 4; update device(x) async(1); kernel y += x async(1);
      wait(1): D = 54, host y 5 (sum 5000).
   6. end of region: copyout y: sum 54000; x is not copied back: host x
      is 4 (sum 4000).
   The host writes the device does not see are the point: the
   warning about them (data-stale) is off. */
#include <stdio.h>
#define N 1000
float x[N], y[N];

static double hsum(const float *v) {
    double s = 0;
    for (int i = 0; i < N; i++) s += v[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { x[i] = 1; y[i] = 0; }
    int never = 0;
#pragma acc data copyin(x) copyout(y)
    {
        for (int i = 0; i < N; i++) x[i] = 2;
#pragma acc parallel loop present(x, y)
        for (int i = 0; i < N; i++) y[i] = x[i];
#pragma acc update device(x)
#pragma acc parallel loop present(x, y)
        for (int i = 0; i < N; i++) y[i] += x[i];
        for (int i = 0; i < N; i++) x[i] = 5;
#pragma acc update device(x) if(never)
#pragma acc parallel loop present(x, y)
        for (int i = 0; i < N; i++) y[i] += x[i];
#pragma acc update self(y)
        printf("4: %.1f\n", hsum(y));
#pragma acc parallel loop present(y)
        for (int i = 0; i < N; i++) y[i] *= 10;
        printf("4: %.1f\n", hsum(y));
        for (int i = 0; i < N; i++) x[i] = 4;
#pragma acc update device(x) async(1)
#pragma acc parallel loop present(x, y) async(1)
        for (int i = 0; i < N; i++) y[i] += x[i];
#pragma acc wait(1)
        printf("5: %.1f\n", hsum(y));
    }
    printf("6: %.1f %.1f\n", hsum(y), hsum(x));
    return 0;
}
