// run
/* A variable named twice in private, firstprivate or reduction clauses
   of one directive, or twice in one clause, is named once: one private
   copy and one reduction (each was declared and combined twice in the
   generated code, which the host compiler rejected; found by
   FuzzBackend). */
#include <stdio.h>
#include <stdlib.h>
#define N 200
int main(void) {
    int w[8], s = 0, t = 7, u = 0;
    long long r = 0, m = 0;
    double *q = malloc(4 * sizeof *q);
    for (int k = 0; k < 8; k++) w[k] = -k;
    for (int k = 0; k < 4; k++) q[k] = 10 + k;
    /* A combined construct's loop: the private array and the reduction. */
#pragma acc parallel loop private(w) private(w) reduction(+:s) reduction(+:s)
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < 8; k++) w[k] = i + k;
        s += w[3] - w[1];
    }
    /* Twice in one clause, on the construct and on its loop. */
#pragma acc parallel firstprivate(t, t) private(w, w) reduction(+:r, r)
    {
#pragma acc loop private(u, u) reduction(+:r) reduction(+:r)
        for (int i = 0; i < N; i++) {
            u = i * t;
            r += u;
        }
    }
    /* A pointer's private section, twice. */
#pragma acc parallel num_gangs(1) private(q[0:4]) private(q[0:4]) reduction(max:m) reduction(max:m)
    {
#pragma acc loop seq
        for (int i = 0; i < N; i++) {
            for (int k = 0; k < 4; k++) q[k] = i * k;
            if (q[3] > m) m = (long long)q[3];
        }
    }
    /* The private copies are not the variables: plain C wrote w and q,
       so neither is printed. */
    printf("s %d r %lld m %lld t %d\n", s, r, m, t);
    free(q);
    return 0;
}
