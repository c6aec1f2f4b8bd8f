// check
// stderr: FATAL ERROR: out of bounds: the section p[0:n] (4096 elements) starts at element 0 of a heap block of 2048 elements (16384 bytes, allocated at
// stderr: heap_copy_oversized.c:18 (main)) and runs 2048 elements past its end
// stderr: function:main line:21
/* BUG: a section larger than its heap block (issue 26 corpus,
 * bounds_copyin_oversized.c): the buffer holds n/2 doubles but the clause
 * copies n of them, reading (and writing back) the heap after it; the next
 * block is the program's own, so the copy does not fault.
 * VARIABLE: p[0:n] with only n/2 elements allocated
 * LINES: line 18 (malloc of n/2 elements) and line 21 (copy(p[0:n])).
 * GPU RUN: usually prints "p[0]=1" while corrupting the heap (glibc may
 * abort at the free).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 4096;
  double *p = malloc((n / 2) * sizeof *p); /* @A */
  char *next = malloc(64);
  for (int i = 0; i < n / 2; i++) p[i] = 0.0;
#pragma acc parallel loop copy(p[0:n]) /* @B */
  for (int i = 0; i < n; i++) p[i] = 1.0;
  printf("p[0]=%g\n", p[0]);
  free(next); free(p);
  return 0;
}
