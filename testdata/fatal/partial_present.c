// fatal
/* A section larger than what is present (§2.7.3: partly present data is
   an error) names both ranges. */
// stderr: FATAL ERROR: variable in data clause is partially present on device 1: name=a[0:200]
// stderr: name=a[0:100]
#include <stdio.h>
float a[200];
int main(void) {
#pragma acc data copy(a[0:100])
    {
#pragma acc parallel loop copy(a[0:200])
        for (int i = 0; i < 200; i++) a[i] = i;
    }
    printf("unreachable %f\n", a[1]);
    return 0;
}
