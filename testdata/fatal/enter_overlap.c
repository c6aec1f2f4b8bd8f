// fatal
// stderr: FATAL ERROR: variable in data clause is partially present on device
/* A larger section that overlaps a smaller present one (OpenACC 3.4
   §2.6.7, §2.7.8): the data region maps a[10:20]; enter data
   copyin(a[0:100]) covers it and more, so it is partly present: a runtime
   error, not a second, overlapping device copy. */
#include <stdio.h>
float a[100];

int main(void) {
#pragma acc data copyin(a[10:20])
    {
#pragma acc enter data copyin(a[0:100])
    }
    printf("unreachable %f\n", a[1]);
    return 0;
}
