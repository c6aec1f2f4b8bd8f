// check
// stderr: ACCC CHECK: kernel read of undefined data: 'tmp[0:1000]'
// stderr: undef_create_read.c:21
// stderr: undef_create_read.c:18
/* BUG: create data read before written: tmp[] is `create` in the data
 * region; the first kernel reads tmp[i] (meant to be initialised by the
 * host), the second kernel writes it.
 * VARIABLE: tmp[0:N]
 * LINES: line 14 (create(tmp[0:N])) and line 17 (kernel reads tmp[i]).
 * GPU RUN (correct compiler): garbage in out[], e.g. "sum=0 (expected 5000)".
 */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
int main(void) {
  double *tmp = malloc(N * sizeof *tmp), *out = malloc(N * sizeof *out);
  for (int i = 0; i < N; i++) tmp[i] = 5.0;
#pragma acc data create(tmp[0:N]) copyout(out[0:N]) /* @A */
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++) out[i] = tmp[i]; /* @B */
#pragma acc parallel loop
    for (int i = 0; i < N; i++) tmp[i] = 0.0;
  }
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
  printf("sum=%g (expected 5000)\n", s);
  free(tmp); free(out);
  return 0;
}
