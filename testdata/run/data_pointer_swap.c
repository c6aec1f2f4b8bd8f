// run
/* Mapping is by host address (OpenACC 3.4 §2.6.7): two buffers are
   mapped once with enter data, and each Jacobi-style sweep reads from
   `src` and writes `dst` through present clauses; swapping the host
   pointers between sweeps swaps the device buffers too, because each
   construct looks the pointers up in the present table again. */
#include <stdio.h>
#include <stdlib.h>
#define N 1002
#define STEPS 9

int main(void) {
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    for (int i = 0; i < N; i++) a[i] = b[i] = (i == N / 2) ? 1024.0 : 0.0;
    double *src = a, *dst = b;
#pragma acc enter data copyin(a[0:N], b[0:N])
    for (int t = 0; t < STEPS; t++) {
#pragma acc parallel loop present(src[0:N], dst[0:N])
        for (int i = 1; i < N - 1; i++) dst[i] = 0.25 * src[i - 1] + 0.5 * src[i] + 0.25 * src[i + 1];
        double *tmp = src;
        src = dst;
        dst = tmp;
    }
#pragma acc exit data copyout(a[0:N], b[0:N])
    /* After an odd number of sweeps the latest values are in b (src). */
    double s = 0, peak = 0;
    for (int i = 0; i < N; i++) { s += src[i]; peak = src[i] > peak ? src[i] : peak; }
    printf("latest in %s sum %.6f peak %.6f\n", src == b ? "b" : "a", s, peak);
    return 0;
}
