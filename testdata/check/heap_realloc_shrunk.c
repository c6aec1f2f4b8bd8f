// check
// stderr: FATAL ERROR: out of bounds: the section p[0:cap] (1000 elements) starts at element 0 of a heap block of 500 elements (2000 bytes, allocated at
// stderr: heap_realloc_shrunk.c:18 (main)) and runs 500 elements past its end
// stderr: function:main line:20
/* BUG: a section of the size a block had before realloc shrank it: the
 * program keeps the old capacity.
 * VARIABLE: p[0:cap]
 * LINES: line 18 (realloc to n) and line 20 (copyin(p[0:cap])).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int cap = 1000, n = 500;
  long s = 0;
  int *p = malloc(cap * sizeof *p);
  for (int i = 0; i < cap; i++) p[i] = 1;
  int *q = malloc(16 * sizeof *q);
  p = realloc(p, n * sizeof *p); /* @A */
  int *r = malloc(64 * sizeof *r);
#pragma acc parallel loop copyin(p[0:cap]) reduction(+:s) /* @B */
  for (int i = 0; i < n; i++) s += p[i];
  printf("s=%ld\n", s);
  free(r); free(q); free(p);
  return 0;
}
