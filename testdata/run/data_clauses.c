// run
/* copy, copyin, copyout and sections on a compute construct: only the
   section a[10:N-20] is read, c is updated in place, b is written whole. */
#include <stdio.h>
#define N 1000
int main(void) {
    static long long a[N], b[N], c[N];
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; c[i] = 2 * i; }
#pragma acc parallel loop copyin(a[10:N-20]) copyout(b[0:N]) copy(c[0:N])
    for (int i = 0; i < N; i++) {
        long long v = (i >= 10 && i < N - 10) ? a[i] : 0;
        b[i] = v * v;
        c[i] += v;
    }
    long long sb = 0, sc = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        long long v = (i >= 10 && i < N - 10) ? i : 0;
        sb += b[i]; sc += c[i];
        bad += b[i] != v * v || c[i] != 2 * i + v;
    }
    printf("b %lld c %lld bad %d\n", sb, sc, bad);
    return 0;
}
