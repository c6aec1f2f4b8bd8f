// check
// env: ACCC_CHECK=all,stale
// stderr: ACCC CHECK: kernel read of stale data: 'w[0:n]'
// stderr: stale_device_read_enter.c:22
// stderr: stale_device_read_enter.c:17
// stderr: update device(w[0:n])
/* BUG: kernel reads host-changed data, across functions: main maps w with
 * enter data, then init() changes w on the host; step() runs a kernel with
 * present(w) that reads the stale device copy. No `update device(w[0:n])`.
 * VARIABLE: w[0:n]
 * LINES: line 11 (host write in init) and line 16 (kernel read in step).
 * GPU RUN (correct compiler): "total=0 (expected 64)".
 */
#include <stdio.h>
#include <stdlib.h>
static void init(float *w, int n) {
  for (int i = 0; i < n; i++) w[i] = 1.0f; /* @B */
}
static float step(float *w, int n) {
  float t = 0;
#pragma acc parallel loop present(w[0:n]) reduction(+:t)
  for (int i = 0; i < n; i++) t += w[i]; /* @A */
  return t;
}
int main(void) {
  int n = 64;
  float *w = calloc(n, sizeof *w);
#pragma acc enter data copyin(w[0:n])
  init(w, n);
  printf("total=%g (expected 64)\n", step(w, n));
#pragma acc exit data delete(w[0:n])
  free(w);
  return 0;
}
