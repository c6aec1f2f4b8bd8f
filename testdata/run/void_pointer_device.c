// run
/* A pointer to void assigned to, initialising or returned as a pointer
   to another type in device code (C converts it implicitly, C11
   6.5.16.1; malloc's result, for one): CUDA kernels are C++, where the
   conversion must be written out (nvcc rejected the generated code;
   found by FuzzBackend). */
#include <stdio.h>
#include <stdlib.h>
#define N 16

#pragma acc routine seq
static double *make(int n) {
    void *q = malloc(n * sizeof(double));
    return q;
}

#pragma acc routine seq
static double work(int n) {
    double (*r)[4] = malloc(n * sizeof *r);
    double *p;
    p = malloc(n * sizeof *p);
    const void *cv = p;
    const double *cp = cv;
    double *m = make(n);
    for (int i = 0; i < n; i++) {
        p[i] = i;
        r[i][1] = 2 * i;
        m[i] = 3 * i;
    }
    double s = cp[n - 1] + r[n - 1][1] + m[n - 1];
    free(p);
    free(r);
    free(m);
    return s;
}

int main(void) {
    double out[N];
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < N; i++) out[i] = work(i + 1);
    double s = 0;
    for (int i = 0; i < N; i++) s += out[i];
    printf("sum %g last %g\n", s, out[N - 1]);
    return 0;
}
