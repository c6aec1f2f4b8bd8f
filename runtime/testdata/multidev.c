/* multidev.c: several devices in one process (OpenACC 3.4 §2.3, §3.2.4):
 * run with ACCC_EMULATE_DEVICES=3, the emulate backend has three devices,
 * each with its own present table and memory; the calling thread's
 * current device (acc_set_device_num) selects the one that data routines,
 * directives and queues act on, and each host thread has its own. The
 * shared backend has one device whatever the environment: the checks
 * that need a second device are skipped there. Run with ACC_DEVICE_NUM
 * too: every thread starts on that device. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "openacc.h"

enum { N = 64, NDEV = 3 };
static double a[N], b[N];
static int first; /* ACC_DEVICE_NUM */

/* A file-scope declare (§2.13): mapped by a constructor on the device
 * current then (ACC_DEVICE_NUM's), on each other one at its first
 * selection. */
static double g[N];
__attribute__((constructor)) static void declare_g(void) {
    static const accrt_site site = {"test.c", 7, "declare_g", "declare"};
    accrt_map m[] = {MAP(ACCRT_CREATE, 0, g, sizeof g)};
    accrt_declare_global(m, 1, &site);
}

static void devices(int n, acc_device_t t) {
    int d;
    CHECK(n == (shared() ? 1 : NDEV));
    CHECK(acc_get_num_devices(acc_device_default) == n);
    CHECK(acc_get_num_devices(acc_device_host) == 1);
    CHECK(acc_get_device_num(t) == first);
    for (d = 0; d < n; d++) {
        acc_set_device_num(d, t);
        CHECK(acc_get_device_num(t) == d);
        CHECK(acc_get_device_num(acc_device_current) == d);
        CHECK(acc_get_property(d, t, acc_property_memory) > 0);
        CHECK(acc_get_property_string(d, t, acc_property_name) != NULL);
    }
    CHECK(acc_get_property(n, t, acc_property_memory) == 0);
    for (d = 0; d < n; d++) {
        acc_set_device_num(d, t);
        CHECK(acc_is_present(g, sizeof g));
        CHECK(accrt_refcount(g, 0) == 1);
    }
    acc_set_device_num(0, t);
}

/* Data mapped on one device is absent on the others; each device has its
 * own copy, reference counts and attachments. */
static void separation(int n, acc_device_t t) {
    double *d0, *d1, v = 0;
    int i;
    for (i = 0; i < N; i++)
        a[i] = i;
    acc_set_device_num(0, t);
    d0 = acc_copyin(a, sizeof a);
    CHECK(d0 != NULL && acc_is_present(a, sizeof a));
    CHECK(accrt_refcount(a, 1) == 1);
    if (n < 2) {
        acc_delete(a, sizeof a);
        return;
    }
    acc_set_device_num(1, t);
    CHECK(!acc_is_present(a, sizeof a));
    CHECK(acc_deviceptr(a) == NULL);
    CHECK(accrt_refcount(a, 1) == -1);
    a[5] = 500;
    d1 = acc_copyin(a, sizeof a);
    CHECK(d1 != NULL && d1 != d0);
    CHECK(acc_is_present(a, sizeof a) && accrt_refcount(a, 1) == 1);
    acc_copyin(a, sizeof a);
    CHECK(accrt_refcount(a, 1) == 2);
    /* An update of device 1 leaves device 0's copy alone. */
    a[6] = 600;
    acc_update_device(a, sizeof a);
    acc_memcpy_from_device(&v, d1 + 6, sizeof v);
    CHECK(v == 600);
    acc_set_device_num(0, t);
    CHECK(accrt_refcount(a, 1) == 1);
    acc_memcpy_from_device(&v, d0 + 5, sizeof v);
    CHECK(v == 5);
    acc_memcpy_from_device(&v, d0 + 6, sizeof v);
    CHECK(v == 6);
    /* Copying out of device 0 brings device 0's values back. */
    acc_copyout(a, sizeof a);
    CHECK(a[5] == 5 && a[6] == 6);
    CHECK(!acc_is_present(a, sizeof a));
    acc_set_device_num(1, t);
    CHECK(acc_is_present(a, sizeof a));
    acc_copyout_finalize(a, sizeof a);
    CHECK(a[5] == 500 && a[6] == 600);
    CHECK(!acc_is_present(a, sizeof a));
    acc_set_device_num(0, t);
}

/* acc_memcpy_d2d between devices, acc_malloc memory per device, and the
 * free memory of each device. */
