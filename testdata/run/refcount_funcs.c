// run
/* Dynamic and structured reference counts across functions (OpenACC 3.4
   §2.6.7): setup() maps a and b with enter data (dynamic count 1), step()
   uses them with present and with copy/copyin (already present: no
   transfer, the structured count goes up and back down), main() wraps
   two steps in a data region and a nested one (present-or semantics: no
   transfer at either exit), and finish() copies a back and deletes b
   with exit data. Only a is printed: b is never copied back, so its host
   value differs between a device and a host build. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

static void setup(double *a, double *b, int n) {
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
}

static void step(double *a, double *b, int n, double s) {
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i] * s;
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
    for (int i = 0; i < n; i++) a[i] = a[i] + b[i];
}

static void finish(double *a, double *b, int n) {
#pragma acc exit data copyout(a[0:n]) delete(b[0:n])
}

int main(void) {
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; }
    setup(a, b, N);
    step(a, b, N, 1.0); /* b = i, a = 2i */
#pragma acc data copy(a[0:N]) create(b[0:N])
    {
        step(a, b, N, 0.5); /* b = i, a = 3i */
#pragma acc data present(a[0:N]) copyin(b[0:N])
        step(a, b, N, 2.0); /* b = 6i, a = 9i */
    }
    step(a, b, N, -1.0); /* b = -9i, a = 0 */
    step(a, b, N, 0.0);  /* b = 0, a = 0 */
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++) a[i] += 5 * i;
    finish(a, b, N);
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != 5.0 * i; }
    printf("sum %.1f bad %d\n", s, bad);
    free(a);
    free(b);
    return 0;
}
