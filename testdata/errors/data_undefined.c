// errorcheck -acc=gpu -Wno-data-movement
/* data-undefined (lower/hostchecks.go): copyout and create give data a
   new device copy without the host's values (OpenACC 3.4 §2.7.7,
   §2.7.9); a construct that reads it before anything writes it reads
   uninitialised memory. The negative cases are correct programs of the
   same shapes, and data that may be present already. */
#include <stdlib.h>
#include <openacc.h>
#define N 1000
static double g[N];
void init(double *p, int n);

void copyout_read(void) {
    static double a[N], b[N];
#pragma acc parallel loop copyin(a) copyout(b) // want warning:"'b' is read at line 17 before anything writes it, but its device copy is new and uninitialised: copyout(b) at line 15 does not copy the host's values in; use copy, or write the data on the device first"
    for (int i = 0; i < N; i++)
        b[i] += a[i];
    double m[N][N];
#pragma acc parallel loop copyout(m) // want warning:"'m' is read at line 22 before anything writes it"
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            m[i][j] = m[i][j] * 2;
#pragma acc kernels copyout(b) // want warning:"'b' is read at line 25 before anything writes it"
    for (int i = 0; i < N; i++)
        b[i]++;
}

void create_read(int n) {
    double *tmp = malloc(n * sizeof *tmp), *out = malloc(n * sizeof *out);
    double *t2 = malloc(n * sizeof *t2);
#pragma acc data create(tmp[0:n]) copyout(out[0:n])
    {
        for (int i = 0; i < n; i++)
            tmp[i] = 5.0; /* the host's copy only */
#pragma acc parallel loop // want warning:"'tmp' is read at line 37 before anything writes it, but its device copy is new and uninitialised: create(tmp[0:n]) at line 31 does not copy the host's values in; use copyin (or update device after it), or write the data on the device first"
        for (int i = 0; i < n; i++)
            out[i] = tmp[i];
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            out[i] += 1;
    }
#pragma acc parallel loop create(t2[0:n]) copyout(out[0:n]) // want warning:"'t2' is read at line 44 before anything writes it, but its device copy is new and uninitialised: create(t2[0:n]) at line 42"
    for (int i = 0; i < n; i++)
        out[i] = t2[i] + 1;
    free(tmp);
    free(out);
    free(t2);
}

/* Correct programs, and data that may be present already: no warning. */
void correct(int n, double *p) {
    static double a[N], b[N], c[N], z[N];
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *w = malloc(n * sizeof *w);
    /* Written before it is read, copied in, cleared by zero. */
#pragma acc parallel loop copyin(a) copyout(b, c)
    for (int i = 0; i < N; i++) {
        b[i] = a[i];
        c[i] = b[i] * 2;
    }
#pragma acc parallel loop copyin(a) copy(b)
    for (int i = 0; i < N; i++)
        b[i] += a[i];
#pragma acc parallel loop copyin(a) copyout(zero: z)
    for (int i = 0; i < N; i++)
        z[i] += a[i];
    /* A parameter's data and a global may be present (a caller's data
       construct, enter data elsewhere). */
#pragma acc parallel loop copyout(p[0:n])
    for (int i = 0; i < n; i++)
        p[i] += 1;
#pragma acc parallel loop copyout(g)
    for (int i = 0; i < N; i++)
        g[i] += 1;
    /* The first construct writes, update device fills the copy, a
       function may map the data. */
#pragma acc data create(x[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            x[i] = i;
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            x[i] += 1;
    }
#pragma acc data create(y[0:n])
    {
        for (int i = 0; i < n; i++)
            y[i] = i;
#pragma acc update device(y[0:n])
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            y[i] += 1;
    }
    init(w, n);
#pragma acc parallel loop create(w[0:n]) copyout(b)
    for (int i = 0; i < n; i++)
        b[i] = w[i];
    /* Reads that only may run first: under a condition, a read of
       another element than the store writes. */
#pragma acc parallel loop copyin(a) copyout(c)
    for (int i = 0; i < N; i++) {
        c[i] = a[i];
        if (a[i] > 0)
            c[i] += c[i];
    }
#pragma acc parallel loop copyout(c)
    for (int i = 0; i < N - 1; i++)
        c[i] = 1;
    /* A kernels construct whose first loop writes what the second
       reads. */
#pragma acc kernels copyout(b)
    {
        for (int i = 0; i < N; i++)
            b[i] = 0;
        for (int i = 0; i < N; i++)
            b[i] += 1;
    }
    free(x);
    free(y);
    free(w);
}
