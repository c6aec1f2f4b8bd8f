// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'a[0:(3<<19)]', element 0 (kernel main_18): iterations i=? and i=1572863 of the loop at
// stderr: race_long_loop.c:19 both write it (
// stderr: race_long_loop.c:20,
/* The first and the last of 3 * 2^19 iterations write a[0]. The race
   check keeps the iterations of at most 2^20 iterations of a launch
   (runtime/src/race.c: its memory stays bounded); the first one's is gone
   by the time the last one writes, so its index is not known, but the
   race is still found (the stamps of one gang's accesses say their order). */
#include <stdio.h>
#include <stdlib.h>
#define N (3 << 19)
int main(void) {
    int *a = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++)
        a[i] = 0;
#pragma acc parallel loop gang vector num_gangs(1) copy(a[0:N])
    for (int i = 0; i < N; i++)
        a[i == N - 1 ? 0 : i] = i;
    printf("a[0]=%d\n", a[0]);
    free(a);
    return 0;
}
