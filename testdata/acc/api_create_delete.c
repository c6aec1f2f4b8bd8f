// run
/* acc_create and acc_delete (§3.2.18-3.2.19): device memory without
   copies; delete never copies back; delete of absent data does nothing. */
#include <openacc.h>
#include <stdio.h>

#define N 512
int a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = b[i] = 7;
    int *d = acc_create(a, sizeof a);
    printf("created: %d present %d\n", d != NULL, acc_is_present(a, sizeof a));
    printf("aliases: %d %d\n", acc_pcreate(a, sizeof a) == d, acc_present_or_create(a, 4) == d);
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = i;
    acc_update_self(a, sizeof a);
    long s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("device values: %ld\n", s);
    for (int i = 0; i < N; i++) a[i] = 0;
    acc_delete(a, sizeof a);
    acc_delete(a, sizeof a);
    printf("present after two deletes: %d\n", acc_is_present(a, sizeof a));
    acc_delete(a, sizeof a);
    printf("present after three: %d\n", acc_is_present(a, sizeof a));
    printf("host values kept: %d\n", a[5]);

    /* absent data: no action, no error */
    acc_delete(b, sizeof b);
    acc_delete_async(b, sizeof b, 2);
    acc_wait(2);
    printf("b: %d\n", b[0]);

    /* create_async and delete_async */
    acc_create_async(b, sizeof b, 1);
#pragma acc parallel loop present(b) async(1)
    for (int i = 0; i < N; i++) b[i] = 1;
#pragma acc update self(b) async(1)
    acc_delete_async(b, sizeof b, 1);
    acc_wait(1);
    s = 0;
    for (int i = 0; i < N; i++) s += b[i];
    printf("b sum %ld present %d\n", s, acc_is_present(b, sizeof b));
    return 0;
}
