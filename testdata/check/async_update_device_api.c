// check
// stderr: ACCC CHECK: host write of 'a[0:n]'
// stderr: async_update_device_api.c:20 (main)
// stderr: async_update_device_api.c:19
// stderr: wait(3)
/* update device async(3) reads a while the host goes on: the host must
   not change a before it waits for queue 3 (OpenACC 3.4 §2.16.1). The
   wait comes one statement too late. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 4096;
    double *a = malloc(n * sizeof *a);
    double s = 0;
    for (int i = 0; i < n; i++) a[i] = 1;
#pragma acc enter data create(a[0:n])
    for (int i = 0; i < n; i++) a[i] = 2;
#pragma acc update device(a[0:n]) async(3)
    a[0] = 5;
    acc_wait(3);
#pragma acc parallel loop present(a[0:n]) reduction(+:s)
    for (int i = 0; i < n; i++) s += a[i];
#pragma acc exit data delete(a[0:n])
    printf("s=%g\n", s);
    free(a);
    return 0;
}
