// run
/* The host device has no data environment of its own (OpenACC 3.4
   §3.2.2; as GCC's host fallback): while the host is the current device
   type, all host memory is present at its own address, data clauses and
   routines move nothing, and the device's copies stay as they were for
   when the program selects the device again (-acc=emulate and gpu). */
#include <openacc.h>
#include <stdio.h>

#define N 100
int a[N], b[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc enter data copyin(a)
    printf("on the device: present %d, device copy elsewhere %d\n", acc_is_present(a, sizeof a),
           acc_deviceptr(a) != a);

    acc_set_device_type(acc_device_host);
    printf("on the host: b present %d at %d, hostptr %d\n", acc_is_present(b, sizeof b), acc_deviceptr(b) == b,
           acc_hostptr(b) == b);
    for (int i = 0; i < N; i++) a[i] = -1;
#pragma acc parallel loop present(a, b)
    for (int i = 0; i < N; i++) b[i] = a[i] * 2;
#pragma acc update self(a)
    printf("host versions: a[5] %d b[5] %d\n", a[5], b[5]);
    acc_copyin(b, sizeof b);
    acc_delete(b, sizeof b);

    acc_set_device_type(acc_device_not_host);
    printf("the device again: b present %d\n", acc_is_present(b, sizeof b));
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++) a[i] += 1000;
#pragma acc exit data copyout(a)
    printf("device copy kept: a[5] %d\n", a[5]);
    return 0;
}
