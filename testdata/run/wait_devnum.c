// run
/* The wait directive's forms (OpenACC 3.4 §2.16.3): wait(1, 2) async(3)
   makes queue 3 wait for queues 1 and 2 without blocking the host;
   wait(devnum: 0: 3) names the device; wait async(2) without a list makes
   queue 2 wait for all other queues; wait if(cond) waits only when cond
   is true. Every value the host reads is waited for. */
#include <stdio.h>
#define N 1000
float a[N], b[N], c[N], d[N], e[N], f[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = i; c[i] = d[i] = e[i] = f[i] = 0; }
    int never = 0, always = 1;
#pragma acc data copyin(a, b) copyout(c, d, e, f)
    {
#pragma acc parallel loop async(1)
        for (int i = 0; i < N; i++) a[i] += 1;
#pragma acc parallel loop async(2)
        for (int i = 0; i < N; i++) b[i] *= 2;
#pragma acc wait(1, 2) async(3)
#pragma acc parallel loop async(3)
        for (int i = 0; i < N; i++) c[i] = a[i] + b[i]; /* 3i + 1 */
#pragma acc wait(devnum: 0: 3)
#pragma acc parallel loop async(4)
        for (int i = 0; i < N; i++) d[i] = c[i] * 2; /* 6i + 2 */
#pragma acc parallel loop async(1)
        for (int i = 0; i < N; i++) e[i] = a[i] - 1; /* i */
#pragma acc wait async(2)
#pragma acc parallel loop async(2)
        for (int i = 0; i < N; i++) f[i] = e[i] + d[i]; /* 7i + 2 */
#pragma acc wait if(never)
#pragma acc wait(2) if(always)
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        s += c[i] + d[i] + e[i] + f[i];
        bad += c[i] != 3 * i + 1 || d[i] != 6 * i + 2 || e[i] != i || f[i] != 7 * i + 2;
    }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
