// run
/* parallel loop: y = 2x + y over 1000 elements (not a multiple of 128). */
#include <stdio.h>
#define N 1000
int x[N], y[N];
int main(void) {
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 3 * i + 1; }
#pragma acc parallel loop copyin(x[0:N]) copy(y[0:N])
    for (int i = 0; i < N; i++)
        y[i] = 2 * x[i] + y[i];
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += y[i]; if (y[i] != 5 * i + 1) bad++; }
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
