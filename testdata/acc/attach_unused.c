// run
/* A compute construct's attach clause names a pointer its code does not
   use: the clause attaches it (OpenACC 3.4 §2.7.12), and the variable gets
   no implicit data attribute (§2.6.2), which default(none) would have
   rejected and whose unknown extent was an error without a position
   (found by FuzzBackend). */
#include <stdio.h>
#include <stdlib.h>
#include <openacc.h>
#define N 16
int main(void) {
    double *p = malloc(N * sizeof *p), a[N];
    for (int i = 0; i < N; i++) p[i] = i;
    acc_copyin(&p, sizeof p); /* the pointer itself, then its data */
#pragma acc enter data copyin(p[0:N])
#pragma acc parallel loop attach(p) copyout(a) default(none)
    for (int j = 0; j < N; j++) a[j] = 2 * j;
#pragma acc parallel loop attach(p) copy(a) present(p[0:N])
    for (int j = 0; j < N; j++) a[j] += p[j];
#pragma acc exit data delete(p[0:N])
    acc_delete(&p, sizeof p);
    printf("a[%d] %g\n", N - 1, a[N - 1]);
    free(p);
    return 0;
}
