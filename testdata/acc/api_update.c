// run
/* acc_update_device and acc_update_self (§3.2.20), whole and partial, sync
   and async. Every value printed is made consistent by an update first. */
#include <openacc.h>
#include <stdio.h>

#define N 100
int a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    acc_copyin(a, sizeof a);
    for (int i = 10; i < 20; i++) a[i] = 1000 + i;
    acc_update_device(a + 10, 10 * sizeof(int)); /* a[10:10] only */
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] = a[i] * 2;
    acc_update_self(a, 30 * sizeof(int)); /* a[0:30] */
    printf("a[5]=%d a[15]=%d a[25]=%d\n", a[5], a[15], a[25]);

    a[50] = 7;
    acc_update_device_async(a + 50, sizeof(int), 2);
#pragma acc parallel loop present(a) async(2)
    for (int i = 50; i < 51; i++) a[i] += 1;
    acc_update_self_async(a + 50, sizeof(int), 2);
    acc_wait(2);
    printf("a[50]=%d\n", a[50]);

    acc_update_device(a, 0); /* nothing */
    acc_update_self(NULL, 8);
    acc_update_self(a, sizeof a); /* host and device agree again */
    printf("a[99]=%d\n", a[99]);
    a[99] = 5;
    acc_update_device_async(a, sizeof a, acc_async_noval);
#pragma acc parallel loop present(a) async
    for (int i = 0; i < N; i++) a[i] += 1;
    acc_wait(acc_async_noval);
    acc_update_self(a, sizeof a);
    printf("a[99]=%d a[0]=%d\n", a[99], a[0]);
    acc_delete(a, sizeof a);
    return 0;
}
