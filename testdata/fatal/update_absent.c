// fatal
/* update of data that is not present (§2.14.4 without if_present). */
// stderr: FATAL ERROR: data in update self clause was not found on device 1: name=b
// stderr: line:9
#include <stdio.h>
double b[10];
int main(void) {
    b[0] = 1;
#pragma acc update self(b)
    printf("unreachable %f\n", b[0]);
    return 0;
}
