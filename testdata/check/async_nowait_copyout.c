// check
// stderr: ACCC CHECK: host read of 'b[0:1000]'
// stderr: async_nowait_copyout.c:20 (main)
// stderr: async_nowait_copyout.c:18
// stderr: wait(2)
/* BUG: missing wait: the compute construct with copyout is async, so the
 * copy-out at its end is queued on queue 2; the host reads b[] with no wait.
 * VARIABLE: b[0:N]
 * LINES: line 13 (parallel loop copyout(b[0:N]) async(2)) and line 15 (printf of b[N-1]).
 * GPU RUN (correct compiler): b[N-1] may print the initial -1 (or anything:
 * the device copy is freed asynchronously); expected 3*(N-1)=2997.
 */
#include <stdio.h>
#define N 1000
int main(void) {
  static int b[N];
  for (int i = 0; i < N; i++) b[i] = -1;
#pragma acc parallel loop copyout(b[0:N]) async(2) /* @A */
  for (int i = 0; i < N; i++) b[i] = 3 * i;
  printf("b[N-1]=%d (expected 2997)\n", b[N - 1]); /* @B */
#pragma acc wait
  return 0;
}
