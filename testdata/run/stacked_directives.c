// run
/* Directives stacked on one statement: each construct's block nests in
   the one written before it, whatever the mix (data, host_data, compute
   constructs, two written on one line with _Pragma), and a declare
   written between a data directive and its block keeps its data to the
   end of the function's block (§2.13). */
#include <stdio.h>
#define N 64
float a[N], b[N], c[N];

/* Adds 1 to n elements at d (a device address under host_data). */
static void bump(float *d, int n) {
#pragma acc parallel loop deviceptr(d)
    for (int i = 0; i < n; i++) d[i] += 1;
}

static float sum(const float *x, int n) {
    float s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}

static void declared(int n) {
    float t[N];
#pragma acc data copy(a[0:n])
#pragma acc declare create(t)
    {
#pragma acc parallel loop present(a[0:n], t)
        for (int i = 0; i < n; i++) { t[i] = 2 * i; a[i] += t[i]; }
    }
    /* t is still on the device: the declare's data live to here. */
#pragma acc parallel loop present(t) copyout(b[0:n])
    for (int i = 0; i < n; i++) b[i] = t[i] + 1;
    printf("declare %g %g\n", sum(a, n), sum(b, n));
}

int main(void) {
    int n = N;
    for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; c[i] = 0; }
    /* Three data constructs on one block. */
#pragma acc data copyin(a[0:n])
#pragma acc data copyout(b[0:n])
#pragma acc data create(c[0:n])
    {
#pragma acc parallel loop present(a[0:n], c[0:n])
        for (int i = 0; i < n; i++) c[i] = 2 * a[i];
#pragma acc parallel loop present(b[0:n], c[0:n])
        for (int i = 0; i < n; i++) b[i] = c[i] + 1;
    }
    printf("data data data %g\n", sum(b, n));
    /* Two data constructs on a combined construct, without braces. */
#pragma acc data copy(a[0:n])
#pragma acc data copyin(b[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int i = 0; i < n; i++) a[i] += b[i];
    printf("data data parallel %g\n", sum(a, n));
    /* Data on kernels, and on serial with an if clause. */
    for (int i = 0; i < n; i++) c[i] = i;
#pragma acc data copy(c[0:n])
#pragma acc kernels
    for (int i = 0; i < n; i++) c[i] = c[i] * 2;
#pragma acc data copy(c[0:n]) if(n > 1)
#pragma acc serial present(c[0:n])
    c[0] = -1;
    printf("data kernels, data serial %g\n", sum(c, n));
    /* host_data on data, and data on host_data on data. */
#pragma acc data copy(a[0:n])
#pragma acc host_data use_device(a)
    bump(a, n);
#pragma acc data copy(b[0:n])
#pragma acc host_data use_device(b)
#pragma acc data copy(c[0:n])
    {
        bump(b, n);
    }
    printf("host_data %g %g %g\n", sum(a, n), sum(b, n), sum(c, n));
    /* Two data constructs written on one line. */
    _Pragma("acc data copyin(a[0:n])") _Pragma("acc data copy(b[0:n])") {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) b[i] = a[i] - b[i];
    }
    printf("one line %g\n", sum(b, n));
    declared(n);
    return 0;
}
