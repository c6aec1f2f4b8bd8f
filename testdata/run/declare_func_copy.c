// run
/* declare copy in a function (OpenACC 3.4 §2.13): the function body is
   an implicit data region, so p[0:n] is copied in at entry and copied
   back at every return, the early ones included. Called repeatedly, each
   call starts a fresh region that sees the host values of the previous
   call's copy-out. */
#include <stdio.h>
#define N 1000

static int work(double *p, int n, int mode) {
#pragma acc declare copy(p[0:n])
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] += 1;
    if (mode == 1)
        return 1;
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] *= 2;
    if (mode == 2) {
        return 2;
    }
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] -= 3;
    return 3;
}

static double a[N], b[N], c[N];

int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = i; c[i] = i; }
    int r = work(a, N, 1) * 100 + work(b, N, 2) * 10 + work(c, N, 3);
    for (int k = 0; k < 3; k++)
        work(a, N, k + 1); /* a: i+1, i+2, 2i+6, then (2i+7)*2-3 = 4i+11 */
    double sa = 0, sb = 0, sc = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sa += a[i]; sb += b[i]; sc += c[i];
        bad += a[i] != 4 * i + 11 || b[i] != 2 * (i + 1) || c[i] != 2 * (i + 1) - 3;
    }
    printf("returns %d\n", r);
    printf("a %.1f b %.1f c %.1f bad %d\n", sa, sb, sc, bad);
    return 0;
}
