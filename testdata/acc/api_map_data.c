// run
/* acc_map_data and acc_unmap_data (§3.2.21-3.2.22): device memory from
   acc_malloc becomes the device copy of host data; compute regions use it
   as present data; unmapping leaves the device memory to its owner. */
#include <openacc.h>
#include <stdio.h>

#define N 1000
double h[N], out[N];

int main(void) {
    for (int i = 0; i < N; i++) h[i] = i;
    double *d = acc_malloc(sizeof h);
    acc_map_data(h, d, sizeof h);
    printf("present: %d, device address: %d\n", acc_is_present(h, sizeof h), acc_deviceptr(h) == d);
    printf("host address: %d\n", acc_hostptr(d + 3) == h + 3);
    acc_memcpy_to_device(d, h, sizeof h);
#pragma acc parallel loop present(h)
    for (int i = 0; i < N; i++) h[i] = h[i] + 0.5;
    /* a data region over mapped data copies nothing */
#pragma acc data copy(h)
    {
#pragma acc parallel loop
        for (int i = 0; i < N; i++) h[i] = h[i] * 2;
    }
    acc_memcpy_from_device(out, d, sizeof out);
    double s = 0;
    for (int i = 0; i < N; i++) s += out[i];
    printf("device sum %.0f\n", s);
    acc_update_self(h, sizeof h);
    printf("h[10]=%.0f\n", h[10]);
    acc_unmap_data(h);
    printf("present after unmap: %d\n", acc_is_present(h, sizeof h));
    /* the memory is still the program's */
    acc_memcpy_from_device(out, d, sizeof(double));
    printf("out[0]=%.0f\n", out[0]);
    /* map again, and the runtime's copyin of mapped data just counts */
    acc_map_data(h, d, sizeof h);
    acc_copyin(h, sizeof h);
    acc_copyout(h, sizeof h);
    printf("still mapped: %d\n", acc_is_present(h, sizeof h));
    acc_unmap_data(h);
    acc_free(d);
    return 0;
}
