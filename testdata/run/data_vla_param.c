// run
/* Variable-length array parameters (C99 a[n][m]) in data clauses: the
   sections a[0:n][0:m] and b[1:n-2][0:m] have run-time extents and are
   contiguous (whole rows); a Jacobi sweep over the interior reads a and
   writes b inside a data region. The kernels reach the arrays through
   flat pointers into the mapped ranges (variable-length array types are
   not supported inside compute regions). */
#include <stdio.h>

static void sweep(int n, int m, double a[n][m], double b[n][m], int steps) {
    double *pa = &a[0][0], *pb = &b[0][0];
#pragma acc data copyin(a[0:n][0:m]) copy(b[1:n-2][0:m])
    {
        for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(2) present(pa[0:n*m], pb[m:(n-2)*m])
            for (int i = 1; i < n - 1; i++)
                for (int j = 1; j < m - 1; j++)
                    pb[i * m + j] = 0.25 * (pa[(i - 1) * m + j] + pa[(i + 1) * m + j] + pa[i * m + j - 1] + pa[i * m + j + 1]) + t;
        }
    }
}

int main(void) {
    int n = 24, m = 37;
    double a[24][37], b[24][37];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) { a[i][j] = i + 2 * j; b[i][j] = -1; }
    sweep(n, m, a, b, 3);
    double s = 0;
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            double want = (i > 0 && i < n - 1 && j > 0 && j < m - 1) ? i + 2 * j + 2 : -1;
            s += b[i][j];
            bad += b[i][j] != want;
        }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
