// check
// stderr: ACCC CHECK: host write of 'x[0:1000]'
// stderr: async_host_write_pending.c:21 (main)
// stderr: async_host_write_pending.c:20
// stderr: wait(1)
/* BUG: host writes the source of an async copyin before the queue ran it
 * (write-after-read hazard on the host copy): `enter data copyin(x) async(1)`
 * then the host overwrites x[] before `wait(1)`.
 * VARIABLE: x[0:N]
 * LINES: line 15 (enter data copyin(x[0:N]) async(1)) and line 16 (host write x[i] = -1).
 * GPU RUN (correct compiler): the device may receive -1s instead of 1s
 * (pinned/staged copies make this timing-dependent): sum between -1000 and
 * 1000; expected 1000.
 */
#include <stdio.h>
#define N 1000
int main(void) {
  static double x[N];
  for (int i = 0; i < N; i++) x[i] = 1.0;
#pragma acc enter data copyin(x[0:N]) async(1) /* @A */
  for (int i = 0; i < N; i++) x[i] = -1.0; /* @B */
#pragma acc wait(1)
  double s = 0;
#pragma acc parallel loop present(x[0:N]) reduction(+:s)
  for (int i = 0; i < N; i++) s += x[i];
  printf("sum=%g (expected 1000: the copy-in was meant to see 1s)\n", s);
#pragma acc exit data delete(x[0:N])
  return 0;
}
