// run
/* Atomic minimum and maximum updates: x = fmax(x, e) and fmin (float and
   double, in both argument orders), the conditional forms for integers
   of each width and signedness, and their capture forms, from every
   thread of gang, worker and vector loops. */
#include <math.h>
#include <stdio.h>

#define N 20000

int main(void) {
    static double v[N];
    for (int i = 0; i < N; i++) v[i] = sin(i * 0.37) * 1000 + (i % 7);
    double dmax = -INFINITY, dmin = INFINITY;
    float fmx = -1e30f;
    int imax = -2147483647, imin = 2147483647;
    unsigned umax = 0;
    long long lmin = 1LL << 60;
    unsigned long long ulmax = 0;
    short smax = -32000;
    int seen = 0, captured[4] = {0};
#pragma acc parallel loop gang worker vector copy(dmax, dmin, fmx, imax, imin, umax, lmin, ulmax, smax, seen, captured) copyin(v)
    for (int i = 0; i < N; i++) {
        double x = v[i];
        int k = (int)x;
#pragma acc atomic update
        dmax = fmax(dmax, x);
#pragma acc atomic
        dmin = fmin(x, dmin);
#pragma acc atomic update
        fmx = fmaxf(fmx, (float)x);
#pragma acc atomic update
        imax = imax > k ? imax : k;
#pragma acc atomic update
        imin = k < imin ? k : imin;
#pragma acc atomic update
        umax = umax < (unsigned)(i * 7 % 1000) ? (unsigned)(i * 7 % 1000) : umax;
#pragma acc atomic update
        lmin = lmin > (long long)k * 3 ? (long long)k * 3 : lmin;
#pragma acc atomic update
        ulmax = (unsigned long long)i * i > ulmax ? (unsigned long long)i * i : ulmax;
#pragma acc atomic update
        smax = smax > (short)(k / 2) ? smax : (short)(k / 2);
        int old;
#pragma acc atomic capture
        old = seen = seen > i ? seen : i;
        if (old < 0) captured[0]++;
    }
    printf("%.4f %.4f %.3f %d %d %u %lld %llu %d %d %d\n", dmax, dmin, fmx, imax, imin, umax, lmin, ulmax, smax, seen, captured[0]);
    return 0;
}
