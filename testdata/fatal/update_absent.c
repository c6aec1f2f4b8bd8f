// fatal
// stderr: FATAL ERROR: data in update device clause was not found on device
/* update device of data that is not present, without if_present
   (OpenACC 3.4 §2.14.4): a runtime error. The data was mapped once, but
   exit data released it before the update. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 50;
    double *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++) x[i] = i;
#pragma acc enter data copyin(x[0:n])
#pragma acc exit data delete(x[0:n])
#pragma acc update device(x[0:n])
    printf("unreachable %f\n", x[1]);
    free(x);
    return 0;
}
