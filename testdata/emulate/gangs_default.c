// run
/* Without num_gangs, -acc=emulate gives a construct the gangs the GPU
   would, at most 4 (runtime/src/emulate_exec.c): one for a parallel
   construct without gang loops (as accc's GPU code), 4 for a gang loop
   of many iterations. Each gang runs the gang-redundant code, so the
   reductions count the gangs; a kernels construct's code outside loops
   runs once. The gang loop runs each iteration once. */
#include <stdio.h>
int main(void) {
    int none = 0, many = 0, kern = 0;
    static float x[100000];
#pragma acc parallel reduction(+:none)
    none++;
#pragma acc parallel reduction(+:many) copyout(x)
    {
        many++;
#pragma acc loop gang vector
        for (int i = 0; i < 100000; i++) x[i] = i;
    }
#pragma acc kernels copy(kern)
    kern++;
    printf("gangs: %d %d %d; x[199]=%g x[99999]=%g\n", none, many, kern, x[199], x[99999]);
    return 0;
}
