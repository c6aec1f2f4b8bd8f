/* Uses the blocks of lib/buffer.c, a library built by plain gcc, in
   kernels (memory_test.go links the two). With -gpu=mem:managed the
   block is managed memory: the device address is the host address and a
   host write inside the data region is seen by the kernel; with separate
   memory neither. */
#include <openacc.h>
#include <stdio.h>

double *buffer_new(int n);
double *buffer_grow(double *b, int n);
void buffer_free(double *b);

int main(void) {
    int n = 1000;
    double *b = buffer_grow(buffer_new(n / 2), n), seen = 0, s = 0;
    for (int i = n / 2; i < n; i++) b[i] = i;
#pragma acc data copyin(b[0:n]) copyout(seen)
    {
        b[7] = 70;
        printf("shared %d\n", acc_deviceptr(b) == (void *)b);
#pragma acc parallel loop reduction(+:s) present(b[0:n])
        for (int i = 0; i < n; i++) {
            if (i == 7) seen = b[i];
            s += b[i];
        }
    }
    printf("seen %g sum %g\n", seen, s);
    buffer_free(b);
    return 0;
}
