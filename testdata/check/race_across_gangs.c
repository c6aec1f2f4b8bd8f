// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'pair[1]' (kernel main_15): iterations i=1 and i=2 of the loop at
// stderr: race_across_gangs.c:16 both write it (
// stderr: race_across_gangs.c:17,
// stderr: race_across_gangs.c:17)
/* Two iterations that different gangs run write one element: iterations
   2k-1 and 2k both store into pair[k]. With num_gangs(8) and 16
   iterations gang k runs iterations 2k and 2k+1: the check compares the
   iterations of different gangs of one gang loop too. */
#include <stdio.h>
#define N 16
int main(void) {
    int pair[N / 2 + 1] = {0};
#pragma acc parallel loop gang num_gangs(8) copy(pair)
    for (int i = 0; i < N; i++)
        pair[(i + 1) / 2] = i;
    printf("pair[3]=%d\n", pair[3]);
    return 0;
}
