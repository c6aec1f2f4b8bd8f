// run
/* Structs holding function pointers reach the kernels with their members
   declared as written (the .acc.cu spells the function pointer types), and
   function pointers may be compared in a compute region; only calls
   through them are rejected (testdata/errors/function_pointers.c). */
#include <stdio.h>
typedef double real;
typedef real (*unary)(real);
struct vec;
struct ops {
    int (*f)(int);
    unary g;
    int k;
    void (*h[2])(void);
    int (*(*pick)(int))(int);
    void (*cb)(struct vec *, const char *, ...);
    real scale;
};
static int twice(int x) { return 2 * x; }
static real half(real x) { return x / 2; }
#define N 100
int main(void) {
    static int a[N];
    struct ops o = { twice, half, 3, { 0, 0 }, 0, 0, 1.5 };
    int (*fp)(int) = twice;
    unary none = 0;
#pragma acc parallel loop copyout(a) copyin(o)
    for (int i = 0; i < N; i++)
        a[i] = (int)(o.k * i * o.scale) + (fp != 0) + 2 * (none != 0) + 4 * (o.g != 0) + 8 * (o.pick != 0);
    long s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("%ld %d %g\n", s, o.f(o.k), o.g(o.scale));
    return 0;
}
