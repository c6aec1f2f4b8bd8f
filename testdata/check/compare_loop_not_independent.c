// check -gpu=autocompare
// env: ACCC_CHECK_ORDER=reverse
// stderr: compare_loop_not_independent.c:16 (main): 'y' element 2: device 3, host 4
// stderr: 'y' differs in 62 of 64 elements (the first: 2)
// stderr: 1 construct computed results on the device that differ from the host's; exit status 1
/* BUG: a loop that parallel's default makes independent reads what the
 * iteration before wrote (y[i - 1]). Autocompare runs the construct on
 * the device (emulate: iterations in reverse order, as a GPU may run
 * them) and then its host version on the same inputs, and reports the
 * first element where they differ. */
#include <stdio.h>
#define N 64
int main(void) {
    double x[N], y[N];
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
#pragma acc parallel loop copy(y) copyin(x)
    for (int i = 1; i < N; i++)
        y[i] = y[i - 1] + x[i];
    printf("%g\n", y[N - 1]);
    return 0;
}
