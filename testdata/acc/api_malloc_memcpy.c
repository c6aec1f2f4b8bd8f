// run
/* acc_malloc, acc_free and the acc_memcpy routines (§3.2.16-3.2.17,
   §3.2.26-3.2.28): raw device memory used through deviceptr. */
#include <openacc.h>
#include <stdio.h>

#define N 4096
float x[N], y[N];

int main(void) {
    for (int i = 0; i < N; i++) x[i] = i;
    float *dx = acc_malloc(sizeof x), *dy = acc_malloc(sizeof y);
    printf("allocated: %d, zero bytes: %d\n", dx && dy && dx != dy, acc_malloc(0) == NULL);
    acc_memcpy_to_device(dx, x, sizeof x);
#pragma acc parallel loop deviceptr(dx, dy)
    for (int i = 0; i < N; i++) dy[i] = 2 * dx[i] + 1;
    acc_memcpy_device(dx, dy, sizeof x);
#pragma acc parallel loop deviceptr(dx)
    for (int i = 0; i < N; i++) dx[i] = dx[i] - 1;
    acc_memcpy_from_device(y, dx, sizeof y);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += y[i] != 2 * i;
    printf("copies: bad %d\n", bad);

    /* async copies on one queue keep their order */
    for (int i = 0; i < N; i++) x[i] = 1;
    acc_memcpy_to_device_async(dx, x, sizeof x, 5);
    acc_memcpy_device_async(dy, dx, sizeof x, 5);
#pragma acc parallel loop deviceptr(dy) async(5)
    for (int i = 0; i < N; i++) dy[i] += i;
    acc_memcpy_from_device_async(y, dy, sizeof y, 5);
    acc_wait(5);
    double s = 0;
    for (int i = 0; i < N; i++) s += y[i];
    printf("async sum %.0f\n", s);
    acc_memcpy_to_device(dx, x, 0);
    acc_free(dx);
    acc_free(dy);
    acc_free(NULL);
    printf("freed\n");
    return 0;
}
