// run
/* Variable-length arrays named without subscripts: a local one is the
   whole array (its bounds, or its size where a bound's variable has
   changed since the declaration), a parameter double a[n][m] the n rows
   its declaration gives. The compute constructs reach the data through
   plain pointers, found present inside the data regions. */
#include <stdio.h>

static void local(int nz, int m) {
    double lhs[5][nz + 1][m][m];
    double *p = &lhs[0][0][0][0];
    int total = 5 * (nz + 1) * m * m;
    for (int i = 0; i < total; i++) p[i] = i % 17;
#pragma acc data copy(lhs)
    {
#pragma acc parallel loop
        for (int i = 0; i < total; i++)
            p[i] = p[i] * 2 + 1;
#pragma acc update self(lhs)
        double s = 0;
        for (int i = 0; i < total; i++) s += p[i];
        printf("local updated %.1f\n", s);
#pragma acc parallel loop
        for (int i = 0; i < total; i++)
            p[i] += 1;
    }
    double s = 0;
    for (int i = 0; i < total; i++) s += p[i];
    printf("local %.1f %.1f\n", s, lhs[4][nz][m - 1][m - 1]);
}

/* m changes after the declaration: the array keeps the bound it was
   made with, sizeof lhs says how big it is. */
static void changed(int n, int m) {
    double a[n][m];
    int rows = n, cols = m;
    double *p = &a[0][0];
    for (int i = 0; i < rows * cols; i++) p[i] = i;
    m = 1;
    n = 1;
#pragma acc data copyin(a)
    {
        double out[64];
#pragma acc parallel loop copyout(out)
        for (int i = 0; i < 64; i++)
            out[i] = p[rows * cols - 1 - i];
        double s = 0;
        for (int i = 0; i < 64; i++) s += out[i];
        printf("changed %.1f %d %d\n", s, n, m);
    }
}

static void param(int n, int m, double a[n][m], double b[n][m]) {
    double *pa = &a[0][0], *pb = &b[0][0];
#pragma acc data copyin(a) copyout(b)
    {
#pragma acc parallel loop
        for (int i = 0; i < n * m; i++)
            pb[i] = pa[i] * 3;
    }
}

int main(void) {
    local(3, 4);
    changed(10, 9);
    double a[6][7], b[6][7];
    for (int i = 0; i < 6; i++) for (int j = 0; j < 7; j++) { a[i][j] = i * 7 + j; b[i][j] = -1; }
    param(6, 7, a, b);
    double s = 0;
    for (int i = 0; i < 6; i++) for (int j = 0; j < 7; j++) s += b[i][j];
    printf("param %.1f %.1f\n", s, b[5][6]);
    return 0;
}
