// run
/* acc_deviceptr and acc_hostptr (§3.2.23-3.2.24): addresses inside a
   present range map back and forth; absent data has no device address. */
#include <openacc.h>
#include <stdio.h>

#define N 200
long a[N], b[N];

int main(void) {
    printf("absent: %d\n", acc_deviceptr(a) == NULL);
    printf("null: %d %d\n", acc_deviceptr(NULL) == NULL, acc_hostptr(NULL) == NULL);
#pragma acc data create(a)
    {
        long *d = acc_deviceptr(a);
        int ok = d != NULL;
        for (int i = 0; i < N; i += 17) {
            ok &= acc_deviceptr(a + i) == d + i;
            ok &= acc_hostptr(d + i) == a + i;
        }
        printf("round trips: %d\n", ok);
        printf("end of range: %d\n", acc_hostptr(d + N - 1) == a + N - 1);
        /* the device address works in deviceptr clauses */
#pragma acc parallel loop deviceptr(d)
        for (int i = 0; i < N; i++) d[i] = 3 * i;
#pragma acc update self(a)
        printf("a[199]=%ld\n", a[199]);
    }
    printf("after the region: %d\n", acc_deviceptr(a) == NULL);
    long *db = acc_copyin(b, sizeof b);
    printf("copyin returns the device address: %d\n", acc_deviceptr(b) == db);
    acc_delete(b, sizeof b);
    /* a host address no mapping covers: on the host device (shared
       memory) it is its own device address, elsewhere it has none */
    long v = 0;
    void *want = acc_get_device_type() == acc_device_host ? (void *)&v : NULL;
    printf("unmapped: %d\n", acc_hostptr(&v) == want);
    return 0;
}