static void copies(int n, acc_device_t t) {
    size_t free0, free1;
    void *p;
    int i;
    if (n < 2)
        return;
    for (i = 0; i < N; i++)
        a[i] = i, b[i] = -1;
    acc_set_device_num(0, t);
    acc_copyin(a, sizeof a);
    acc_set_device_num(1, t);
    acc_create(b, sizeof b);
    acc_memcpy_d2d(b, a, sizeof a, 1, 0); /* b on device 1 from a on device 0 */
    acc_update_self(b, sizeof b);
    CHECK(b[0] == 0 && b[N - 1] == N - 1);
    acc_set_device_num(0, t);
    CHECK(!acc_is_present(b, sizeof b));
    acc_memcpy_d2d_async(b, a, sizeof a, 1, 0, 2);
    acc_wait_device(2, 0);
    acc_delete(a, sizeof a);
    acc_set_device_num(1, t);
    acc_delete(b, sizeof b);

    free0 = acc_get_property(0, t, acc_property_free_memory);
    free1 = acc_get_property(1, t, acc_property_free_memory);
    p = acc_malloc(1 << 20); /* on device 1 */
    if (!shared()) {
        CHECK(acc_get_property(1, t, acc_property_free_memory) == free1 - (1 << 20));
        CHECK(acc_get_property(0, t, acc_property_free_memory) == free0);
    }
    acc_set_device_num(0, t);
    acc_free(p); /* freed on device 1, whose memory it is */
    CHECK(acc_get_property(1, t, acc_property_free_memory) == free1);
}

/* Queues and shutdown by device number. */
static void queues(int n, acc_device_t t) {
    int q = 3, d;
    for (d = 0; d < n; d++) {
        acc_set_device_num(d, t);
        acc_copyin_async(a, sizeof a, 1);
    }
    acc_set_device_num(0, t);
    for (d = 0; d < n; d++) {
        acc_wait_device(1, d);
        acc_wait_device_async(1, 2, d);
        acc_wait_all_device_async(2, d);
        CHECK(acc_async_test_device(1, d));
        CHECK(acc_async_test_all_device(d));
        CHECK(acc_wait_any_device(1, &q, d) == 0);
        acc_wait_all_device(d);
    }
    accrt_wait_device(n - 1, 1, NULL);
    accrt_wait_device_async(n - 1, 1, 2, NULL);
    if (n > 1) {
        acc_shutdown_device(1, t);
        acc_set_device_num(1, t);
        CHECK(!acc_is_present(a, sizeof a));
        acc_set_device_num(0, t);
    }
    CHECK(acc_is_present(a, sizeof a));
    acc_shutdown(t);
    for (d = 0; d < n; d++) {
        acc_set_device_num(d, t);
        CHECK(!acc_is_present(a, sizeof a));
    }
    acc_set_device_num(0, t);
}

/* Each host thread has its own current device: thread k selects device
 * k % n, maps its own array there and finds it there only. */
enum { NTHREAD = 4 };
static double rows[NTHREAD][N];
static int ndev;
static acc_device_t type;
static pthread_barrier_t barrier;

static void *worker(void *arg) {
    int k = (int)(size_t)arg, d = k % ndev, i, bad = 0;
    double *dev;
    CHECK(acc_get_device_num(type) == first); /* the initial device, whatever main selected */
    acc_set_device_num(d, type);
    for (i = 0; i < N; i++)
        rows[k][i] = k * 100 + i;
    dev = acc_copyin(rows[k], sizeof rows[k]);
    pthread_barrier_wait(&barrier); /* every thread has mapped its row */
    CHECK(acc_get_device_num(type) == d);
    for (i = 0; i < NTHREAD; i++)
        bad += acc_is_present(rows[i], sizeof rows[i]) != (i % ndev == d);
    CHECK(bad == 0);
    for (i = 0; i < N; i++)
        dev[i] *= 2; /* a kernel: emulated device memory is host memory */
    pthread_barrier_wait(&barrier); /* nobody unmaps before the checks */
    acc_copyout(rows[k], sizeof rows[k]);
    for (i = 0; i < N; i++)
        bad += rows[k][i] != 2 * (k * 100 + i);
    CHECK(bad == 0);
    return NULL;
}

static void threads(int n, acc_device_t t) {
    pthread_t th[NTHREAD];
    size_t k;
    ndev = n;
    type = t;
    acc_set_device_num(n - 1, t);
    pthread_barrier_init(&barrier, NULL, NTHREAD);
    for (k = 0; k < NTHREAD; k++)
        pthread_create(&th[k], NULL, worker, (void *)k);
    for (k = 0; k < NTHREAD; k++)
        pthread_join(th[k], NULL);
    pthread_barrier_destroy(&barrier);
    CHECK(acc_get_device_num(t) == n - 1); /* the threads changed only their own */
    acc_set_device_num(0, t);
}

int main(void) {
    const char *num = getenv("ACC_DEVICE_NUM");
    acc_device_t t = acc_get_device_type();
    first = num ? atoi(num) : 0;
    int n = acc_get_num_devices(t);
    devices(n, t);
    separation(n, t);
    copies(n, t);
    queues(n, t);
    threads(n, t);
    return done();
}
