// check
// stderr: ACCC CHECK: out of bounds: write of 'p[0:n]' past the end of its device copy: element 100 of a section of 100 elements
// stderr: bounds_write_past_section.c:23
// stderr: bounds_write_past_section.c:22
/* BUG: kernel writes past its mapped section: off-by-one `i <= n` writes
 * p[n], one element past copy(p[0:n]) (in the heap, on a GPU it corrupts
 * whatever the device allocator put next; emulate corrupts its own heap).
 * VARIABLE: p[0:n], element p[n]
 * LINES: line 16 (copy(p[0:n])) and line 19 (p[i] = i for i == n).
 * GPU RUN (correct compiler): usually prints "p[n-1]=99" silently
 * (compute-sanitizer reports the out-of-bounds write).
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100;
  int *p = malloc((n + 1) * sizeof *p);
  int *q = malloc(n * sizeof *q);
  for (int i = 0; i < n; i++) q[i] = 7;
#pragma acc data copy(p[0:n]) copyin(q[0:n]) /* @A */
  {
#pragma acc parallel loop present(p[0:n])
    for (int i = 0; i <= n; i++) p[i] = i; /* @B */
  }
  printf("p[n-1]=%d\n", p[n - 1]);
  free(q); free(p);
  return 0;
}
