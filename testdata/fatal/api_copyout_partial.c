// fatal
// stderr: FATAL ERROR: variable in data clause is partially present on device 1: name=acc_copyout host:0x
// stderr: overlaps present name=acc_copyin host:0x
// stderr: api_copyout_partial.c function:main line:14
/* acc_copyout of a range that is only partly present (OpenACC 3.4
   §3.2.19): a runtime error at the line of the call (where it starts,
   when it spans lines). */
#include <openacc.h>
#include <stdio.h>
static double a[100];

int main(void) {
    acc_copyin(a, 50 * sizeof(double));
    acc_copyout(a + 25,
                50 * sizeof(double));
    printf("unreachable %f\n", a[0]);
    return 0;
}
