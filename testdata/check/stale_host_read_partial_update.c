// check
// env: ACCC_CHECK=all,stale
// stderr: ACCC CHECK: host read of stale data: 'x[0:n]', element 
// stderr: stale_host_read_partial_update.c:31 (total)
// stderr: stale_host_read_partial_update.c:20 (main)
/* update self copies only the first half back; a function then sums the
   whole array through a pointer: the second half it reads is the host's
   old data (OpenACC 3.4 §2.14.4: update self copies the named section). */
#include <stdio.h>
#include <stdlib.h>

static double total(const double *v, int n);

int main(void) {
    int n = 1000;
    double *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++) x[i] = 1;
#pragma acc data copyin(x[0:n])
    {
#pragma acc parallel loop present(x[0:n])
        for (int i = 0; i < n; i++) x[i] = 2 * i;
#pragma acc update self(x[0:n/2])
        printf("sum %g\n", total(x, n));
    }
    free(x);
    return 0;
}

static double total(const double *v, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}
