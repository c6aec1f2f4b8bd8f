// check
// env: ACCC_CHECK=all,stale
// stderr: ACCC CHECK: host read of stale data: 'a[0:1000]', element 500
// stderr: stale_host_read_data.c:23 (main)
// stderr: stale_host_read_data.c:21
// stderr: update self(a[0:1000])
/* BUG: host read of data only the device updated: inside a data region
 * with copy(a), a kernel writes a[], then the host reads a[] with no
 * `update self(a[0:N])`.
 * VARIABLE: a[0:N]
 * LINES: line 16 (kernel writes a[i]) and line 17 (host reads a[N/2]).
 * GPU RUN (correct compiler): "mid=0 (expected 500)"; after the region
 * "end=500". host target: mid=500 (shared memory hides it).
 */
#include <stdio.h>
#define N 1000
int main(void) {
  static float a[N];
#pragma acc data copy(a[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++) a[i] = (float)i; /* @A */
    printf("mid=%g (expected 500)\n", a[N / 2]); /* @B */
  }
  printf("end=%g\n", a[N / 2]);
  return 0;
}
