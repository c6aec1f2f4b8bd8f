// run
/* The cache directive (§2.10) is a hint: a stencil whose loop body names
   the window it reads, readonly or not, computes what the plain loop
   computes, in vector loops and in gang loops. */
#include <stdio.h>

#define N 4096

int main(void) {
    static double a[N], b[N], c[N];
    for (int i = 0; i < N; i++) a[i] = (i * 37) % 101;
#pragma acc data copyin(a) copyout(b, c)
    {
#pragma acc parallel loop
        for (int i = 1; i < N - 1; i++) {
#pragma acc cache(readonly: a[i-1:3])
            b[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1];
        }
#pragma acc parallel loop gang
        for (int r = 0; r < N / 64; r++) {
#pragma acc loop vector
            for (int j = 0; j < 64; j++) {
                int i = r * 64 + j;
#pragma acc cache(a[r*64:64])
                c[i] = a[i] + a[r * 64 + (j + 1) % 64];
            }
        }
    }
    double sb = 0, sc = 0;
    for (int i = 1; i < N - 1; i++) sb += b[i];
    for (int i = 0; i < N; i++) sc += c[i];
    printf("%.2f %.2f\n", sb, sc);
    return 0;
}
