// check
// stderr: FATAL ERROR: out of bounds: the section g.data[0:g.n+g.pad] (70 elements) starts at element 0 of a heap block of 64 elements (512 bytes, allocated at
// stderr: heap_member_oversized.c:22 (main)) and runs 6 elements past its end
// stderr: function:main line:25
/* BUG: a section of a struct member pointer longer than the member's
 * block: the length adds padding the allocation left out.
 * VARIABLE: g.data[0:g.n+g.pad]
 * LINES: line 22 (malloc of n doubles) and line 25 (copyin of n+pad).
 */
#include <stdio.h>
#include <stdlib.h>
struct grid {
  int n, pad;
  double *data;
};
int main(void) {
  struct grid g;
  double s = 0;
  g.n = 64;
  g.pad = 6;
  double *other = malloc(256);
  g.data = malloc(g.n * sizeof *g.data); /* @A */
  for (int i = 0; i < g.n; i++) g.data[i] = 1;
  other[0] = 0;
#pragma acc parallel loop copyin(g.data[0:g.n+g.pad]) reduction(+:s) /* @B */
  for (int i = 0; i < g.n; i++) s += g.data[i];
  printf("s=%g\n", s);
  free(g.data); free(other);
  return 0;
}
