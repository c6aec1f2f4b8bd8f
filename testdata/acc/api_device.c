// run
/* Device management routines (OpenACC 3.4 §3.2.1-3.2.8): the device type
   of the build, device counts and numbers, init and shutdown. The output
   is the same on every target: only relations are printed. */
#include <openacc.h>
#include <stdio.h>

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
    printf("known type: %d\n", t == acc_device_host || t == acc_device_not_host || t == acc_device_nvidia);
    printf("devices of the type: %s\n", n >= 1 ? "at least one" : "none");
    printf("default type counts them: %d\n", acc_get_num_devices(acc_device_default) == n);
    printf("no devices of type none: %d\n", acc_get_num_devices(acc_device_none) == 0);
    acc_init(t);
    acc_init(acc_device_default);
    acc_set_device_type(t);
    printf("type unchanged: %d\n", acc_get_device_type() == t);
    acc_set_device_num(0, t);
    printf("device number: %d\n", acc_get_device_num(t));
    acc_set_device_num(-1, acc_device_default); /* the default device */
    printf("default device number: %d\n", acc_get_device_num(acc_device_default));
    acc_init_device(0, t);

    static float x[1000];
    for (int i = 0; i < 1000; i++) x[i] = i;
#pragma acc parallel loop copy(x)
    for (int i = 0; i < 1000; i++) x[i] = 2 * x[i];
    printf("x[999] = %.0f\n", x[999]);

    /* shutdown releases the device data; the runtime comes back on use */
    acc_copyin(x, sizeof x);
    acc_shutdown(t);
    printf("present after shutdown: %d\n", acc_is_present(x, sizeof x));
#pragma acc parallel loop copy(x)
    for (int i = 0; i < 1000; i++) x[i] = x[i] + 1;
    printf("x[999] = %.0f\n", x[999]);
    acc_shutdown_device(0, acc_device_default);
    return 0;
}
