// fatal
// stderr: FATAL ERROR: acc_map_data of host:0x
// stderr: , which overlaps data already present: name=a[0:50] host:0x
// stderr: api_map_overlap.c function:map_tail line:13
/* acc_map_data of a range that overlaps data an enter data directive
   mapped (OpenACC 3.4 §3.2.21): a runtime error that names the present
   data and the line of the call. */
#include <openacc.h>
#include <stdio.h>
static double a[100];

static void map_tail(void *dev) {
    acc_map_data(a + 40, dev, 40 * sizeof(double));
}

int main(void) {
#pragma acc enter data copyin(a[0:50])
    map_tail(acc_malloc(40 * sizeof(double)));
    printf("unreachable %f\n", a[0]);
    return 0;
}
