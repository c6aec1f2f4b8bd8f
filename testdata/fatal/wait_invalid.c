// fatal
// stderr: FATAL ERROR: invalid async argument -5
/* wait on a negative queue that is neither acc_async_noval nor
   acc_async_sync (OpenACC 3.4 §2.16, §2.16.3: acc_error_invalid_async):
   a runtime error, on every target. */
#include <stdio.h>
float a[10];

int main(void) {
    int q = -5;
#pragma acc parallel loop copy(a) async(1)
    for (int i = 0; i < 10; i++) a[i] = i;
#pragma acc wait(q)
    printf("unreachable %f\n", a[1]);
    return 0;
}
