// run
/* A scalar private to some loops and shared elsewhere: a kernels
   construct's temporary that one nest privatises while another keeps it
   in device memory, and a parallel construct's copy of a scalar that a
   loop's private clause hides, also under a reduction of its own. The
   private copies never reach the shared one. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 64, m = 48, i, j;
    double t = -1, q = 30, r = 0;
    double *in = malloc(sizeof(double) * n * m), *out = malloc(sizeof(double) * n * m), *row = malloc(sizeof(double) * n);
    for (i = 0; i < n * m; i++) in[i] = i % 11;
#pragma acc data copyin(in[0:n*m]) copyout(out[0:n*m], row[0:n])
    {
#pragma acc kernels
        {
            /* t is each iteration's own here ... */
            for (i = 0; i < n; i++)
                for (j = 0; j < m; j++) {
                    t = in[i * m + j] * 2;
                    out[i * m + j] = t + 1;
                }
            /* ... and the construct's, written outside any loop, here */
            t = out[m + 1];
            for (i = 0; i < n; i++) row[i] = t + i;
        }
#pragma acc parallel copy(q)
        {
#pragma acc loop gang vector private(q)
            for (i = 0; i < n; i++) {
                q = in[i * m] * 3;
                row[i] += q;
            }
            /* the construct's copy, untouched by the loop's */
            q = q + 1;
        }
#pragma acc parallel copy(r)
        {
#pragma acc loop gang private(r)
            for (i = 0; i < n; i++) {
                r = 0;
#pragma acc loop vector reduction(+:r)
                for (j = 0; j < m; j++) r += in[i * m + j];
                out[i * m] = r;
            }
            r = 7;
        }
    }
    double s = 0;
    for (i = 0; i < n; i++) s += row[i] + out[i * m];
    printf("%g %g %g %g %g\n", t, out[m * n - 1], s, q, r);
    free(in);
    free(out);
    free(row);
    return 0;
}
