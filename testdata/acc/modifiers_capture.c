// run -Wno-data-stale
/* The capture modifier (OpenACC 3.4 §2.7.4): a captured variable gets a
   discrete device copy even where the device shares the host's memory,
   so the results are the same on every target, -acc=host and multicore
   included (without OpenACC they differ, hence testdata/acc).
   1. copy(capture: a), a[i] = i: the device copy is made at entry; the
      host then sets a[i] = -1, which the kernel does not see: it reads i
      into b and adds 1 to its copy; the copy out at exit overwrites the
      host's -1: a = i + 1 (sum 500500), b = i (sum 499500).
   2. create(capture: t), t[i] = 7: the kernels use a separate scratch
      copy (t = i, out = 2i); the host t stays 7 (sum 7000), out sums to
      999000.
   3. copyin(capture: c), c[i] = 2: the kernel doubles the device copy
      and stores it in d (d = 4); the host c stays 2 (sum 2000), d sums to
      4000.
   The host writes the device does not see are the point: the
   warning about them (data-stale) is off. */
#include <stdio.h>
#define N 1000
double a[N], b[N], t[N], out[N], c[N], d[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; t[i] = 7; out[i] = 0; c[i] = 2; d[i] = 0; }
#pragma acc data copy(capture: a) copyout(b)
    {
        for (int i = 0; i < N; i++) a[i] = -1;
#pragma acc parallel loop present(a, b)
        for (int i = 0; i < N; i++) {
            b[i] = a[i];
            a[i] += 1;
        }
    }
    printf("1: a %.1f b %.1f\n", hsum(a), hsum(b));
#pragma acc data create(capture: t) copyout(out)
    {
#pragma acc parallel loop present(t)
        for (int i = 0; i < N; i++) t[i] = i;
#pragma acc parallel loop present(t, out)
        for (int i = 0; i < N; i++) out[i] = 2 * t[i];
    }
    printf("2: t %.1f out %.1f\n", hsum(t), hsum(out));
#pragma acc parallel loop copyin(capture: c) copyout(d)
    for (int i = 0; i < N; i++) {
        c[i] *= 2;
        d[i] = c[i];
    }
    printf("3: c %.1f d %.1f\n", hsum(c), hsum(d));
    return 0;
}
