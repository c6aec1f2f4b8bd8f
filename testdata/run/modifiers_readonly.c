// run
/* The readonly modifier (OpenACC 3.4 §2.7.8): copyin(readonly: ...) on a
   data construct, a compute construct and enter data behaves like copyin
   (the data is only read on the device); the other clauses are unchanged. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
const double w[N] = {1, 2, 3};
double x[N], y[N];

int main(void) {
    double *z = malloc(N * sizeof *z);
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 0; z[i] = 0.25; }
#pragma acc data copyin(readonly: w, x[0:N]) copyout(y)
    {
#pragma acc parallel loop present(w, x, y)
        for (int i = 0; i < N; i++) y[i] = w[i % 4] + x[i];
    }
#pragma acc enter data copyin(readonly: z[0:N])
#pragma acc parallel loop copyin(readonly: x) copy(y) present(z[0:N])
    for (int i = 0; i < N; i++) y[i] += x[i] * z[i];
#pragma acc exit data delete(z[0:N])
    double s = 0;
    for (int i = 0; i < N; i++) s += y[i];
    printf("sum %.2f\n", s);
    free(z);
    return 0;
}
