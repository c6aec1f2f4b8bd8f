// run
// env: ACCC_CHECK=bounds,undefined,async
// It reads stale copies on purpose (what it tests), which ACCC_CHECK=stale reports.
/* declare copy in nested calls with separate device memory (OpenACC 3.4
   §2.13, §2.7.7): outer() maps p with declare copy and calls inner(),
   whose declare copy finds p present: no copy in at its entry and no copy
   out at its return, so right after inner() returns the host p is still
   the value from before outer() (sum 499500); outer's return copies the
   device values back: p = (i + 1) * 3 (sum 1501500). */
#include <stdio.h>
#define N 1000
double p[N];

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += p[i];
    return s;
}

static void inner(double *q, int n) {
#pragma acc declare copy(q[0:n])
#pragma acc parallel loop present(q[0:n])
    for (int i = 0; i < n; i++) q[i] *= 3;
}

static void outer(double *q, int n) {
#pragma acc declare copy(q[0:n])
#pragma acc parallel loop present(q[0:n])
    for (int i = 0; i < n; i++) q[i] += 1;
    inner(q, n);
    printf("after inner: %.1f\n", hsum());
}

int main(void) {
    for (int i = 0; i < N; i++) p[i] = i;
    outer(p, N);
    printf("after outer: %.1f\n", hsum());
    return 0;
}
