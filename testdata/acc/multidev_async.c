// run
// env: ACCC_EMULATE_DEVICES=2
/* Async queues per device (OpenACC 3.4 §2.16, §3.2.9-3.2.14): each device
   has its own queues, and queue 1 of device 0 is not queue 1 of device 1.
   wait(devnum: d: q) (§2.16.3) and the _device routines name another
   device's queue: the host waits for it, or a queue of the current device
   waits for it without blocking the host. Up to two devices, as in
   multidev_switch.c; the output is the same with one. */
#include <openacc.h>
#include <stdio.h>

#define N 100000
float a[N];

static int check(float add) {
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += a[i] != 2.0f * i + add;
    return bad;
}

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
    int m = n < 2 ? n : 2, bad = 0;
    for (int i = 0; i < N; i++) a[i] = i;

    /* On each device, queue 1 maps a and doubles it, plus the device's
       number. */
    for (int d = 0; d < m; d++) {
        acc_set_device_num(d, t);
#pragma acc enter data copyin(a) async(1)
#pragma acc parallel loop present(a) async(1)
        for (int i = 0; i < N; i++) a[i] = 2 * a[i] + d;
    }
    /* From the last device, the host waits for queue 1 of every device. */
    for (int d = 0; d < m; d++) {
#pragma acc wait(devnum: d: 1)
        bad += !acc_async_test_device(1, d);
    }
    printf("wait(devnum: d: 1) on each device: %s\n", bad ? "wrong" : "ok");

    bad = 0;
    for (int d = m - 1; d >= 0; d--) {
        acc_set_device_num(d, t);
#pragma acc update self(a)
        bad += check(d);
    }
    printf("each device's values: %s\n", bad ? "wrong" : "ok");

    /* Queue 2 of device 0 waits for queue 1 of the last device, which
       adds 1 to its copy, then adds 1 to device 0's copy. */
    bad = 0;
    acc_set_device_num(m - 1, t);
#pragma acc parallel loop present(a) async(1)
    for (int i = 0; i < N; i++) a[i] += 1;
    acc_set_device_num(0, t);
#pragma acc parallel loop present(a) async(2) wait(devnum: m - 1: 1)
    for (int i = 0; i < N; i++) a[i] += 1;
    acc_wait_device_async(1, 3, m - 1); /* queue 3 of device 0 waits too */
#pragma acc wait(2, 3)
    acc_wait_device(1, m - 1);
#pragma acc update self(a)
    bad += check(m > 1 ? 1 : 2); /* one device: both kernels added 1 */
    acc_set_device_num(m - 1, t);
#pragma acc update self(a)
    bad += check(2);
    printf("queue of one device waits for another's: %s\n", bad ? "wrong" : "ok");

    /* Unmapping on every device, waited for device by device. */
    bad = 0;
    for (int d = 0; d < m; d++) {
        acc_set_device_num(d, t);
#pragma acc exit data delete(a) async(1)
    }
    acc_set_device_num(0, t);
    for (int d = 0; d < m; d++) {
        acc_wait_all_device(d);
        bad += !acc_async_test_all_device(d);
        acc_set_device_num(d, t);
        bad += acc_is_present(a, sizeof a);
        acc_set_device_num(0, t);
    }
    printf("exit data on each device: %s\n", bad ? "wrong" : "ok");
    return 0;
}
