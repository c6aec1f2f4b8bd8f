// errorcheck -acc=multicore
/* memcpy, memmove and memset in device code store through their first
   argument (opt/libstores.go): the data they reach is written, so no
   warning says that a copyout variable is never written or is read before
   anything writes it. */
#include <string.h>
#define N 64

void f(int a[N][8], int b[N][8], int c[N][8], double *x, int n) {
#pragma acc parallel loop copyout(a[0:N], b[0:N], c[0:N]) copyout(x[0:n])
    for (int i = 0; i < N; i++) {
        memset(a[i], 0, sizeof a[i]);
        memcpy(b[i], a[i], sizeof a[i]);
        memmove(c[i], b[i], sizeof b[i]);
        memset(&x[i], 0, sizeof x[i]);
    }
}
