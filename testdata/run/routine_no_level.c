// run -Wno-routine-seq
/* A routine directive without gang, worker, vector or seq (OpenACC 3.4
   §2.15.1 asks for one): accc takes it as seq with a warning
   (routine-seq), as GCC and Flang do, in both forms: before the
   function, and routine(name) after its prototype. */
#include <stdio.h>
#define N 1000

#pragma acc routine
static double sq(double x) { return x * x; }

static double cube(double x);
#pragma acc routine(cube)

static double cube(double x) { return x * sq(x); }

int main(void) {
    double a[N], s = 0;
#pragma acc parallel loop copyout(a) reduction(+:s)
    for (int i = 0; i < N; i++) {
        a[i] = sq(i) + cube(i % 7);
        s += a[i];
    }
    printf("%.1f %.1f %.1f\n", a[0], a[N - 1], s);
    return 0;
}
