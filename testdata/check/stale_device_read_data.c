// check
// env: ACCC_CHECK=all,stale
// stderr: ACCC CHECK: kernel read of stale data: 'c[0:1000]'
// stderr: stale_device_read_data.c:25
// stderr: stale_device_read_data.c:24
// stderr: a write at
// stderr: stale_device_read_data.c:23
// stderr: update device(c[0:1000])
/* BUG: kernel reads data the host changed without `update device`: inside
 * a data region with copyin(c), the host rescales c[] and the next kernel
 * reads the device copy, which still holds the old values.
 * VARIABLE: c[0:N]
 * LINES: line 15 (host write c[i] *= 10) and line 17 (kernel reads c[i]).
 * GPU RUN (correct compiler): "sum=1000 (expected 10000)".
 */
#include <stdio.h>
#define N 1000
int main(void) {
  static double c[N], r[N];
  for (int i = 0; i < N; i++) c[i] = 1.0;
#pragma acc data copyin(c[0:N]) copyout(r[0:N])
  {
    for (int i = 0; i < N; i++) c[i] *= 10.0; /* @B */
#pragma acc parallel loop
    for (int i = 0; i < N; i++) r[i] = c[i]; /* @A */
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += r[i];
  printf("sum=%g (expected 10000)\n", s);
  return 0;
}
