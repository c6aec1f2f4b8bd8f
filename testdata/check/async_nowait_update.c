// check
// stderr: ACCC CHECK: host read of 'a[0:1000]'
// stderr: async_nowait_update.c:24 (main)
// stderr: async_nowait_update.c:22
/* BUG: missing wait on an async queue before a host read.
 * The kernel and the `update self` run on queue 1; the host reads a[]
 * before `#pragma acc wait(1)`, so on a GPU it may see old values.
 * VARIABLE: a[0:N]
 * LINES: line 18 (update self(a[0:N]) async(1)) and line 20 (host read of a[i]).
 * GPU RUN (correct compiler): often "sum=0 (expected 2000)" or a partial
 * sum; emulate/host print the expected value because async work runs at once.
 */
#include <stdio.h>
#define N 1000
static double a[N];
int main(void) {
  for (int i = 0; i < N; i++) a[i] = 0.0;
#pragma acc data copyin(a[0:N])
  {
#pragma acc parallel loop present(a[0:N]) async(1)
    for (int i = 0; i < N; i++) a[i] = 2.0;
#pragma acc update self(a[0:N]) async(1) /* @A */
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i]; /* @B */
    printf("sum=%g (expected 2000)\n", s);
#pragma acc wait(1)
  }
  return 0;
}
