// check
// stderr: FATAL ERROR: deviceptr(h):
// stderr: is not device memory
// stderr: line:21
/* BUG: `deviceptr` of host memory: h points to a host array, not to
 * acc_malloc'ed memory, so the kernel dereferences a host address on the
 * device.
 * VARIABLE: h
 * LINES: line 14 (h = host array) and line 17 (deviceptr(h)).
 * GPU RUN (correct compiler): "an illegal memory access was encountered"
 * (or works by accident with HMM/unified memory); emulate could say
 * "FATAL ERROR: deviceptr(h) is a host address".
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 256;
  float *h = malloc(n * sizeof *h); /* @A */
  for (int i = 0; i < n; i++) h[i] = 1.0f;
  float s = 0;
#pragma acc parallel loop deviceptr(h) reduction(+:s) /* @B */
  for (int i = 0; i < n; i++) s += h[i];
  printf("s=%g (expected 256)\n", s);
  free(h);
  return 0;
}
