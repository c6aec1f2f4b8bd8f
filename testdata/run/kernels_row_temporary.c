// run
/* A kernels nest whose column loop privatises a temporary that the row
   loop assigns again after it, and reads the row's first and last
   elements the column loop wrote: both loops run in parallel (the
   temporary's value after the column loop is dead; a[i*m] and
   a[i*m + m-1] are row i's), and the results are the sequential ones. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 300, m = 257;
    double *restrict in = malloc(sizeof(double) * n * m), *restrict out = malloc(sizeof(double) * n * m);
    double *restrict row = malloc(sizeof(double) * n);
    double t = -1;
    for (int k = 0; k < n * m; k++) in[k] = k % 13;
#pragma acc kernels copyin(in[0:n*m]) copyout(out[0:n*m], row[0:n])
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            t = in[i * m + j] - 1;
            out[i * m + j] = t * t;
        }
        t = out[i * m] + out[i * m + m - 1];
        row[i] = t * 0.5;
    }
    double s = 0;
    for (int i = 0; i < n; i++) s += row[i] * (i % 7);
    printf("%g %g\n", s, out[n * m - 1]);
    free(in);
    free(out);
    free(row);
    return 0;
}
