// check
// stderr: FATAL ERROR: out of bounds: the section v[0:n+1] (101 elements) starts at element 0 of a heap block of 100 elements (800 bytes, allocated at
// stderr: heap_calloc_oversized.c:14 (main)) and runs 1 element past its end
// stderr: function:main line:15
/* BUG: an off-by-one section of a calloc'd block: v[0:n+1] of n doubles.
 * VARIABLE: v[0:n+1]
 * LINES: line 14 (calloc of n) and line 15 (copyout(v[0:n+1])).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100;
  double *w = calloc(n, sizeof *w);
  double *v = calloc(n, sizeof *v); /* @A */
#pragma acc parallel loop copyout(v[0:n+1]) /* @B */
  for (int i = 0; i <= n; i++) v[i] = i;
  printf("v[n-1]=%g w[0]=%g\n", v[n - 1], w[0]);
  free(v); free(w);
  return 0;
}
