// run
/* Identifiers declared in the enclosing function (and enumeration
   constants anywhere) reach the kernels: enumerators are printed as their
   values, typedefs and struct/union tags declared in a function are
   defined for the kernels under names of their own, so that two
   functions may declare the same names differently. */
#include <stdio.h>
enum { SCALE = 7 };
typedef double real;
static struct { int lo, hi; } range = { 3, 9 };

static long f(void) {
    enum { N = 1000 };
    enum color { RED = 2, GREEN } c0 = GREEN;
    enum { BIG = 3000000000u };
    typedef float elem;                  /* shadows nothing */
    typedef real real;                   /* shadows the file-scope real */
    struct pt { int x, y; };
    typedef struct { elem w; struct pt at; } item;
    union bits { float f; unsigned u; };
    static const int K = 3;
    int a[N];
    elem b[N];
    struct pt p[N];
    item it[N];
    item proto = { 0.5f, { 1, 2 } };
    real scale = 0.25;
#pragma acc parallel loop copyout(a, b, p, it) copyin(range)
    for (int i = 0; i < N; i++) {
        enum color c = (i % 2) ? RED : GREEN;
        enum local { ONE = 1, TWO } l = TWO; /* declared in the region */
        elem t = (elem)i;
        struct pt q = { i, SCALE };
        union bits ub;
        ub.f = 1.0f;
        a[i] = i * K + c + c0 + SCALE + l + ONE + (int)sizeof(enum color)
             + (BIG > 2000000000u) + (i >= range.lo && i < range.hi);
        b[i] = t * (elem)scale + (elem)(ub.u >> 23);
        p[i] = q;
        it[i] = proto;
        it[i].at.x += i;
        it[i].w *= (elem)(sizeof(struct pt) + sizeof(item));
    }
    long s = 0;
    double sb = 0;
    for (int i = 0; i < N; i++) {
        s += a[i] + p[i].x + p[i].y + it[i].at.x + it[i].at.y;
        sb += b[i] + it[i].w;
    }
    printf("f: %ld %.2f\n", s, sb);
    return s;
}

/* The same names, declared differently. */
static long g(int n) {
    enum { N = 64 };
    typedef long elem;
    struct pt { elem x; char tag; };
    struct pt p[N];
    long out[N];
#pragma acc parallel loop copyout(p, out)
    for (int i = 0; i < N; i++) {
        struct pt q = { (elem)i * n, 'a' };
        p[i] = q;
        out[i] = q.x + (elem)sizeof(struct pt) + N;
    }
#pragma acc parallel loop copy(p)
    for (int i = 0; i < N; i++) p[i].tag += (char)(i % 3);
    long s = 0;
    for (int i = 0; i < N; i++) s += p[i].x + p[i].tag + out[i];
    printf("g: %ld\n", s);
    return s;
}

/* Types declared in the region keep their names: the kernel declares them. */
static long h(void) {
    int out[16];
#pragma acc parallel copyout(out)
    {
        struct acc { int s; } t;
        typedef struct acc acc_t;
#pragma acc loop private(t)
        for (int i = 0; i < 16; i++) {
            acc_t u = { i };
            t = u;
            out[i] = t.s * 2;
        }
    }
    long s = 0;
    for (int i = 0; i < 16; i++) s += out[i];
    printf("h: %ld\n", s);
    return s;
}

int main(void) {
    long s = f() + g(3) + h();
    printf("total %ld\n", s);
    return 0;
}
