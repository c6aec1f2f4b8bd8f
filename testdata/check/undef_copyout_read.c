// check
// stderr: ACCC CHECK: kernel read of undefined data: 'b[0:1000]'
// stderr: undef_copyout_read.c:19
// stderr: undef_copyout_read.c:17
/* BUG: copyout data read before written: b[] is copyout, so its device copy
 * starts uninitialised, but the kernel does b[i] += a[i] (needs `copy`).
 * VARIABLE: b[0:N]
 * LINES: line 13 (copyout(b[0:N]) clause) and line 15 (read of b[i] in b[i] += a[i]).
 * GPU RUN (correct compiler): garbage, often "sum=1000 (expected 2000)" on a
 * fresh allocation (zeros) or any value on a reused one.
 */
#include <stdio.h>
#define N 1000
int main(void) {
  static double a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = 1.0; b[i] = 1.0; }
#pragma acc parallel loop copyin(a[0:N]) copyout(b[0:N]) /* @A */
  for (int i = 0; i < N; i++)
    b[i] += a[i]; /* @B */
  double s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("sum=%g (expected 2000)\n", s);
  return 0;
}
