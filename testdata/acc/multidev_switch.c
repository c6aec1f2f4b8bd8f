// run
// env: ACCC_EMULATE_DEVICES=2
/* One host thread driving several devices (OpenACC 3.4 §3.2.4, §2.14.3):
   acc_set_device_num and the set directive select the current device,
   and each device has its own data environment: data mapped on one is
   not present on another, update and delete act on the current device's
   copy only, the same host array holds different values on each device.
   It uses up to two devices: two on -acc=emulate (ACCC_EMULATE_DEVICES=2)
   and on a machine with two GPUs, one on -acc=host and multicore (whose
   one device shares the host's memory), where the checks that need a
   second device hold trivially; the output is the same. */
#include <openacc.h>
#include <stdio.h>

#define N 1000
float x[N], y[N];

static int check(const float *v, float add, float mul) {
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += v[i] != mul * i + add;
    return bad;
}

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
    int m = n < 2 ? n : 2, bad = 0;
    printf("devices: %s\n", n >= 1 ? "at least one" : "none");
    for (int i = 0; i < N; i++) x[i] = i;

    /* Device d gets its own copy of x, to which it adds 1000 * d. */
    for (int d = 0; d < m; d++) {
        acc_set_device_num(d, t);
        bad += acc_get_device_num(t) != d;
#pragma acc enter data copyin(x)
#pragma acc parallel loop present(x)
        for (int i = 0; i < N; i++) x[i] += 1000 * d;
    }
    printf("device numbers: %s\n", bad ? "wrong" : "ok");

    /* update self from each device brings that device's values. */
    bad = 0;
    for (int d = m - 1; d >= 0; d--) {
#pragma acc set device_num(d)
        bad += !acc_is_present(x, sizeof x);
#pragma acc update self(x)
        bad += check(x, 1000 * d, 1);
    }
    printf("update self from each device: %s\n", bad ? "wrong" : "ok");

    /* update device on the last device leaves device 0's copy alone. */
    for (int i = 0; i < N; i++) x[i] = -1;
    acc_set_device_num(m - 1, t);
#pragma acc update device(x)
    acc_set_device_num(0, t);
#pragma acc parallel loop present(x) copyout(y)
    for (int i = 0; i < N; i++) y[i] = x[i];
    bad = m > 1 ? check(y, 0, 1) : check(y, -1, 0);
    printf("update device on one device only: %s\n", bad ? "wrong" : "ok");

    /* A data region on the last device maps y there only. */
    bad = 0;
    acc_set_device_num(m - 1, t);
#pragma acc data copy(y)
    {
        bad += !acc_is_present(y, sizeof y);
        acc_set_device_num(0, t);
        bad += m > 1 && acc_is_present(y, sizeof y);
        acc_set_device_num(m - 1, t);
#pragma acc parallel loop present(y)
        for (int i = 0; i < N; i++) y[i] = 3 * i;
    }
    bad += check(y, 0, 3);
    printf("data region on one device only: %s\n", bad ? "wrong" : "ok");

    /* Deleting x on device 0 leaves the other device's copy, which holds
       the values of the update device (on -acc=host and multicore, the
       host's). */
    bad = 0;
    acc_set_device_num(0, t);
#pragma acc exit data delete(x)
    bad += acc_is_present(x, sizeof x);
    acc_set_device_num(m - 1, t);
    bad += m > 1 && !acc_is_present(x, sizeof x);
    if (m > 1)
        for (int i = 0; i < N; i++) x[i] = 7;
#pragma acc exit data copyout(x)
    bad += acc_is_present(x, sizeof x);
    bad += check(x, -1, 0);
    printf("delete on one device only: %s\n", bad ? "wrong" : "ok");
    return 0;
}
