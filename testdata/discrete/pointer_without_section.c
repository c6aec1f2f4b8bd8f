// run
/* A pointer named without a section is the pointer itself (OpenACC 3.4
   §2.7.1), with separate device memory: data copy(p) around data whose
   device copy differs from the host's moves the pointer, not the data,
   so the host keeps its values, and so does update self(p); the section
   p[0:N] moves the data. A struct member named alone is the member itself
   likewise. x[i] = i on the host, 10 * i on the device:
   1. data copy(p), update self(p): sum stays 45.
   2. data copy(s.p): sum stays 45.
   3. exit data copyout(p[0:N]): sum is 450. */
#include <stdio.h>
#define N 10
struct S { int n; double *p; };

static double total(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

int main(void) {
    double x[N];
    for (int i = 0; i < N; i++) x[i] = i;
    double *p = x;
    struct S s = {N, x};
#pragma acc enter data copyin(x)
#pragma acc parallel loop present(x)
    for (int i = 0; i < N; i++) x[i] *= 10;
#pragma acc data copy(p)
    {
#pragma acc update self(p)
    }
    printf("copy(p) %g\n", total(x));
#pragma acc data copy(s.p)
    { }
    printf("copy(s.p) %g\n", total(x));
#pragma acc exit data copyout(p[0:N])
    printf("copyout(p[0:N]) %g\n", total(x));
    return 0;
}
