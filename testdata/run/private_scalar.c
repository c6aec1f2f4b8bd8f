// run
/* private scalars at loop, gang and vector level. Each iteration writes
   the private temporary before reading it; a shared temporary would race
   on a parallel target and corrupt the results. The body ends by storing
   the original value back, so that plain C (where t is shared) and
   OpenACC (where the original is untouched) print the same t after the
   region. */
#include <stdio.h>
#define N 1000
#define R 20
#define C 150
int a[N], b[N], m[R][C];
int main(void) {
    int t = 7, u = 11;
    for (int i = 0; i < N; i++) a[i] = i % 100;
#pragma acc parallel loop private(t) copyin(a) copyout(b)
    for (int i = 0; i < N; i++) {
        t = a[i] * a[i];
        t = t - i;
        b[i] = t + 1;
        t = 7;
    }
#pragma acc parallel copyout(m) private(u)
    {
#pragma acc loop gang private(t)
        for (int i = 0; i < R; i++) {
            t = i * 1000;
#pragma acc loop vector private(u)
            for (int j = 0; j < C; j++) { u = t + j; m[i][j] = u * 2; u = 11; }
            t = 7;
        }
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += b[i]; bad += b[i] != (i % 100) * (i % 100) - i + 1; }
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) { s += m[i][j]; bad += m[i][j] != 2 * (i * 1000 + j); }
    printf("sum %lld bad %d t %d u %d\n", s, bad, t, u);
    return 0;
}
