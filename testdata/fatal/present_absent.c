// fatal
/* present on data that no construct mapped (§2.7.6): a runtime error
   naming the variable and the construct's line, as NVHPC prints it. */
// stderr: FATAL ERROR: data in PRESENT clause was not found on device 1: name=a
// stderr: line:10
#include <stdio.h>
float a[100];
int main(void) {
    for (int i = 0; i < 100; i++) a[i] = i;
#pragma acc parallel loop present(a)
    for (int i = 0; i < 100; i++) a[i] += 1;
    printf("unreachable %f\n", a[1]);
    return 0;
}
