// fatal
// stderr: FATAL ERROR: data in update device clause was not found on device 1: name=acc_update_device host:0x
// stderr: api_update_absent.c function:main line:15
/* acc_update_device of data that is not present (OpenACC 3.4 §3.2.20):
   a runtime error, as the update directive, at the line of the call. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 32;
    float *x = calloc(n, sizeof *x);
    acc_copyin(x, n * sizeof *x);
    acc_delete(x, n * sizeof *x);
    acc_update_device(x, n * sizeof *x);
    printf("unreachable %f\n", x[0]);
    free(x);
    return 0;
}
