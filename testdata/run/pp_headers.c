// run
/* Directives outside the main file's own text: in a header's static inline
   functions (compute, routine, enter/exit data), in an #include'd .c file,
   and after #line (bison, yacc and m4 output). On -acc=emulate, a directive
   lost to the host would leave the device copy stale and the update or
   copy-out would bring the stale values back. */
#include <stdio.h>
#include "include/pp_kernels.h"
#include "include/pp_part.c"

#define N 1000
float x[N];

static float device_sum(int n) {
    float s = 0;
#pragma acc parallel loop present(x[0:n]) reduction(+:s)
    for (int i = 0; i < n; i++)
        s += pp_square(x[i]);
    return s;
}

#line 1 "grammar.y"
static void after_line(int n) {
#pragma acc parallel loop present(x[0:n])
    for (int i = 0; i < n; i++)
        x[i] = x[i] - 1;
}
#line 32 "pp_headers.c"

int main(void) {
    for (int i = 0; i < N; i++)
        x[i] = 1;
    pp_to_device(x, N);
    pp_scale(x, N);     /* 3 */
    pp_add(x, N, 2);    /* 5, and the host has it */
    printf("after add: x[0] = %g, x[%d] = %g\n", x[0], N - 1, x[N - 1]);
    after_line(N);      /* 4 */
    printf("sum of squares: %g\n", device_sum(N));
    pp_from_device(x, N);
    printf("after exit data: x[7] = %g\n", x[7]);
    return 0;
}
