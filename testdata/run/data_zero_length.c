// run
/* Zero-length sections (OpenACC 3.4 §2.7.1): a section of length zero
   maps nothing and is not an error, whether its pointer is NULL or not,
   in data, enter/exit data, present and update; loops over zero elements
   do nothing. A non-empty array next to them works as usual. */
#include <stdio.h>
#include <stdlib.h>
#define N 500

static void scale(double *p, int n, double s) {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i < n; i++) p[i] *= s;
}

int main(void) {
    double *none = NULL;
    double *a = malloc(N * sizeof *a);
    int zero = 0;
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc data copy(a[0:N]) copyin(none[0:zero]) copy(a[7:0])
    {
        scale(a, N, 2.0);
        scale(none, zero, 3.0);
        scale(a + 10, zero, 5.0);
#pragma acc update self(a[0:zero]) device(none[0:0])
    }
#pragma acc enter data copyin(none[0:zero]) create(a[3:0])
#pragma acc exit data copyout(none[0:zero]) delete(a[3:0])
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != 2 * i; }
    printf("sum %.1f bad %d\n", s, bad);
    free(a);
    return 0;
}
