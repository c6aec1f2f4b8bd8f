// run
/* acc_copyout_finalize and acc_delete_finalize (§3.2.19): the dynamic
   reference count drops to zero at once; a structured reference still
   keeps the data. */
#include <openacc.h>
#include <stdio.h>

#define N 300
float a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = b[i] = 1;
    for (int k = 0; k < 5; k++) acc_copyin(a, sizeof a);
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1;
    acc_copyout_finalize(a, sizeof a);
    printf("after copyout_finalize: present %d a[0] %.0f\n", acc_is_present(a, sizeof a), a[0]);

    for (int k = 0; k < 3; k++) acc_create(b, sizeof b);
    acc_delete_finalize(b, sizeof b);
    printf("after delete_finalize: present %d b[0] %.0f\n", acc_is_present(b, sizeof b), b[0]);

    /* a data region holds a structured reference */
#pragma acc data copy(a)
    {
        acc_copyin(a, sizeof a);
        acc_copyin(a, sizeof a);
        acc_delete_finalize(a, sizeof a);
        printf("in region: present %d\n", acc_is_present(a, sizeof a));
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] *= 10;
    }
    printf("after region: present %d a[0] %.0f\n", acc_is_present(a, sizeof a), a[0]);

    /* async forms */
    acc_copyin(a, sizeof a);
    acc_copyin(a, sizeof a);
#pragma acc parallel loop present(a) async(4)
    for (int i = 0; i < N; i++) a[i] = -a[i];
    acc_copyout_finalize_async(a, sizeof a, 4);
    acc_create(b, sizeof b);
    acc_delete_finalize_async(b, sizeof b, 4);
    acc_wait(4);
    printf("async: a[0] %.0f present %d %d\n", a[0], acc_is_present(a, sizeof a), acc_is_present(b, sizeof b));
    return 0;
}
