// check
// stderr: ACCC CHECK: out of bounds: read of 'u[1:n-2]' past the end of its device copy
// stderr: bounds_read_outside_subsection.c:21
// stderr: bounds_read_outside_subsection.c:19
/* BUG: kernel reads outside its mapped subsection: u[1:n-2] is mapped
 * (the interior), but the stencil reads u[i-1] and u[i+1], i.e. u[0] and
 * u[n-1], which are not mapped.
 * VARIABLE: u[1:n-2], elements u[0] and u[n-1]
 * LINES: line 15 (copyin(u[1:n-2])) and line 17 (u[i-1] + u[i+1]).
 * GPU RUN (correct compiler): garbage at both ends of v, or an illegal
 * address error; expected "v[1]=2 v[n-2]=2".
 */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 64;
  double *u = malloc(n * sizeof *u), *v = calloc(n, sizeof *v);
  for (int i = 0; i < n; i++) u[i] = 1.0;
#pragma acc parallel loop copyin(u[1:n-2]) copy(v[0:n]) /* @A */
  for (int i = 1; i < n - 1; i++)
    v[i] = u[i - 1] + u[i + 1]; /* @B */
  printf("v[1]=%g v[n-2]=%g (expected 2 2)\n", v[1], v[n - 2]);
  free(u); free(v);
  return 0;
}
