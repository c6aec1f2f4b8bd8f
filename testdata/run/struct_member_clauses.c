// run
/* Members of structs in the data clauses of compute constructs (OpenACC
   §2.7.1): a member is data of its own; the struct is mapped only where
   the region uses it otherwise, and a pointer member is attached in it. */
#include <stdio.h>
#include <stdlib.h>
#define N 40
struct In { int a, b; };
struct Out { int c, d; struct In s; };
struct V { int k; double *p, *q; struct { double *u; int n; } t; double sum; };
struct E { int n; double *p; };

static double total(const double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}

int main(void) {
    int n = N;
    struct V v;
    v.k = 3;
    v.p = malloc(n * sizeof *v.p);
    v.q = malloc(n * sizeof *v.q);
    v.t.u = malloc(n * sizeof *v.t.u);
    v.t.n = n;
    for (int i = 0; i < n; i++) { v.p[i] = i; v.q[i] = 0; v.t.u[i] = 1; }
    double *p0 = v.p;

    /* A section of a pointer member, the struct used beside it. */
#pragma acc parallel loop copy(v.p[0:n])
    for (int i = 0; i < n; i++) v.p[i] = v.p[i] * 2 + v.k;
    printf("copy(v.p[0:n]) %g, v.p kept: %d\n", total(v.p, n), v.p == p0);

    /* Two pointer members in, out; only members used: no copy of v. */
#pragma acc parallel loop copyin(v.p[0:n]) copyout(v.q[0:n])
    for (int i = 0; i < n; i++) v.q[i] = v.p[i] + 1;
    printf("copyin/copyout %g\n", total(v.q, n));

    /* A nested member's section; clause order does not matter. */
#pragma acc parallel loop copy(v.t.u[0:n]) copyin(v)
    for (int i = 0; i < v.t.n; i++) v.t.u[i] += v.k;
    printf("copy(v.t.u[0:n]) %g\n", total(v.t.u, n));

    /* A scalar member, and a member reduced in its own device copy. */
    v.sum = 100;
#pragma acc parallel loop copy(v.sum) reduction(+:v.sum) copyin(v.p[0:n])
    for (int i = 0; i < n; i++) v.sum += v.p[i];
#pragma acc serial copy(v.k)
    v.k = v.k * 7;
    printf("v.sum %g v.k %d\n", v.sum, v.k);

    /* A member in the bound of a loop: the host sizes the grid with the
       member's value. */
    struct E b = {n, v.q};
#pragma acc parallel loop copyin(b.n) copy(b.p[0:b.n])
    for (int i = 0; i < b.n; i++)
        b.p[i] += i % 3;
    printf("bounds %g\n", total(b.p, n));

    /* A struct member present without its struct. */
    struct Out t = {1, 2, {3, 4}};
#pragma acc data copy(t.s)
    {
#pragma acc parallel present(t.s)
        { t.s.a = 5; t.s.b += 6; }
    }
    printf("t.s %d %d, t.c %d\n", t.s.a, t.s.b, t.c);

    /* A struct member and the struct: the member is inside its copy. */
#pragma acc parallel copy(t.s)
    { t.s.a += t.c; t.d = 20; }
    printf("t.s.a %d t.d %d\n", t.s.a, t.d);

    /* Members through a pointer, and create. */
    struct V *pv = &v;
#pragma acc parallel loop create(pv->q[0:n]) copy(pv->p[0:n])
    for (int i = 0; i < n; i++) { pv->q[i] = i; pv->p[i] = pv->q[i] * 3; }
    printf("pv->p %g\n", total(v.p, n));

    /* Elements of an array of structs: their sections attach into the
       array's device copy. */
    struct E e[3];
    for (int j = 0; j < 3; j++) {
        e[j].n = n;
        e[j].p = malloc(n * sizeof(double));
        for (int i = 0; i < n; i++) e[j].p[i] = j;
    }
#pragma acc parallel loop copy(e[0].p[0:n], e[1].p[0:n], e[2].p[0:n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++) e[j].p[i] += e[j].n;
    printf("e %g %g %g\n", total(e[0].p, n), total(e[1].p, n), total(e[2].p, n));

    /* Data directives: the struct, then its member; update of a member;
       no_create and present of the member section. */
#pragma acc enter data copyin(v)
#pragma acc enter data copyin(v.p[0:n])
#pragma acc parallel loop no_create(v.p[0:n]) present(v)
    for (int i = 0; i < n; i++) v.p[i] = -v.p[i];
#pragma acc update self(v.p[0:n / 2])
    printf("update self half %g %g\n", v.p[1], v.p[n / 2 - 1]);
    v.p[0] = 1000;
#pragma acc update device(v.p[0:1])
#pragma acc parallel loop present(v.p[0:n])
    for (int i = 0; i < n; i++) v.p[i] += 1;
#pragma acc exit data copyout(v.p[0:n])
#pragma acc exit data delete(v)
    printf("exit data %g, v.p kept: %d\n", total(v.p, n), v.p == p0);

    free(v.p); free(v.q); free(v.t.u);
    for (int j = 0; j < 3; j++) free(e[j].p);
    return 0;
}
