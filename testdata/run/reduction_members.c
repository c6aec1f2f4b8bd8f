// run
/* Reductions of struct members (OpenACC 2.7+, §2.5.15, §2.9.11): a
   member is reduced as a variable of its type, whose result lands in the
   member. Members of a struct variable and of the struct a pointer points
   to, at the construct, on gang loops (which reduce into the construct's
   result) and on worker and vector loops; structs mapped by the construct
   and present in an enclosing data region. Every value is an exact
   integer, so the order of the combines cannot change the output. */
#include <stdio.h>
#include <stdlib.h>
#define N 5000

struct stats {
    long sum;
    int max;
    double prod;
    int count;
};

int main(void) {
    int *a = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++)
        a[i] = (i * 7919) % 1013;
    struct stats s = {10, -1, 1.0, 7};
    struct stats *p = malloc(sizeof *p);
    p->sum = 0, p->max = 0, p->prod = 2.0, p->count = 0;

    /* Construct-level reductions of members, the loop scheduled by the
       compiler; the struct is copied implicitly. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s.sum) reduction(max:s.max)
    {
#pragma acc loop
        for (int i = 0; i < N; i++) {
            s.sum += a[i];
            s.max = s.max > a[i] ? s.max : a[i];
        }
    }
    printf("construct: %ld %d %g %d\n", s.sum, s.max, s.prod, s.count);

    /* A combined construct's reduction of a member through a pointer,
       the struct present in an enclosing data region. */
#pragma acc data copy(p[0:1])
    {
#pragma acc parallel loop copyin(a[0:N]) reduction(+:p->sum) reduction(*:p->prod)
        for (int i = 0; i < N; i++) {
            p->sum += a[i] % 10;
            if (i % 1000 == 0)
                p->prod *= 3;
        }
    }
    printf("pointer: %ld %d %g %d\n", p->sum, p->max, p->prod, p->count);

    /* A gang loop's reduction of a member (the construct's result), with
       a worker and a vector loop inside that reduce it as well. */
    s.count = 0;
#pragma acc parallel num_workers(4) vector_length(32) copyin(a[0:N])
    {
#pragma acc loop gang reduction(+:s.count)
        for (int i = 0; i < N / 50; i++) {
#pragma acc loop worker reduction(+:s.count)
            for (int j = 0; j < 5; j++) {
#pragma acc loop vector reduction(+:s.count)
                for (int k = 0; k < 10; k++)
                    s.count += a[i * 50 + j * 10 + k] & 1;
            }
        }
    }
    printf("levels: %d\n", s.count);

    /* A member reduced in one gang's vector loop: the loop's result goes
       into the member of the struct's device copy. */
#pragma acc parallel num_gangs(1) copy(p[0:1]) copyin(a[0:N])
    {
#pragma acc loop vector reduction(max:p->max)
        for (int i = 0; i < N; i++)
            p->max = p->max > a[i] ? p->max : a[i];
    }
    printf("vector: %d\n", p->max);
    free(p);
    free(a);
    return 0;
}
