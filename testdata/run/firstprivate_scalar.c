// run
/* firstprivate scalars: every copy starts from the host value; a serial
   region may update its copy, and the result leaves through an array. */
#include <stdio.h>
#define N 1000
int a[N];
long long out[2];
int main(void) {
    int k = 3, off = -50;
    double scale = 0.5;
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop firstprivate(k, off, scale) copy(a)
    for (int i = 0; i < N; i++) a[i] = (int)((a[i] * k + off) * scale * 2);
    long long acc = 1000;
#pragma acc serial firstprivate(acc) copyin(a) copyout(out)
    {
        for (int i = 0; i < N; i++) acc += a[i] % 7;
        out[0] = acc;
        out[1] = k;
        acc = 1000;
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != i * 3 - 50; }
    printf("sum %lld bad %d out %lld %lld acc %lld\n", s, bad, out[0], out[1], acc);
    return 0;
}
