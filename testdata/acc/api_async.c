// run
/* Asynchronous queues through the runtime API (§3.2.9-3.2.12): waits of
   the host, of one queue for another and for all, tests and wait_any. */
#include <openacc.h>
#include <stdio.h>

#define N 100000
float a[N], b[N], c[N];

int main(void) {
    int dev = acc_get_device_num(acc_get_device_type());
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 1; c[i] = 0; }
    acc_copyin_async(a, sizeof a, 1);
    acc_copyin_async(b, sizeof b, 2);
    acc_create_async(c, sizeof c, 3);
#pragma acc parallel loop present(a) async(1)
    for (int i = 0; i < N; i++) a[i] = a[i] + 1;
#pragma acc parallel loop present(b) async(2)
    for (int i = 0; i < N; i++) b[i] = b[i] * 2;
    acc_wait_async(1, 3); /* queue 3 waits for 1 and 2, the host does not */
    acc_wait_device_async(2, 3, dev);
#pragma acc parallel loop present(a, b, c) async(3)
    for (int i = 0; i < N; i++) c[i] = a[i] + b[i];
    acc_wait_all_async(4); /* queue 4 waits for all others */
    acc_update_self_async(c, sizeof c, 4);
    acc_wait(4);
    printf("queue 4 idle: %d\n", acc_async_test(4));
    double s = 0;
    for (int i = 0; i < N; i++) s += c[i];
    printf("sum %.0f\n", s);

    /* two queues, wait for any: the index of a finished one */
#pragma acc parallel loop present(a) async(5)
    for (int i = 0; i < N; i++) a[i] = 0;
#pragma acc parallel loop present(b) async(6)
    for (int i = 0; i < N; i++) b[i] = 0;
    int queues[3] = {acc_async_sync, 5, 6};
    int k = acc_wait_any(3, queues);
    printf("wait_any gave a listed queue: %d, idle: %d\n", k == 1 || k == 2, acc_async_test(queues[k]));
    int only_sync[1] = {acc_async_sync};
    printf("nothing to wait for: %d\n", acc_wait_any(1, only_sync));
    acc_wait_all();
    printf("all idle: %d %d\n", acc_async_test_all(), acc_async_test_all_device(dev));
    printf("queues idle: %d %d %d\n", acc_async_test(5), acc_async_test_device(6, dev), acc_async_test(acc_async_sync));
    acc_wait_device(5, dev);
    acc_wait_all_device(dev);
    acc_wait_all_device_async(1, dev);
    acc_async_wait(1);
    acc_async_wait_all();
    acc_copyout(a, sizeof a);
    acc_copyout(b, sizeof b);
    acc_delete(c, sizeof c);
    printf("a[7]=%.0f b[7]=%.0f\n", a[7], b[7]);
    return 0;
}
