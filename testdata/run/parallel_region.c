// run
/* A parallel region holding two gang loops over disjoint outputs (no
   barrier between gang loops is assumed) and a gang-vector loop. */
#include <stdio.h>
#define N 777
int main(void) {
    int a[N], b[N], c[N], d[N];
    for (int i = 0; i < N; i++) { a[i] = i % 50 - 20; b[i] = c[i] = d[i] = -1; }
#pragma acc parallel copyin(a) copyout(b, c, d)
    {
#pragma acc loop gang
        for (int i = 0; i < N; i++) b[i] = a[i] * a[i];
#pragma acc loop gang vector
        for (int i = 0; i < N; i++) c[i] = a[i] + 7;
#pragma acc loop
        for (int i = 0; i < N; i++) d[i] = a[i] * 3 - i;
    }
    long long sb = 0, sc = 0, sd = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sb += b[i]; sc += c[i]; sd += d[i];
        bad += b[i] != a[i] * a[i] || c[i] != a[i] + 7 || d[i] != a[i] * 3 - i;
    }
    printf("b %lld c %lld d %lld bad %d\n", sb, sc, sd, bad);
    return 0;
}
