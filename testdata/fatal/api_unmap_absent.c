// fatal
// stderr: FATAL ERROR: acc_unmap_data of host:0x
// stderr: , which is not present file:
// stderr: api_unmap_absent.c function:main line:13
/* acc_unmap_data of data that acc_map_data did not map (OpenACC 3.4
   §3.2.22): a runtime error at the line of the call. */
#include <openacc.h>
#include <stdio.h>
static float a[64];

int main(void) {
    a[0] = 1;
    acc_unmap_data(a);
    printf("unreachable %f\n", a[0]);
    return 0;
}
