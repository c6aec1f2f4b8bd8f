// fatal
// stderr: FATAL ERROR: invalid async argument -5: a queue is a number >= 0, acc_async_noval (-1) or acc_async_sync (-2) file:
// stderr: api_wait_invalid.c function:finish line:12
/* acc_wait on a negative queue that is neither acc_async_noval nor
   acc_async_sync (OpenACC 3.4 §3.2.10: acc_error_invalid_async): a runtime
   error that names the routine and the line of the call. */
#include <openacc.h>
#include <stdio.h>
float a[10];

static void finish(int q) {
    acc_wait(q);
}

int main(void) {
#pragma acc parallel loop copy(a) async(1)
    for (int i = 0; i < 10; i++) a[i] = i;
    finish(-5);
    printf("unreachable %f\n", a[1]);
    return 0;
}
