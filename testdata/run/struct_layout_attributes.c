// run
/* Structs whose layout attributes change it: a packed record (and one
   holding it), members aligned by _Alignas, by __attribute__((aligned))
   and by a typedef's alignment, a record aligned as a whole, an
   anonymous member with an aligned member. Kernels read and write them in
   place, so a device layout that differs from the host's shows up as
   wrong values. */
#include <stddef.h>
#include <stdio.h>
#define N 8

struct __attribute__((packed)) wire { char tag; int len; double val; };
struct frame { char kind; struct wire w; short crc; };
typedef double wide_t __attribute__((aligned(32)));
struct cell { char flag; _Alignas(16) int id; float w __attribute__((aligned(8))); wide_t v; };
struct __attribute__((aligned(64))) line { int n; };
struct row { struct line l; char c; struct { char d; _Alignas(8) short e; }; };

int main(void) {
    struct frame fr[N];
    struct cell ce[N];
    struct row ro[N];
    for (int i = 0; i < N; i++) {
        fr[i].kind = 'a';
        fr[i].w.tag = 't';
        fr[i].w.len = i;
        fr[i].w.val = 0.5 * i;
        fr[i].crc = (short)(100 + i);
        ce[i].flag = 'f';
        ce[i].id = i;
        ce[i].w = 1.5f;
        ce[i].v = i;
        ro[i].l.n = i;
        ro[i].c = 'c';
        ro[i].d = 'd';
        ro[i].e = (short)(10 * i);
    }
#pragma acc parallel loop copy(fr, ce, ro)
    for (int i = 0; i < N; i++) {
        fr[i].w.len += fr[i].crc;
        fr[i].w.val *= 2;
        fr[i].crc = (short)(fr[i].kind + fr[i].w.tag);
        ce[i].v += ce[i].id * ce[i].w;
        ce[i].id = ce[i].flag;
        ro[i].e = (short)(ro[i].e + ro[i].l.n + ro[i].c + ro[i].d);
    }
    long s = 0;
    double v = 0;
    for (int i = 0; i < N; i++) {
        s += fr[i].w.len + fr[i].crc + ce[i].id + ro[i].e + fr[i].kind + fr[i].w.tag + ce[i].flag + ro[i].c + ro[i].d + ro[i].l.n;
        v += fr[i].w.val + ce[i].v + ce[i].w;
    }
    printf("sizes %zu %zu %zu %zu, offsets %zu %zu %zu %zu\n", sizeof(struct wire), sizeof(struct frame), sizeof(struct cell),
           sizeof(struct row), offsetof(struct frame, crc), offsetof(struct cell, v), offsetof(struct row, c), offsetof(struct row, e));
    printf("sum %ld %.2f\n", s, v);
    return 0;
}
