// run
/* The variables that stand for struct members in a region (a member a
   data clause maps, §2.7.1, or a reduction clause reduces, §2.5.15) and
   the names generated for the region's other variables are told apart
   (ir.MemberName): each pair below once gave the kernel two parameters
   or locals of one name. */
#include <stdio.h>
#include <stdlib.h>
#define N 100

struct P { double *x; };
struct L { long x; };
struct A { long b_c; long c; double *d_e; double *e; };
struct In { double *c; double *b_c; };
struct Out { struct In b; double *b_c; };

int main(void) {
    int n = N;
    double *buf = malloc(N * sizeof *buf);
    for (int i = 0; i < N; i++) buf[i] = i;

    /* A mapped pointer member red.x and the reduction of a scalar x,
       whose device cell the generated code names from red and x. */
    struct P red = {buf};
    double x = 0;
#pragma acc parallel loop copy(red.x[0:n]) reduction(+:x)
    for (int i = 0; i < n; i++) {
        x += red.x[i];
        red.x[i] *= 2;
    }
    printf("mapped member and reduction: %g %g\n", x, buf[N - 1]);

    /* A reduced member red.x and a reduced scalar x. */
    struct L redl = {1};
    long y = 2;
    {
        struct L red = redl;
        long x = y;
#pragma acc parallel loop reduction(+:red.x) reduction(+:x)
        for (int i = 0; i < N; i++) {
            red.x += i;
            x += 2 * i;
        }
        printf("reduced member and scalar: %ld %ld\n", red.x, x);
    }

    /* Members whose paths spell alike with _ for the dot: a.b_c and
       a_b.c reduced, a.d_e mapped with a_d.e. */
    double u[4] = {0}, v[4] = {0};
    struct A a = {0, 0, u, 0}, a_b = {0, 0, 0, 0}, a_d = {0, 0, 0, v};
#pragma acc parallel loop reduction(+:a.b_c) reduction(+:a_b.c)
    for (int i = 0; i < N; i++) {
        a.b_c += i;
        a_b.c += 3 * i;
    }
#pragma acc parallel loop copy(a.d_e[0:4]) copy(a_d.e[0:4]) reduction(+:a_b.b_c)
    for (int i = 0; i < 4; i++) {
        a.d_e[i] += i;
        a_d.e[i] -= i;
        a_b.b_c += i;
    }
    printf("a.b_c and a_b.c: %ld %ld %ld %g %g\n", a.b_c, a_b.c, a_b.b_c, u[3], v[3]);

    /* A member through a pointer, p->c, and a member of a struct p_p. */
    struct A *p = &a, p_p = {0, 0, 0, 0};
#pragma acc parallel loop copy(p[0:1]) reduction(+:p->c) reduction(+:p_p.c)
    for (int i = 0; i < N; i++) {
        p->c += i;
        p_p.c += 2 * i;
    }
    printf("p->c and p_p.c: %ld %ld\n", a.c, p_p.c);

    /* Nested members a.b.c and a.b.b_c beside a.b_c. */
    double w[4] = {0}, z[4] = {0}, t[4] = {0};
    struct Out o = {{w, z}, t};
#pragma acc parallel loop copy(o.b.c[0:4], o.b.b_c[0:4], o.b_c[0:4])
    for (int i = 0; i < 4; i++) {
        o.b.c[i] = i;
        o.b.b_c[i] = 2 * i;
        o.b_c[i] += 1;
    }
    printf("nested: %g %g %g\n", w[3], z[3], t[3]);

    /* A mapped member fp.x and a firstprivate array x. */
    struct P fp = {buf};
    {
        double x[4] = {1, 2, 3, 4};
#pragma acc parallel loop copy(fp.x[0:8]) firstprivate(x)
        for (int i = 0; i < 8; i++) fp.x[i] = x[i % 4] * i;
    }
    printf("mapped member and firstprivate: %g %g\n", buf[3], buf[7]);

    /* A vector loop's reduction of a member save.x and of a gang's
       scalar x: the loop saves each variable's value before it. */
    struct L save = {0};
    long out[1];
#pragma acc parallel num_gangs(1) vector_length(32) copy(out[0:1])
    {
        long x = 0;
#pragma acc loop vector reduction(+:save.x) reduction(+:x)
        for (int i = 0; i < N; i++) {
            save.x += i;
            x += 2 * i;
        }
        out[0] = x;
    }
    printf("loop reductions: %ld %ld\n", save.x, out[0]);
    free(buf);
    return 0;
}
