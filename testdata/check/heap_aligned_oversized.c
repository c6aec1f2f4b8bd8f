// check
// stderr: FATAL ERROR: out of bounds: the section y[0:2*n] (2048 elements) starts at element 0 of a heap block of 1024 elements (4096 bytes, allocated at
// stderr: heap_aligned_oversized.c:19 (main)) and runs 1024 elements past its end
// stderr: function:main line:21
/* BUG: a section twice the size of a block from posix_memalign (and one
 * from aligned_alloc and one from memalign next to it).
 * VARIABLE: y[0:2*n]
 * LINES: line 19 (posix_memalign of n floats) and line 21 (copy(y[0:2*n])).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 1024;
  float *x = aligned_alloc(64, n * sizeof *x);
  float *z = memalign(128, n * sizeof *z);
  void *v;
  for (int i = 0; i < n; i++) x[i] = z[i] = 1;
  if (posix_memalign(&v, 256, n * sizeof(float)) != 0) return 2; /* @A */
  float *y = v;
#pragma acc parallel loop copyin(x[0:n], z[0:n]) copy(y[0:2*n]) /* @B */
  for (int i = 0; i < n; i++) y[i] = x[i] + z[i];
  printf("y[0]=%g\n", y[0]);
  free(x); free(y); free(z);
  return 0;
}
