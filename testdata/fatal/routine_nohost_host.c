// fatal
// stderr: FATAL ERROR: the compute construct runs on the host (its if or self clause, or the host device type) and calls twice, a routine nohost, which has no host version
// stderr: routine_nohost_host.c function:main line:18
/* A compute construct whose if clause is false runs on the host, as
   written (OpenACC 3.4 §2.5.6); one that calls a routine nohost cannot,
   since that function has no host version (§2.15.1): a runtime error at
   the construct. */
#include <stdio.h>
#define N 16

#pragma acc routine seq nohost
static double twice(double x) { return 2 * x; }

int main(void) {
    double a[N];
    int on = 0;
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop copy(a) if(on)
    for (int i = 0; i < N; i++) a[i] = twice(a[i]);
    printf("unreachable %g\n", a[1]);
    return 0;
}
