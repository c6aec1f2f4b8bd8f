// fatal
/* The step of an inner loop, computed in each iteration of the gang
   loop, goes away from its bound in one iteration while the condition
   holds: the program stops when that loop starts, in the kernel. */
// stderr: FATAL ERROR: the loop never ends: its condition holds at the start and each iteration moves its index -1 toward the bound
// stderr: loop_step_inner.c line:14
#include <stdio.h>
int main(void) {
    static float a[64][64];
#pragma acc parallel loop gang copy(a)
    for (int i = 0; i < 64; i++) {
        int step = i == 37 ? -1 : 1;
#pragma acc loop vector
        for (int j = 0; j < 64; j += step)
            a[i][j] += 1;
    }
    printf("unreachable %f\n", a[0][0]);
    return 0;
}
