// run
/* Reductions the depend pass recognises in kernels loops without a
   clause: +=, v = fmin(v, e), if (e > v) v = e, a count, a product. */
#include <stdio.h>
#include <math.h>
#define N 1000
double a[N][N], v[N];
int main(void) {
    for (int i = 0; i < N; i++) { v[i] = (i * 37 % 101) - 50; for (int j = 0; j < N; j++) a[i][j] = (i + 2 * j) % 13; }
    double sum = 0, mx = -1e30, mn = 1e30, prod = 1;
    int cnt = 0;
#pragma acc kernels
    {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                sum += a[i][j];
        for (int i = 0; i < N; i++) {
            if (v[i] > mx) mx = v[i];
            mn = fmin(mn, v[i]);
        }
        for (int i = 0; i < N; i++) {
            cnt += v[i] > 0;
            prod = prod * (1 + v[i] * 1e-4);
        }
    }
    printf("%g %g %g %d %.6g\n", sum, mx, mn, cnt, prod);
    return 0;
}
