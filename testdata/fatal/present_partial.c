// fatal
// stderr: FATAL ERROR: variable in data clause is partially present on device
/* Partial presence (OpenACC 3.4 §2.7.6, §2.6.7): only a[0:100] is mapped
   (by enter data), and present(a[0:200]) names a longer section that
   starts inside it: a runtime error, not a silent use of unmapped
   memory. */
#include <stdio.h>
float a[200];

int main(void) {
    for (int i = 0; i < 200; i++) a[i] = i;
#pragma acc enter data copyin(a[0:100])
#pragma acc parallel loop present(a[0:200])
    for (int i = 0; i < 200; i++) a[i] += 1;
#pragma acc exit data copyout(a[0:100])
    printf("unreachable %f\n", a[1]);
    return 0;
}
