// run
/* Sections reached through nested members and attach on a compute
   construct (OpenACC 3.4 §2.6.8, §2.7.2): with o present (enter data),
   copy(o.in.p[0:N]) on a compute construct maps the buffer and attaches
   the nested member o.in.p for the duration of the construct only; the
   next construct attaches it again through copyin(o.in.q[0:N]) and
   copy(o.in.p[0:N]); a data region does it once for two kernels. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
struct inner {
    double *p, *q;
};
struct outer {
    int n;
    struct inner in;
};

int main(void) {
    struct outer o;
    o.n = N;
    o.in.p = malloc(N * sizeof *o.in.p);
    o.in.q = malloc(N * sizeof *o.in.q);
    for (int i = 0; i < N; i++) { o.in.p[i] = i; o.in.q[i] = 2; }
#pragma acc enter data copyin(o)
#pragma acc parallel loop present(o) copy(o.in.p[0:N])
    for (int i = 0; i < N; i++) o.in.p[i] += 1; /* i + 1 */
#pragma acc parallel loop present(o) copyin(o.in.q[0:N]) copy(o.in.p[0:N])
    for (int i = 0; i < N; i++) o.in.p[i] *= o.in.q[i]; /* 2i + 2 */
#pragma acc data copy(o.in.p[0:N], o.in.q[0:N])
    {
#pragma acc parallel loop present(o)
        for (int i = 0; i < N; i++) o.in.q[i] = o.in.p[i] - o.n; /* 2i + 2 - N */
#pragma acc parallel loop present(o)
        for (int i = 0; i < N; i++) o.in.p[i] += o.in.q[i]; /* 4i + 4 - N */
    }
#pragma acc exit data delete(o)
    double sp = 0, sq = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sp += o.in.p[i];
        sq += o.in.q[i];
        bad += o.in.p[i] != 4 * i + 4 - N || o.in.q[i] != 2 * i + 2 - N;
    }
    printf("p %.1f q %.1f bad %d\n", sp, sq, bad);
    free(o.in.p);
    free(o.in.q);
    return 0;
}
