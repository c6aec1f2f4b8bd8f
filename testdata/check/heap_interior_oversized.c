// check
// stderr: FATAL ERROR: out of bounds: the section a[5:10] (10 elements) starts at element 5 of a heap block of 10 elements (40 bytes, allocated at
// stderr: heap_interior_oversized.c:14 (main)) and runs 5 elements past its end
// stderr: function:main line:17
/* BUG: a section that starts inside its heap block and runs past its end:
 * a[5:10] names elements 5 to 14 of a block of 10.
 * VARIABLE: a[5:10]
 * LINES: line 14 (malloc of 10 ints) and line 17 (copyin(a[5:10])).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int s = 0;
  int *a = malloc(10 * sizeof *a); /* @A */
  int *b = malloc(10 * sizeof *b);
  for (int i = 0; i < 10; i++) a[i] = b[i] = i;
#pragma acc parallel loop copyin(a[5:10]) reduction(+:s) /* @B */
  for (int i = 5; i < 15; i++) s += a[i];
  printf("s=%d\n", s);
  free(b); free(a);
  return 0;
}
