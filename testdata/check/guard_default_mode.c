// check
// env: ACCC_CHECK=0
// stderr: FATAL ERROR: out of bounds: a kernel wrote past the end of the device copy of 'p[0:n]' (256 bytes): byte 0 after its end changed (found when the data was released)
/* Without ACCC_CHECK, every device copy of -acc=emulate still has guard
   bytes around it: the write of p[n] is found when the copy goes, instead
   of corrupting the heap. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 64;
    int *p = malloc((n + 1) * sizeof *p);
#pragma acc parallel loop copy(p[0:n])
    for (int i = 0; i <= n; i++) p[i] = i;
    printf("p[n-1]=%d\n", p[n - 1]);
    free(p);
    return 0;
}
