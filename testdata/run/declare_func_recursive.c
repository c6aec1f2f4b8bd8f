// run
/* declare copy in a recursive function (OpenACC 3.4 §2.13, §2.7.7): only
   the outermost call finds p absent and copies it in and out; the inner
   calls find it present, so their implicit data regions move nothing
   (present-or semantics) and every level's kernel works on the same
   device copy. p = (((x * 2 + 3) * 2 + 2) * 2 + 1) * 2 + 0 = 16x + 34. */
#include <stdio.h>
#define N 1000

static void f(double *p, int n, int depth) {
#pragma acc declare copy(p[0:n])
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] = p[i] * 2 + depth;
    if (depth > 0)
        f(p, n, depth - 1);
}

double a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    f(a, N, 3);
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != 16 * i + 34; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
