// run
/* Arrays with variable-length rows in compute regions: local
   double a[n][m] and double b[n][m][k], a parameter double a[n][m] and
   a pointer double (*p)[m]. Kernels index them flat, with the row
   lengths the arrays were made with, also after the bounds' variables
   change. */
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, int m, double a[n][m]) {
#pragma acc parallel loop collapse(2) copy(a[0:n][0:m])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = 2 * a[i][j] + i;
}

static double total(int n, int m, double a[n][m]) {
    double s = 0;
#pragma acc parallel loop reduction(+:s) copyin(a[0:n][0:m])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j] * (j + 1);
    return s;
}

int main(void) {
    int n = 37, m = 19, k = 5;
    double a[n][m];
    double b[n][m][k];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) a[i][j] = i * m + j;
    int rows = n, cols = m;
    n = m = 1; /* a and b keep their shapes */
#pragma acc parallel loop
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            a[i][j] += 1;
            for (int l = 0; l < k; l++) b[i][j][l] = a[i][j] * l;
        }
    scale(rows, cols, a);
    double (*p)[cols] = malloc(sizeof(double[rows][cols]));
#pragma acc kernels copyout(p[0:rows][0:cols]) copyin(a)
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            p[i][j] = a[i][j] - a[rows - 1 - i][cols - 1 - j];
    double s = 0, t = 0, u = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            s += a[i][j];
            t += p[i][j] * (i + j);
            for (int l = 0; l < k; l++) u += b[i][j][l];
        }
    printf("%.1f %.1f %.1f %.1f\n", s, t, u, total(rows, cols, a));
    free(p);
    return 0;
}
