// run
/* acc_attach and acc_detach (§3.2.29): the device copy of a struct's
   pointer member points at the device copy of its target while attached;
   the host pointer is never changed. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 400
struct vec { int n; double *p; };

int main(void) {
    struct vec v;
    v.n = N;
    v.p = malloc(N * sizeof *v.p);
    double *orig = v.p;
    for (int i = 0; i < N; i++) v.p[i] = i;
    acc_copyin(&v, sizeof v);
    acc_copyin(v.p, N * sizeof *v.p);
    acc_attach((void **)&v.p);
    acc_attach_async((void **)&v.p, 1); /* counted twice */
    acc_wait(1);
#pragma acc parallel loop present(v)
    for (int i = 0; i < v.n; i++) v.p[i] = v.p[i] + 1;
    acc_detach((void **)&v.p);
#pragma acc parallel loop present(v)
    for (int i = 0; i < v.n; i++) v.p[i] = v.p[i] * 2; /* still attached once */
    acc_detach_async((void **)&v.p, 2);
    acc_wait(2);
    printf("host pointer unchanged: %d\n", v.p == orig);
    acc_copyout(v.p, N * sizeof *v.p);
    double s = 0;
    for (int i = 0; i < N; i++) s += v.p[i];
    printf("sum %.0f\n", s);

    /* finalize: any number of attachments end at once */
    acc_copyin(v.p, N * sizeof *v.p);
    acc_attach((void **)&v.p);
    acc_attach((void **)&v.p);
    acc_attach((void **)&v.p);
    acc_detach_finalize((void **)&v.p);
    acc_attach((void **)&v.p);
    acc_detach_finalize_async((void **)&v.p, 3);
    acc_wait(3);
    acc_delete(v.p, N * sizeof *v.p);
    acc_copyout(&v, sizeof v);
    printf("after copyout: pointer %d, n %d\n", v.p == orig, v.n);
    free(v.p);
    return 0;
}
