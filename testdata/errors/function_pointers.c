// errorcheck -acc=emulate
/* Device code cannot call through host function addresses: a call whose
   callee is not a function designator is an error at the callee, as is
   taking a function's address in a compute region. Function pointers
   may still be compared, and structs holding them used. */
#include <math.h>
static int twice(int x) { return 2 * x; }
typedef double (*unary)(double);
struct ops { int (*f)(int); unary g; int k; };

void f(int n, int *a, int (*fp)(int), struct ops o, struct ops *po, unary table[2]) {
#pragma acc parallel loop copyout(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = fp(i); // want error:"call through the function pointer 'fp' in device code is not supported: device code cannot call a host function address; call a function with '#pragma acc routine' by name"
#pragma acc parallel loop copyout(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = o.f(i) + (*fp)(i); // want error:"call through the function pointer 'o.f'" error:"call through the function pointer '(*fp)'"
#pragma acc parallel loop copyout(a[0:n]) copyin(po[0:1], table[0:2])
    for (int i = 0; i < n; i++)
        a[i] = po->f(i) + (int)table[i % 2](1.0); // want error:"call through the function pointer 'po->f'" error:"call through the function pointer 'table[i % 2]'"
#pragma acc parallel loop copyout(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = (i ? twice : twice)(i); // want error:"call through the function pointer '(i ? twice : twice)'"
#pragma acc parallel loop copyout(a[0:n])
    for (int i = 0; i < n; i++) {
        double (*h)(double) = sqrt; // want error:"the address of function 'sqrt' is used in device code, which is not supported"
        a[i] = (int)(*sqrt)((double)i) + (h != 0);
    }
    /* Comparing function pointers and using the other members is fine. */
#pragma acc parallel loop copyout(a[0:n]) copyin(o)
    for (int i = 0; i < n; i++)
        a[i] = (fp != 0) + (o.g != 0) + o.k + (int)sqrt((double)i);
}
