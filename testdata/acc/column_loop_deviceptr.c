// run
/* A column loop (opt/columnloops.go) over deviceptr data: the host cannot
   tell the pointers' device ranges, so the kernel runs one gang, whose
   lanes run each iteration of the sequential loop in step; right with
   arrays apart and with y[i1][i2] the row before's next column. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 300

static void sweep(int n, double (*x)[N], double (*y)[N]) {
    int i1, i2;
#pragma acc parallel deviceptr(x, y)
    for (i1 = 1; i1 < n; i1++)
#pragma acc loop
        for (i2 = 0; i2 < n; i2++)
            x[i1][i2] = x[i1 - 1][i2] * 0.5 + y[i1][i2];
}

static void reference(int n, double (*x)[N], double (*y)[N]) {
    for (int i1 = 1; i1 < n; i1++)
        for (int i2 = 0; i2 < n; i2++)
            x[i1][i2] = x[i1 - 1][i2] * 0.5 + y[i1][i2];
}

static int same(const double *a, const double *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

int main(void) {
    size_t bytes = sizeof(double[N + 1][N]);
    double *h = malloc(bytes), *r = malloc(bytes), *got = malloc(bytes);
    for (int i = 0; i < (N + 1) * N; i++)
        h[i] = r[i] = (i % 17) * 0.25;
    double *d = acc_malloc(bytes), *e = acc_malloc(bytes);
    acc_memcpy_to_device(d, h, bytes);
    acc_memcpy_to_device(e, h, bytes);
    /* apart */
    sweep(N, (double (*)[N])d, (double (*)[N])e);
    reference(N, (double (*)[N])r, (double (*)[N])h);
    acc_memcpy_from_device(got, d, bytes);
    printf("apart %s\n", same(got, r, (size_t)N * N) ? "ok" : "wrong");
    /* overlapping: y[i1][i2] is x[i1 - 1][i2 + 1] */
    for (int i = 0; i < (N + 1) * N; i++)
        h[i] = r[i] = (i % 13) * 0.5;
    acc_memcpy_to_device(e, h, bytes);
    sweep(N - 1, (double (*)[N])(e + N), (double (*)[N])(e + 1));
    reference(N - 1, (double (*)[N])(r + N), (double (*)[N])(r + 1));
    acc_memcpy_from_device(got, e, bytes);
    printf("overlapping %s\n", same(got, r, (size_t)(N + 1) * N) ? "ok" : "wrong");
    acc_free(d);
    acc_free(e);
    free(h);
    free(r);
    free(got);
    return 0;
}
