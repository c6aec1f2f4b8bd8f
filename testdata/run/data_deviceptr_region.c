// run
/* deviceptr on a data construct (OpenACC 3.4 §2.7.5): a pointer that
   already holds a device address (here from host_data use_device) is
   declared with deviceptr on a data region; the compute constructs inside
   use it as it is, with no lookup and no transfer. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

static void twice(float *d, int n) {
#pragma acc data deviceptr(d)
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) d[i] *= 2;
#pragma acc kernels
        for (int i = 0; i < n; i++) d[i] += 1;
    }
}

int main(void) {
    float *a = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc data copy(a[0:N])
    {
#pragma acc host_data use_device(a)
        twice(a, N); /* 2i + 1 */
#pragma acc host_data use_device(a)
        twice(a + 500, 500); /* upper half: 4i + 3 */
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != (i < 500 ? 2 * i + 1 : 4 * i + 3); }
    printf("sum %.1f bad %d\n", s, bad);
    free(a);
    return 0;
}
