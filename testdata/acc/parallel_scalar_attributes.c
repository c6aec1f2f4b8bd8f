// run -Wno-firstprivate-lost
/* Scalars in parallel constructs keep the data attributes of OpenACC 3.4
   2.6.2 and 2.5.13-2.5.14, where the program's result differs from the
   same code without OpenACC: a scalar no clause names is firstprivate,
   so the sum a loop accumulates without a reduction clause stays on the
   device; a loop's private copy hides the construct's; a firstprivate
   copy is the gang's, which its vector lanes update atomically. The
   lost sum is the point of the program, and the warning about it
   (firstprivate-lost) is off. The construct that adds 1 to q outside its
   loop has one gang: that code runs in every gang (gang-redundant mode,
   2.5.1), and several gangs would race on q. */
#include <stdio.h>
#define N 1000
double x[N];
int main(void) {
    double s = 0, q = 5;
    int first = 5, dev = 0;
    for (int i = 0; i < N; i++) x[i] = i % 7;
#pragma acc parallel loop gang vector copyin(x)
    for (int i = 0; i < N; i++) s += x[i];
#pragma acc parallel num_gangs(1) copy(q, x)
    {
#pragma acc loop gang vector private(q)
        for (int i = 0; i < N; i++) {
            q = x[i] * 3;
            x[i] = q;
        }
        q = q + 1;
    }
#pragma acc parallel num_gangs(1) vector_length(64) firstprivate(first) copy(dev)
    {
#pragma acc loop vector
        for (int j = 0; j < 100; j++) {
#pragma acc atomic update
            first += 2;
        }
        dev = first;
    }
    printf("%g %g %d %d\n", s, q, first, dev);
    return 0;
}
