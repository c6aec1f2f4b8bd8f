// run
/* acc_memcpy_d2d (§3.2.30): copies between the device copies of present
   host data, here both on the current device. */
#include <openacc.h>
#include <stdio.h>

#define N 64
int a[N], b[N];

int main(void) {
    int dev = acc_get_device_num(acc_get_device_type());
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; }
#pragma acc data copyin(a) copy(b)
    {
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] = 10 * a[i];
        acc_memcpy_d2d(b, a + 8, 8 * sizeof(int), dev, dev);        /* b[0:8] = a[8:8] */
        acc_memcpy_d2d_async(b + 8, a, 4 * sizeof(int), dev, dev, 2); /* b[8:4] = a[0:4] */
        acc_wait(2);
        acc_memcpy_d2d(b + 20, a, 0, dev, dev); /* nothing */
    }
    printf("b[0]=%d b[7]=%d b[8]=%d b[11]=%d b[12]=%d\n", b[0], b[7], b[8], b[11], b[12]);
    return 0;
}
