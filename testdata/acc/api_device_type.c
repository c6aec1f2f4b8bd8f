// run
/* Run-time device-type switching with the routines (OpenACC 3.4
   §3.2.1-3.2.8, §3.2.15): acc_set_device_type(acc_device_host),
   acc_init(acc_device_host) and acc_set_device_num(0, acc_device_host)
   make the host the current device type; compute regions then run their
   host versions, where acc_on_device(acc_device_host) is true; back on
   the default type, they run on the device (on -acc=host and multicore
   the device is the host). Only relations that hold on every target are
   printed. */
#include <openacc.h>
#include <stdio.h>

#define N 256
int a[N];

/* Whether the compute regions run on the host: 1 when all iterations
   found acc_on_device(acc_device_host) true, 0 when none did. */
static int on_host(void) {
    int hosts = 0;
#pragma acc parallel loop reduction(+:hosts) copy(a)
    for (int i = 0; i < N; i++) {
        a[i] += 1;
        hosts += acc_on_device(acc_device_host);
    }
    return hosts == N ? 1 : hosts == 0 ? 0 : -1;
}

int main(void) {
    acc_device_t start = acc_get_device_type();
    int host_build = start == acc_device_host;
    printf("the host is one device: %d\n", acc_get_num_devices(acc_device_host) == 1);
    printf("starts on the device: %d\n", on_host() == host_build);

    acc_set_device_type(acc_device_host);
    printf("host current: %d, number %d\n", acc_get_device_type() == acc_device_host,
           acc_get_device_num(acc_device_host));
    printf("regions on the host: %d\n", on_host());
    printf("host code on the current device: %d\n", acc_on_device(acc_device_current));

    acc_set_device_type(acc_device_default);
    printf("default type is the start type: %d\n", acc_get_device_type() == start);
    printf("regions on the device: %d\n", on_host() == host_build);

    acc_init(acc_device_host);
    printf("acc_init selects the host: %d %d\n", acc_get_device_type() == acc_device_host, on_host());
    acc_shutdown(acc_device_host);
    acc_set_device_num(0, acc_device_default);
    printf("back: %d\n", acc_get_device_type() == start && on_host() == host_build);
    acc_set_device_num(0, acc_device_host);
    printf("acc_set_device_num selects the host: %d\n", on_host());
    acc_set_device_type(acc_device_default);

    int bad = 0;
    for (int i = 0; i < N; i++) bad += a[i] != 6;
    printf("a: %d wrong\n", bad);
    return 0;
}
