// fatal
// stderr: FATAL ERROR: invalid async argument -7
/* async with a negative queue that is neither acc_async_noval nor
   acc_async_sync (OpenACC 3.4 §2.16.1: acc_error_invalid_async) on a
   compute construct: a runtime error, on every target. */
#include <stdio.h>
float a[10];

int main(void) {
    int q = -7;
#pragma acc parallel loop copy(a) async(q)
    for (int i = 0; i < 10; i++) a[i] = i;
#pragma acc wait
    printf("unreachable %f\n", a[1]);
    return 0;
}
