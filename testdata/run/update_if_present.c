// run
/* update with if and if_present (OpenACC 3.4 §2.14.4): if_present skips
   the data that is not present (b) and updates the data that is (a);
   if(false) does nothing; update host is update self. The results are
   the same on every target and without OpenACC. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

int main(void) {
    int n = N;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = 1; }
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++) a[i] += 1;
#pragma acc update self(a[0:n], b[0:n]) if_present
    double s1 = 0;
    for (int i = 0; i < n; i++) s1 += a[i] + b[i];
    for (int i = 0; i < n; i++) b[i] = 2;
#pragma acc update device(b[0:n]) if_present
#pragma acc update device(a[0:n]) if(n < 0)
#pragma acc update self(b[0:n]) if(n > 0) if_present
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++) a[i] *= 3;
#pragma acc update host(a[0:n]) if(n > 0)
    double s2 = 0;
    int bad = 0;
    for (int i = 0; i < n; i++) { s2 += a[i] + b[i]; bad += a[i] != 3 * (i + 1) || b[i] != 2; }
#pragma acc exit data delete(a[0:n])
#pragma acc update self(a[0:n]) if_present
    printf("%.1f %.1f bad %d\n", s1, s2, bad);
    free(a);
    free(b);
    return 0;
}
