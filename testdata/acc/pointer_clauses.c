// run
/* A pointer named in a data clause without a section is the pointer
   itself, not the data it points to (OpenACC §2.7.1): its value moves,
   and its device copy is attached to the device copy of its target where
   that is present (§2.6.8). In deviceptr, a pointer holds a device
   address (§2.7.4). */
#include <stdio.h>
#include <stdlib.h>
#include <openacc.h>
#define N 50

struct S { int n; double *p; };

static double total(const double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}

/* The kernel reaches the data through the pointer's device copy. */
static void scale(double *p, int n) {
#pragma acc parallel loop copyin(p)
    for (int i = 0; i < n; i++) p[i] *= 2;
}

/* Device pointers: acc_malloc'd memory in deviceptr clauses of compute
   and data constructs. */
static void fill(double *d, int n) {
#pragma acc kernels deviceptr(d)
    for (int i = 0; i < n; i++) d[i] = i;
}

int main(void) {
    int n = N;
    double *x = malloc(n * sizeof *x);
    for (int i = 0; i < n; i++) x[i] = 1;

    /* The data is present: copyin(p) attaches p's device copy. */
#pragma acc enter data copyin(x[0:n])
    scale(x, n);
#pragma acc exit data copyout(x[0:n])
    printf("attached %g\n", total(x, n));

    /* The pointer's value is the data: the device moves it on. */
    double *p = x;
#pragma acc serial copy(p)
    p = p + 3;
    printf("moved %ld\n", (long)(p - x));

    /* A pointer member alone is the member itself. */
    struct S s = {n, x};
#pragma acc serial copy(s.p) copyin(s.n)
    s.p += s.n - 1;
    printf("member moved %ld\n", (long)(s.p - x));

    /* enter data, update and exit data of the pointer itself. */
    double *q = x + 5;
#pragma acc enter data copyin(q)
    q = x + 7;
#pragma acc update device(q)
#pragma acc serial copyin(q)
    q = q + 1;
#pragma acc update self(q)
#pragma acc exit data delete(q)
    printf("updated %ld\n", (long)(q - x));

    /* deviceptr. */
    double *d = acc_malloc(n * sizeof *d);
    fill(d, n);
#pragma acc data deviceptr(d) copy(x[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) x[i] = d[i] + 1;
    }
    acc_free(d);
    printf("deviceptr %g\n", total(x, n));
    free(x);
    return 0;
}
