// run
/* Transfers of several megabytes, which the CUDA backend stages through
 * its own page-locked buffers in 4 MB pieces filled and emptied by
 * several host threads (runtime/src/copy.c, cuda.cu's staged synchronous
 * transfers): sizes that are not a whole number of pieces, sections that
 * start inside an array, update in both directions, acc_memcpy, and a
 * copy the runtime leaves to CUDA (a program's page-locked memory). Each
 * element's value says where it came from, so a piece copied to the
 * wrong place, twice or not at all changes the sums. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N (5 * 1024 * 1024 + 333) /* 40 MB of doubles: ten pieces and a bit */

static double sum(const double *a, long lo, long hi) {
    double s = 0;
    for (long i = lo; i < hi; i++)
        s += a[i] * (double)(i % 1009);
    return s;
}

int main(void) {
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    long n = N, lo = 777777, len = 3 * 1024 * 1024 + 5;
    for (long i = 0; i < n; i++)
        a[i] = (double)(i % 8191), b[i] = -1;

#pragma acc data copy(a[0:n]) copyout(b[0:n])
    {
#pragma acc parallel loop present(a, b)
        for (long i = 0; i < n; i++)
            b[i] = 2 * a[i] + 1;
        /* A section inside a: the host changes it, the device reads it. */
        for (long i = lo; i < lo + len; i++)
            a[i] = -a[i];
#pragma acc update device(a[lo:len])
#pragma acc parallel loop present(a)
        for (long i = 0; i < n; i++)
            a[i] += 0.5;
#pragma acc update self(a[lo:len])
        printf("a section %.1f\n", sum(a, lo, lo + len));
    }
    printf("b %.1f\n", sum(b, 0, n));
    printf("a %.1f\n", sum(a, 0, n));

    /* acc_memcpy_to_device and back, through device memory of the runtime's. */
    double *d = acc_malloc(N * sizeof *d);
    acc_memcpy_to_device(d, b, N * sizeof *d);
    for (long i = 0; i < n; i++)
        b[i] = 0;
    acc_memcpy_from_device(b + 1, d, (N - 1) * sizeof *d);
    printf("memcpy %.1f first %.1f\n", sum(b, 0, n), b[0]);
    acc_free(d);
    free(a);
    free(b);
    return 0;
}
