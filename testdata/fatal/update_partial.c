// fatal
// stderr: FATAL ERROR: variable in data clause is partially present on device
/* update self of a section that is only partly present (OpenACC 3.4
   §2.14.4): a data region maps a[0:100], the update names a[50:100],
   whose second half is not mapped. if_present does not help: the data is
   neither wholly present nor wholly absent. */
#include <stdio.h>
int a[200];

int main(void) {
#pragma acc data copyin(a[0:100])
    {
#pragma acc update self(a[50:100]) if_present
    }
    printf("unreachable %d\n", a[1]);
    return 0;
}
