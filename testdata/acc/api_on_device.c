// run
/* acc_on_device (§3.2.15): host code runs on acc_device_host; a compute
   region runs on the device, which is the host on -acc=host/multicore and
   not the host on -acc=emulate and -acc=gpu. */
#include <openacc.h>
#include <stdio.h>

#define N 256
int on_host[N], on_not_host[N], on_current[N];

int main(void) {
    int device_is_host = acc_get_device_type() == acc_device_host;
    printf("host code on host: %d\n", acc_on_device(acc_device_host));
    printf("host code on not_host: %d\n", acc_on_device(acc_device_not_host));
    printf("host code on none: %d\n", acc_on_device(acc_device_none));
#pragma acc parallel loop copyout(on_host, on_not_host, on_current)
    for (int i = 0; i < N; i++) {
        on_host[i] = acc_on_device(acc_device_host);
        on_not_host[i] = acc_on_device(acc_device_not_host);
        on_current[i] = acc_on_device(acc_device_current);
    }
    int ok = 1;
    for (int i = 0; i < N; i++) {
        ok &= on_host[i] == device_is_host;
        ok &= on_not_host[i] == !device_is_host;
        ok &= on_current[i] == 1;
    }
    printf("compute region on the device type: %d\n", ok);
    printf("host code again: %d\n", acc_on_device(acc_device_host));
    return 0;
}
