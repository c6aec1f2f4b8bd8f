// run
/* Which way each data clause copies (OpenACC 3.4 §2.7.7–2.7.10), with
   separate device memory and data absent before each construct:
   - copyin(b): copied in, never back: the kernel's b *= 2 is lost, host
     b stays 1 (sum 1000);
   - copyout(c): not copied in: the kernel only writes c, and the host
     gets c[i] = i (sum 499500) whatever it had (-5);
   - create(d) on a data region: neither way: the kernels write and read
     d on the device only; host d stays 3 (sum 3000), while e, computed
     from the device d and copied out, is 2i (sum 999000);
   - copy(f): both ways: f[i] = 1 + i (sum 500500). */
#include <stdio.h>
#define N 1000
double b[N], c[N], d[N], e[N], f[N];

static double hsum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) { b[i] = 1; c[i] = -5; d[i] = 3; e[i] = 0; f[i] = 1; }
#pragma acc parallel loop copyin(b) copyout(c) copy(f)
    for (int i = 0; i < N; i++) {
        b[i] *= 2;
        c[i] = i;
        f[i] += i;
    }
#pragma acc data create(d) copyout(e)
    {
#pragma acc parallel loop present(d)
        for (int i = 0; i < N; i++) d[i] = i;
#pragma acc parallel loop present(d, e)
        for (int i = 0; i < N; i++) e[i] = 2 * d[i];
    }
    printf("b %.1f c %.1f d %.1f e %.1f f %.1f\n", hsum(b), hsum(c), hsum(d), hsum(e), hsum(f));
    return 0;
}
