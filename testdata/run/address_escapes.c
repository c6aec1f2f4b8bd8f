// run
/* The address of an element of an array a construct otherwise only
   reads (&a[i], a + i) lets the code reach the array by other names: it
   is stored in a local pointer or in device memory, passed to routines,
   compared. Writes through it must reach the host (no copy-in-only
   mapping), the kernels must not take the array as read-only (const or
   restrict parameters, which nvcc rejects where the address is stored),
   and a kernels loop that reads through it where it writes the array
   stays sequential. */
#include <stdio.h>
#define N 64
#pragma acc routine seq
static void set(int *q, int v) { *q = v; }
#pragma acc routine seq
static int get(const int *q) { return q[1]; }
int main(void) {
    int a[N], b[N], c[N], d[N], e[N], f[N], r[N], g[N + 1], i;
    int *p[N];
    for (i = 0; i < N; i++) {
        a[i] = i; b[i] = 0; c[i] = i; d[i] = 0; e[i] = 0; f[i] = 2 * i; r[i] = 0; g[i] = i;
    }
    g[N] = N;
    /* Stored in a local pointer and written through. */
#pragma acc parallel loop
    for (i = 0; i < N; i++) {
        int *q = &a[i];
        *q += 1;
    }
    /* Passed to a routine that stores through it. */
#pragma acc parallel loop
    for (i = 0; i < N; i++) set(&b[i], 3 * i);
    /* Passed to a routine that reads through it. */
#pragma acc parallel loop
    for (i = 0; i < N - 1; i++) d[i] = get(&c[i]);
    /* Pointer arithmetic written through. */
#pragma acc parallel loop
    for (i = 0; i < N; i++) *(e + i) = i + 5;
    /* Stored in device memory and written through there. */
#pragma acc parallel loop copyout(p)
    for (i = 0; i < N; i++) {
        p[i] = &f[i];
        *p[i] = *p[i] + 1;
    }
    /* Compared; the data only read. */
#pragma acc parallel loop
    for (i = 0; i < N; i++) r[i] = (&f[i] == f + i) + f[i];
    /* Read through the address of the element the iteration writes:
       g[i + 1], which the next iteration writes. */
#pragma acc kernels
    for (i = 0; i < N; i++) g[i] = get(&g[i]) * 2;
    printf("%d %d %d %d %d %d %d %d %d\n", a[N - 1], b[N - 1], c[5], d[5], e[N - 1], f[N - 1], r[3], g[0], g[N - 1]);
    return 0;
}
