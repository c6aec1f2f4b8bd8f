// run
/* The row lengths of an array with variable-length rows, which kernels
   receive as parameters (lower/vla.go), and the names generated for the
   region's other variables are told apart (ir.RowLenName): a VLA red_x's
   row length and the reduction cell of a scalar x_len1 were once two
   kernel parameters of one name. */
#include <stdio.h>

int main(void) {
    int n = 4, m = 5;
    double red_x[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) red_x[i][j] = i + j;
    double x_len1 = 0;
#pragma acc parallel loop copy(red_x) reduction(+:x_len1)
    for (int i = 0; i < n; i++) {
        x_len1 += red_x[i][m - 1];
        red_x[i][0] = 1;
    }
    printf("row length and reduction: %g %g\n", x_len1, red_x[n - 1][0]);

    /* A firstprivate array len1 beside a VLA fp. */
    double fp[n][m];
    double len1[2] = {10, 20};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) fp[i][j] = 0;
#pragma acc parallel loop copy(fp) firstprivate(len1)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) fp[i][j] = len1[j % 2] + i;
    printf("row length and firstprivate: %g %g\n", fp[0][0], fp[n - 1][m - 1]);
    return 0;
}
