// run
/* Struct, union and typedef names and members that C++ or CUDA reserve
   (class, this, new, a float3 and a dim3 of the program's own): the
   .acc.cu defines them under other names with the host's layout and
   kernels use them through members, pointers, casts, sizeof, compound
   literals and designators; a type from a system header with a C++
   keyword's name (wchar_t) stays as it is. */
#include <stddef.h>
#include <stdio.h>
#define N 64

typedef double friend;
struct class { friend new; int this; union { int i; float f; } public; struct class *operator; };
typedef struct class *class_ptr;
typedef struct { float x, y, z; } float3;
struct dim3 { int x, y, z; };
typedef struct { struct class explicit[2]; float3 at; } template;
enum private { RED = 1, GREEN = 2 };

#pragma acc routine seq
static friend weigh(const struct class *virtual, int export) {
    return export < 0 ? 0 : virtual->new * export + virtual->public.i;
}

int main(void) {
    struct class c[N];
    template t[N];
    float3 f[N];
    struct dim3 d = { 1, 2, 3 };
    double out[N];
    for (int i = 0; i < N; i++) {
        c[i].new = i; c[i].this = i % 3; c[i].public.i = 2; c[i].operator = &c[(i + 1) % N];
        f[i].x = (float)i; f[i].y = 1; f[i].z = 2;
    }
#pragma acc parallel loop copy(c) copyin(f, d) copyout(t, out)
    for (int i = 0; i < N; i++) {
        class_ptr p = &c[i];
        c[i].this = c[i].this % 3;
        enum private e = (i % 2) ? RED : GREEN;
        struct protected { int virtual; } pv = { 3 };
        wchar_t w = L'a';
        struct class q = (struct class){ .new = (friend)p->this, .this = (int)sizeof(struct class), .public = { .i = 1 } };
        t[i].explicit[0] = *p;
        t[i].explicit[1] = q;
        t[i].at = f[i];
        t[i].at.y += d.y;
        out[i] = weigh(p, e) + (w == L'a') + pv.virtual + q.new + (q.this == sizeof(struct class)) + f[i].x * d.z;
    }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] + t[i].explicit[1].new + t[i].at.y;
        bad += t[i].explicit[0].new != i || t[i].explicit[0].operator != &c[(i + 1) % N] || t[i].at.x != i;
    }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
