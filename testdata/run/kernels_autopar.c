// run
/* Loops of kernels constructs without directives: the depend pass runs
   the ones it proves independent in parallel (privatising scalars written
   before they are read), and keeps the others sequential, loops inside a
   sequential loop within one gang. Whatever it decides, the results are
   the serial program's. */
#include <stdio.h>
#define N 300

float g1[N], g2[N], m1[N][N], m2[N][N];

static void vec(int n, float *x, float *y, float *restrict rx, float *restrict ry, int *idx) {
    float t, u = 0, last = 0;
#pragma acc kernels copyin(x[0:n], idx[0:n]) copy(y[0:n], rx[0:n], ry[0:n])
    {
        for (int i = 0; i < n; i++)
            y[i] = 2 * x[i];
        for (int i = 0; i < n; i++)
            ry[i] = rx[i] + 1;
        for (int i = 1; i < n; i++)
            ry[i] = ry[i - 1] + rx[i];
        for (int i = 0; i < n; i++) {
            t = rx[i] * 2;
            ry[i] += t * t;
        }
        for (int i = 0; i < n; i++) {
            u = u + rx[i];
            ry[i] -= u;
        }
        for (int i = 0; i < n; i++)
            rx[idx[i]] = ry[i] * 0.5f;
        for (int i = 0; i < n; i++) {
            last = ry[i] + 1; /* needed after the construct: not private */
            y[i] += last;
        }
    }
    printf("vec: y[7]=%g ry[%d]=%g rx[3]=%g u=%g last=%g\n", y[7], n - 1, ry[n - 1], rx[3], u, last);
}

static void grids(int n, float *restrict a, float *restrict b) {
#pragma acc kernels copyin(a[0:n*n]) copyout(b[0:n*n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            b[i * n + j] = a[j * n + i];
#pragma acc kernels
    for (int i = 1; i < N; i++)
        for (int j = 1; j < N; j++)
            m1[i][j] = m1[i][j - 1] * 0.5f + m2[i - 1][j];
#pragma acc kernels
    for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
            m1[i][j] = m1[i - 1][j] * 0.5f + m1[i][j];
#pragma acc kernels
    for (int i = 0; i < N; i++)
        g1[i] = g2[i] + g1[i];
}

int main(void) {
    static float x[N], y[N], rx[N], ry[N], a[N * N], b[N * N];
    static int idx[N];
    for (int i = 0; i < N; i++) {
        x[i] = i; y[i] = 0; rx[i] = i % 7; ry[i] = 0; idx[i] = N - 1 - i;
        g1[i] = i; g2[i] = 2 * i;
        for (int j = 0; j < N; j++) { m1[i][j] = (i + j) % 11; m2[i][j] = i * j % 5; a[i * N + j] = i - j; }
    }
    vec(N, x, y, rx, ry, idx);
    grids(N, a, b);
    double s = 0, sb = 0;
    for (int i = 0; i < N; i++) {
        s += y[i] + ry[i] + g1[i];
        for (int j = 0; j < N; j++) {
            s += m1[i][j] * (j + 1);
            sb += b[i * N + j] * (i + 2 * j);
        }
    }
    printf("grids: %.8g %.8g b[5]=%g m1[%d][7]=%g\n", s, sb, b[5], N - 1, m1[N - 1][7]);
    return 0;
}
