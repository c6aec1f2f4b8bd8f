// run
/* acc_get_default_async and acc_set_default_async (§3.2.13-3.2.14): the
   queue that async without an argument, and acc_async_noval, mean. */
#include <openacc.h>
#include <stdio.h>

#define N 5000
int a[N];

int main(void) {
    printf("initial: %d\n", acc_get_default_async());
    acc_set_default_async(7);
    printf("set: %d\n", acc_get_default_async());
    acc_set_default_async(acc_async_noval); /* no change */
    printf("noval keeps it: %d\n", acc_get_default_async());
    for (int i = 0; i < N; i++) a[i] = i;
    acc_copyin_async(a, sizeof a, acc_async_noval); /* on queue 7 */
#pragma acc parallel loop present(a) async
    for (int i = 0; i < N; i++) a[i] = 2 * a[i];
#pragma acc update self(a) async
    acc_wait(7); /* the default queue is queue 7 */
    long s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("sum %ld, queue idle %d\n", s, acc_async_test(acc_async_noval));
    acc_set_default_async(acc_async_default);
    printf("reset: %d\n", acc_get_default_async());
#pragma acc parallel loop present(a) async
    for (int i = 0; i < N; i++) a[i] = 1;
    acc_wait(acc_async_noval);
    acc_copyout(a, sizeof a);
    s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    printf("sum %ld\n", s);
    return 0;
}
