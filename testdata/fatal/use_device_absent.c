// fatal
/* host_data use_device of data that is not present (§2.8.1, without
   if_present). On shared-memory targets the host address is the device
   address, but the present check fires the same way. */
// stderr: FATAL ERROR: data in use_device clause was not found on device 1: name=p
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    float *p = malloc(10 * sizeof *p);
#pragma acc host_data use_device(p)
    {
        printf("unreachable %p\n", (void *)p);
    }
    free(p);
    return 0;
}
