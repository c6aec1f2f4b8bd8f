// run
/* present inside a data region, and nested data clauses on data already
   present (no transfer at the inner construct: reference counting). */
#include <stdio.h>
#define N 1024
float a[N], b[N];
int main(void) {
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
#pragma acc data copy(a, b)
    {
#pragma acc parallel loop present(a, b)
        for (int i = 0; i < N; i++) b[i] = a[i] + 1;
#pragma acc parallel loop copy(a) copyin(b)
        for (int i = 0; i < N; i++) a[i] = b[i] * 2;
#pragma acc data present(a) copyin(b)
        {
#pragma acc parallel loop present(a, b)
            for (int i = 0; i < N; i++) b[i] = a[i] - b[i];
        }
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i] + b[i]; bad += a[i] != 2 * (i + 1) || b[i] != i + 1; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
