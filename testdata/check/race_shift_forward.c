// check
// env: ACCC_CHECK=race
// stderr: ACCC CHECK: race on 'a[0:1000]', element 1 (kernel main_17): iteration i=0 of the loop at
// stderr: race_shift_forward.c:18 writes it (
// stderr: race_shift_forward.c:19) and iteration i=1 reads it (
// stderr: race_shift_forward.c:19)
/* A loop-carried flow dependence under parallel loop (independent by
   default, §2.9.6): iteration i reads a[i], which iteration i-1 wrote
   (issue 26's corpus, race_shift_forward.c). Emulate runs the iterations
   in order and gets the sequential answer; a GPU does not. */
#include <stdio.h>
#define N 1000
int main(void) {
    static int a[N];
    for (int i = 0; i < N; i++)
        a[i] = 0;
#pragma acc parallel loop copy(a[0:N])
    for (int i = 0; i < N - 1; i++)
        a[i + 1] = a[i] + 1;
    printf("a[N-1]=%d\n", a[N - 1]);
    return 0;
}
