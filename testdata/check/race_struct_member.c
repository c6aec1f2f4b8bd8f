// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'g.v[0:64]', element 1 (kernel main_24): iteration i=0 of the loop at
// stderr: race_struct_member.c:25 reads it (
// stderr: race_struct_member.c:26) and iteration i=1 writes it (
// stderr: race_struct_member.c:26)
/* A loop over the array a struct member points to, smoothing in place:
   iteration i writes v[i] and reads v[i+1], which iteration i+1 writes.
   ACCC_CHECK_ORDER=reverse runs the iterations backwards, so that the
   read comes first: the race is the same either way. */
// env: ACCC_CHECK_ORDER=reverse
#include <stdio.h>
#include <stdlib.h>
#define N 64
struct grid {
    int n;
    double *v;
};
int main(void) {
    struct grid g = {N, malloc(N * sizeof(double))};
    for (int i = 0; i < N; i++)
        g.v[i] = i;
#pragma acc data copy(g.v[0:N])
#pragma acc parallel loop present(g.v[0:N])
    for (int i = 0; i < N - 1; i++)
        g.v[i] = 0.5 * (g.v[i] + g.v[i + 1]);
    printf("v[10]=%g\n", g.v[10]);
    free(g.v);
    return 0;
}
