// errorcheck -acc=emulate
/* Misuse of routines (OpenACC 3.4 §2.15.1), each a positioned error:
   calls without a device version, recursion, variadic functions, calls
   through pointers, globals, loops at levels the routine leaves to its
   caller, and calls from a level the routine needs. */
#include <stdarg.h>
double ext(double); /* defined in another file, no routine directive */
int counter;

#pragma acc routine seq
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } // want error:"recursive call of 'fact' in device code (fact -> fact)"

int ping(int n);
int pong(int n) { return n > 0 ? ping(n - 1) : 0; } // want error:"recursive call of 'ping' in device code (ping -> pong -> ping)"
#pragma acc routine seq
int ping(int n) { return n > 0 ? pong(n - 1) : 1; }

#pragma acc routine seq
int sum(int n, ...) { return n; } // want error:"variadic function 'sum' cannot have a device version"

#pragma acc routine seq
int bump(int x) { return x + counter; } // want error:"routine 'bump' uses the global variable 'counter', which has no declare directive: give it a device copy with '#pragma acc declare create(counter)'"

#pragma acc routine vector
void vrow(double *a, int n)
{
#pragma acc loop gang // want error:"'loop gang' in vector routine 'vrow': a routine's loops may use only its own level and finer ones"
    for (int i = 0; i < n; i++)
        a[i] = 0;
}

#pragma acc routine vector
void vfill(double *a, int n)
{
#pragma acc loop vector
    for (int i = 0; i < n; i++)
        a[i] = i;
}

#pragma acc routine worker
double wsum(const double *a, int n)
{
    double s = 0;
#pragma acc loop worker reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

void f(int n, double *a, int *k, int (*fp)(int))
{
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = ext(a[i]); // want error:"function 'ext' is called in device code but has no device version, and its body is not in this file"
#pragma acc parallel loop copy(k[0:n])
    for (int i = 0; i < n; i++)
        k[i] = fp(i) + fact(i) + ping(i) + sum(1, 2) + bump(i); // want error:"call through the function pointer 'fp' in device code is not supported"
#pragma acc parallel loop gang vector copy(a[0:n])
    for (int i = 0; i < n; i++)
        vfill(a, n); // want error:"'vfill' is a vector routine: it cannot be called inside a vector loop"
#pragma acc parallel loop gang worker copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = wsum(a, n); // want error:"'wsum' is a worker routine: it cannot be called inside a worker loop"
#pragma acc parallel loop gang copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = 1.0 + wsum(a, n); // want error:"a call of worker routine 'wsum' must be a statement of its own, the right side of '=' or a declaration's initializer"
}
