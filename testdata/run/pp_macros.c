// run
/* Macros in directives are replaced where the directive stands (OpenACC
   §2.1): clause arguments under a definition that changes later in the
   file, directive and clause names from macros, _Pragma from object-like
   and function-like macros (how portability layers spell OpenACC), and
   directives guarded by #if, #ifdef and #else right before their loop. On
   -acc=emulate a wrong section shows as values never copied back. */
#include <stdio.h>

#define LEN 2
#define PAR parallel
#define LOOP_CLAUSES gang vector
#define DATA_OUT(a, n) copyout(a[0:n])
#define ACC(x) _Pragma(#x)
#define ACC_LOOP(n) ACC(acc parallel loop copyout(c[0:n]))
#define ACC_SEQ _Pragma("acc loop seq")

int main(void) {
    int a[4] = {7, 7, 7, 7}, b[6] = {0}, c[5] = {0}, d[8] = {0}, e[3] = {0};

#pragma acc parallel loop copyout(a[0:LEN])
    for (int i = 0; i < LEN; i++)
        a[i] = i + 1;
#undef LEN
#define LEN 4
    printf("a: %d %d %d %d\n", a[0], a[1], a[2], a[3]);

#pragma acc PAR loop LOOP_CLAUSES DATA_OUT(b, 6)
    for (int i = 0; i < 6; i++)
        b[i] = 10 * i;
    printf("b: %d %d\n", b[1], b[5]);

    ACC_LOOP(5)
    for (int i = 0; i < 5; i++)
        c[i] = i * i;
    printf("c: %d %d\n", c[2], c[4]);

#if defined(_OPENACC) && LEN > 3
#pragma acc parallel copyout(d[0:8])
#else
#pragma acc parallel copyout(d[0:1])
#endif
    {
#ifdef _OPENACC
#pragma acc loop gang
#endif
        for (int i = 0; i < 8; i++)
            d[i] = i + 100;
    }
    printf("d: %d %d\n", d[0], d[7]);

#pragma acc parallel num_gangs(1) copy(e)
    {
        ACC_SEQ
        for (int i = 1; i < 3; i++)
            e[i] = e[i - 1] + 5;
    }
    printf("e: %d %d\n", e[1], e[2]);
    return 0;
}
