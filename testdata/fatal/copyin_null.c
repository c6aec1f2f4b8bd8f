// fatal
// stderr: FATAL ERROR: copyin of 800 bytes at a null pointer: name=p[0:n]
/* BUG: copyin of a NULL pointer with a non-empty section: the allocation
 * was skipped (n > 0 but the buffer was never allocated).
 * VARIABLE: p[0:n], p == NULL
 * LINES: line 13 (p = NULL on the path that skips malloc) and line 16 (copyin(p[0:n])).
 * GPU RUN (correct compiler): NVHPC: a host-side segfault or "FATAL ERROR:
 * variable in data clause is partially present"; accc should say
 * "FATAL ERROR: copyin(p[0:n]) of a NULL pointer".
 */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = 100;
  double *p = argc > 5 ? malloc(n * sizeof *p) : NULL; /* @A */
  (void)argv;
  double s = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:s) /* @B */
  for (int i = 0; i < n; i++) s += p[i];
  printf("s=%g\n", s);
  return 0;
}
