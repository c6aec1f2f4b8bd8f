// fatal
// stderr: FATAL ERROR: data in PRESENT clause was not found on device
/* present on data that was never mapped (OpenACC 3.4 §2.7.6): a function
   expects its caller to have mapped p[0:n], the caller did not. The
   present table is kept on every target, so the error fires on the
   shared-memory targets too. */
#include <stdio.h>
#include <stdlib.h>

static void scale(float *p, int n) {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] *= 2;
}

int main(void) {
    int n = 100;
    float *p = malloc(n * sizeof *p);
    for (int i = 0; i < n; i++) p[i] = i;
    scale(p, n);
    printf("unreachable %f\n", p[1]);
    free(p);
    return 0;
}
