// check
// stderr: FATAL ERROR: out of bounds: the section u[n-10:20] (20 elements) starts at element 99990 of a heap block of 100000 elements (800000 bytes, allocated at
// stderr: heap_large_interior.c:15 (main)) and runs 10 elements past its end
// stderr: function:main line:18
/* BUG: a section near the end of a large heap block (glibc gives it pages
 * of its own) that runs past it: u[n-10:20] of n elements.
 * VARIABLE: u[n-10:20]
 * LINES: line 15 (malloc of n doubles) and line 18 (copyin(u[n-10:20])).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100000;
  double s = 0;
  double *u = malloc(n * sizeof *u); /* @A */
  double *w = malloc(n * sizeof *w);
  for (int i = 0; i < n; i++) u[i] = w[i] = 1;
#pragma acc parallel loop copyin(u[n-10:20]) reduction(+:s) /* @B */
  for (int i = n - 10; i < n; i++) s += u[i];
  printf("s=%g\n", s);
  free(w); free(u);
  return 0;
}
