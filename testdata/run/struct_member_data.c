// run
/* Members of structs in data directives (data, enter data, exit data,
   update, §2.7.1) and compute constructs inside them with no clause of
   their own: a pointer member a directive around maps by its path is
   used through its data's device copy (implicit present), whether or not
   the struct itself is on the device. */
#include <stdio.h>
#include <stdlib.h>
#define N 32
struct In { int a, b; };
struct Grid { int n; double scale; double *v; struct { double *w; } aux; struct In in; };

static double total(const double *x, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}

/* Through a pointer to the struct. */
static void through(struct Grid *g) {
#pragma acc data copyin(g[0:1]) copy(g->v[0:g->n]) copyin(g->aux.w[0:g->n])
    {
#pragma acc parallel loop
        for (int i = 0; i < g->n; i++) g->v[i] += g->aux.w[i];
    }
}

int main(void) {
    int n = N;
    struct Grid g;
    g.n = n;
    g.scale = 0.5;
    g.v = malloc(n * sizeof *g.v);
    g.aux.w = malloc(n * sizeof *g.aux.w);
    for (int i = 0; i < n; i++) { g.v[i] = i; g.aux.w[i] = 2; }

    /* The member's data only: the struct is copied by the construct. */
#pragma acc data copy(g.v[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < g.n; i++) g.v[i] *= g.scale;
#pragma acc parallel loop
        for (int i = 0; i < n; i++) g.v[i] += 1;
    }
    printf("data %g\n", total(g.v, n));

    /* A part of the member's data that does not start at its first
       element. */
#pragma acc data copy(g.v[8:n - 16])
    {
#pragma acc parallel loop
        for (int i = 8; i < n - 8; i++) g.v[i] = 0;
    }
    printf("data part %g\n", total(g.v, n));

    /* The struct and its members, a nested one too. */
#pragma acc data copyin(g) copy(g.v[0:n]) copyin(g.aux.w[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) g.v[i] += g.aux.w[i] * g.scale;
    }
    printf("data struct %g\n", total(g.v, n));

    through(&g);
    printf("through %g\n", total(g.v, n));

    /* Enter data of a member alone; update of it and of a struct member. */
#pragma acc enter data copyin(g.v[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++) g.v[i] = -g.v[i];
#pragma acc update self(g.v[0:n])
    printf("enter, update self %g\n", total(g.v, n));
    for (int i = 1; i < n; i++) g.v[i] = 1;
#pragma acc update device(g.v[1:n - 1])
#pragma acc parallel loop
    for (int i = 0; i < n; i++) g.v[i] *= 3;
#pragma acc exit data copyout(g.v[0:n])
    printf("update device, exit %g\n", total(g.v, n));

    /* A member's section before its struct in one enter data: the
       pointer is attached once both are present; explicit detach and
       attach. */
    for (int i = 0; i < n; i++) g.v[i] = i;
#pragma acc enter data copyin(g.v[0:n]) copyin(g)
#pragma acc parallel loop present(g)
    for (int i = 0; i < g.n; i++) g.v[i] += 1;
#pragma acc exit data detach(g.v)
#pragma acc enter data attach(g.v)
#pragma acc parallel loop present(g)
    for (int i = 0; i < g.n; i++) g.v[i] *= 2;
#pragma acc exit data copyout(g.v[0:n]) delete(g)
    printf("attach %g\n", total(g.v, n));

    g.in.a = 1; g.in.b = 2;
#pragma acc enter data copyin(g.in)
#pragma acc parallel present(g.in)
    { g.in.a = 10; g.in.b = 20; }
#pragma acc update self(g.in)
    printf("struct member %d %d\n", g.in.a, g.in.b);
    g.in.b = 5;
#pragma acc update device(g.in)
#pragma acc serial present(g.in)
    g.in.a = g.in.b * 2;
#pragma acc exit data copyout(g.in)
    printf("struct member %d %d\n", g.in.a, g.in.b);
    free(g.v);
    free(g.aux.w);
    return 0;
}
