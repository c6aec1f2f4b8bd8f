// run
// env: ACCC_EMULATE_DEVICES=2
/* File-scope declare data on several devices (OpenACC 3.4 §2.13): g lives
   on every device for the whole program, each device with its own copy,
   mapped on a device when a thread first selects it. Up to two devices;
   the output is the same with one. */
#include <openacc.h>
#include <stdio.h>

#define N 256
float g[N];
#pragma acc declare create(g)

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
    int m = n < 2 ? n : 2, bad = 0;
    for (int d = 0; d < m; d++) {
        acc_set_device_num(d, t);
        bad += !acc_is_present(g, sizeof g);
#pragma acc parallel loop present(g)
        for (int i = 0; i < N; i++) g[i] = i + 100 * d;
    }
    printf("declared on every device: %s\n", bad ? "wrong" : "ok");
    bad = 0;
    for (int d = m - 1; d >= 0; d--) {
        acc_set_device_num(d, t);
#pragma acc update self(g)
        for (int i = 0; i < N; i++) bad += g[i] != i + 100 * d;
    }
    printf("each device's copy: %s\n", bad ? "wrong" : "ok");
    return 0;
}
