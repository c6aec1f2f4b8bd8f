// fatal
// stderr: FATAL ERROR: device number 99 is not available
/* set device_num with a device number that does not exist (OpenACC 3.4
   §2.14.3: acc_error_device_unavailable): a runtime error. */
#include <stdio.h>

int main(void) {
    int d = 99;
#pragma acc set device_num(d)
    printf("unreachable\n");
    return 0;
}
