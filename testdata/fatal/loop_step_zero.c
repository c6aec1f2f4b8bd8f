// fatal
/* A loop construct whose step is a variable that is zero when the loop
   starts with its condition true: in C it never ends, and a loop's trip
   count must be computable when it starts (OpenACC 3.4 §2.9). The
   program stops, naming the loop. */
// stderr: FATAL ERROR: the loop never ends: its condition holds at the start and each iteration moves its index 0 toward the bound
// stderr: loop_step_zero.c line:14
#include <stdio.h>
int main(int argc, char **argv) {
    static float a[100];
    int step = argc - 1;
    (void)argv;
#pragma acc parallel loop copy(a)
    for (int i = 0; i < 100; i += step)
        a[i] += 1;
    printf("unreachable %f\n", a[0]);
    return 0;
}
