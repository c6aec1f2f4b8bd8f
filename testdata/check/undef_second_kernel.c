// check
// stderr: ACCC CHECK: kernel read of undefined data: 'w[0:n]', element 0 of the section
// stderr: undef_second_kernel.c:21 (main_19_cpu_gang)
// stderr: undef_second_kernel.c:19 (main)
// stderr: undef_second_kernel.c:15 (main)
/* A scratch array made by create: the first kernel writes only its odd
   elements, the second reads them all. The even ones were never written
   (OpenACC 3.4 §2.7.10: create allocates without copying). */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int n = 512;
    float *w = malloc(n * sizeof *w), *out = malloc(n * sizeof *out);
    for (int i = 0; i < n; i++) w[i] = 0;
#pragma acc data create(w[0:n]) copyout(out[0:n])
    {
#pragma acc parallel loop
        for (int i = 1; i < n; i += 2) w[i] = i;
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            out[i] = w[i] * 2;
    }
    printf("out[1]=%g\n", out[1]);
    free(w);
    free(out);
    return 0;
}
