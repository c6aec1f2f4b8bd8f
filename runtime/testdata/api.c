/* api.c: the public runtime API of openacc.h (OpenACC 3.4 chapter 3) on
 * the CPU backends: device management, data routines and their reference
 * counts, map_data, malloc/free, copies, addresses, queues, attach. Built
 * with and without _OPENACC, that is with and without openacc.h's
 * call-site macros. */
#include <string.h>

#include "check.h"
#include "openacc.h"

enum { N = 64 };
static double a[N], b[N];

static void devices(void) {
    acc_device_t t = acc_get_device_type();
    CHECK(t == (shared() ? acc_device_host : acc_device_not_host));
    CHECK(acc_get_num_devices(t) == 1);
    CHECK(acc_get_num_devices(acc_device_default) == 1);
    CHECK(acc_get_num_devices(acc_device_nvidia) == (shared() ? 0 : 1)); /* the emulated device stands in for one */
    CHECK(acc_get_num_devices(acc_device_none) == 0);
    CHECK(acc_get_num_devices(acc_device_host) == 1);
    CHECK(acc_get_num_devices(acc_device_not_host) == (shared() ? 0 : 1));
    acc_init(t);
    acc_set_device_type(acc_device_default);
    acc_set_device_num(0, t);
    acc_set_device_num(-1, acc_device_default);
    acc_init_device(0, t);
    CHECK(acc_get_device_num(t) == 0);
    CHECK(acc_get_property(0, t, acc_property_memory) > 0);
    CHECK(acc_get_property(0, t, acc_property_free_memory) > 0);
    CHECK(acc_get_property(0, t, acc_property_shared_memory_support) == (size_t)shared());
    CHECK(acc_get_property(1, t, acc_property_memory) == 0);
    CHECK(acc_get_property(0, t, acc_property_name) == 0);
    CHECK(acc_get_property_string(0, t, acc_property_vendor) != NULL);
    CHECK(strcmp(acc_get_property_string(0, t, acc_property_vendor), "accc") == 0);
    CHECK(acc_get_property_string(0, acc_device_current, acc_property_name) != NULL);
    CHECK(acc_get_property_string(0, t, acc_property_memory) == NULL);
    CHECK(acc_on_device(acc_device_host));
    CHECK(!acc_on_device(acc_device_not_host) && !acc_on_device(acc_device_nvidia));
    CHECK(acc_get_current_cuda_device() == NULL && acc_get_current_cuda_context() == NULL);
    CHECK(acc_get_cuda_stream(1) == NULL && acc_set_cuda_stream(1, b) == 0);
}

static void data(void) {
    int i;
    double *d;
    for (i = 0; i < N; i++)
        a[i] = i;
    CHECK(!acc_is_present(a, sizeof a) && acc_deviceptr(a) == NULL);
    CHECK(acc_copyin(NULL, 8) == NULL && acc_copyin(a, 0) == NULL);
    d = acc_copyin(a, sizeof a);
    CHECK(d != NULL && (d == a) == shared());
    CHECK(acc_is_present(a, sizeof a) && acc_is_present(a + 3, 0) && acc_is_present(a + 3, 8));
    CHECK(!acc_is_present(a, sizeof a + 1));
    CHECK(acc_is_present(NULL, 0) && !acc_is_present(NULL, 8));
    CHECK(acc_deviceptr(a + 5) == d + 5 && acc_hostptr(d + 7) == a + 7);
    CHECK(acc_hostptr(b) == (shared() ? (void *)b : NULL)); /* shared memory: its own address, as libgomp */
    CHECK(accrt_refcount(a, 1) == 1);
    CHECK(acc_pcopyin(a, sizeof a) == d && acc_present_or_copyin(a + 1, 8) == d + 1);
    CHECK(acc_create(a, sizeof a) == d && acc_pcreate(a, 8) == d && acc_present_or_create(a, 8) == d);
    CHECK(accrt_refcount(a, 1) == 6);
    d[2] = 42; /* a "kernel" */
    acc_copyout(a, sizeof a);
    CHECK(acc_is_present(a, sizeof a) && accrt_refcount(a, 1) == 5);
    CHECK(a[2] == (shared() ? 42 : 2));
    acc_update_self(a + 2, sizeof(double));
    CHECK(a[2] == 42);
    a[3] = -3;
    acc_update_device(a + 3, sizeof(double));
    CHECK(d[3] == -3);
    a[4] = -4;
    acc_update_device_async(a + 4, sizeof(double), 3);
    acc_update_self_async(a, sizeof(double), acc_async_noval);
    acc_wait_all();
    CHECK(d[4] == -4);
    acc_delete(a, sizeof a);
    acc_delete_async(a, sizeof a, 1);
    CHECK(accrt_refcount(a, 1) == 3);
    d[5] = 55;
    acc_copyout_finalize(a, sizeof a);
    CHECK(!acc_is_present(a, sizeof a) && a[5] == 55);
    /* Absent data: copyout and delete do nothing (§2.7.9, §2.7.12). */
    acc_copyout(b, sizeof b);
    acc_delete(b, sizeof b);
    acc_delete_finalize(b, sizeof b);
    acc_copyout_finalize_async(b, sizeof b, 2);
    /* create, delete_finalize, async variants. */
    acc_create_async(b, sizeof b, 4);
    acc_copyin_async(b, sizeof b, acc_async_noval);
    acc_wait(4);
    CHECK(accrt_refcount(b, 1) == 2);
    acc_delete_finalize_async(b, sizeof b, 4);
    acc_wait(4);
    CHECK(!acc_is_present(b, sizeof b));
    /* A structured reference keeps the data past a dynamic copyout. */
    {
        SITE(s, 30);
        accrt_map m[1] = {MAP(ACCRT_COPY, 0, a, sizeof a)};
        accrt_enter(m, 1, ACCRT_SYNC, &s);
        acc_copyin(a, sizeof a);
        acc_copyout(a, sizeof a);
        CHECK(acc_is_present(a, sizeof a) && accrt_refcount(a, 0) == 1);
        accrt_exit(m, 1, ACCRT_SYNC, &s);
        CHECK(!acc_is_present(a, sizeof a));
    }
}

static void memory(void) {
    double *d = acc_malloc(sizeof b), *e = acc_malloc(sizeof b);
    int i;
    CHECK(d != NULL && e != NULL && d != e && acc_malloc(0) == NULL);
    CHECK(acc_hostptr(d) == (shared() ? (void *)d : NULL) && acc_deviceptr(d) == NULL);
    for (i = 0; i < N; i++)
        b[i] = 2 * i;
    acc_memcpy_to_device(d, b, sizeof b);
    CHECK(d[10] == 20);
    acc_memcpy_device(e, d, sizeof b);
    acc_memcpy_device_async(e, d + 1, sizeof(double), 2);
    acc_memcpy_to_device_async(e + 2, b + 5, sizeof(double), acc_async_noval);
    acc_wait_all();
    CHECK(e[0] == 2 && e[2] == 10 && e[10] == 20);
    memset(b, 0, sizeof b);
    acc_memcpy_from_device(b, e, sizeof b);
    CHECK(b[0] == 2 && b[63] == 126);
    acc_memcpy_from_device_async(b + 1, e + 3, sizeof(double), 7);
    acc_wait(7);
    CHECK(b[1] == 6);
    acc_memcpy_to_device(d, b, 0);
    acc_memcpy_to_device(NULL, b, 0);

    /* acc_map_data: user device memory; mapped data has a dynamic count
     * of 1, acc_unmap_data ends the mapping and frees nothing. */
    acc_map_data(a, d, sizeof a);
    CHECK(acc_is_present(a, sizeof a) && acc_deviceptr(a + 1) == d + 1 && acc_hostptr(d + 2) == a + 2);
    CHECK(accrt_refcount(a, 1) == 1);
    CHECK(acc_copyin(a, sizeof a) == d); /* present: no copy */
    acc_delete(a, sizeof a);
    a[0] = 99;
    acc_update_device(a, sizeof(double));
    CHECK(d[0] == 99);
    d[1] = 77;
    acc_update_self(a + 1, sizeof(double));
    CHECK(a[1] == 77);
    acc_unmap_data(a);
    CHECK(!acc_is_present(a, sizeof a) && d[0] == 99);
    /* A mapping released by acc_delete leaves the memory to its owner. */
    acc_map_data(a, d, sizeof a);
    acc_delete(a, sizeof a);
    CHECK(!acc_is_present(a, sizeof a));
    d[0] = 1; /* still valid memory */
    acc_map_data(a, d, sizeof a);
    acc_unmap_data(a);
    acc_free(d);
    acc_free(e);
    acc_free(NULL);
}

/* acc_memcpy_d2d between present data of the current device. */
static void d2d(void) {
    int i;
    for (i = 0; i < N; i++)
        a[i] = i, b[i] = 0;
    acc_copyin(a, sizeof a);
    acc_copyin(b, sizeof b);
    acc_memcpy_d2d(b, a + 8, 8 * sizeof(double), 0, 0);
    acc_memcpy_d2d_async(b + 8, a, sizeof(double), 0, 0, 5);
    acc_wait(5);
    acc_copyout(b, sizeof b);
    acc_delete(a, sizeof a);
    CHECK(b[0] == 8 && b[7] == 15 && b[8] == 0 && b[9] == 0);
}

static struct {
    double *p;
    int n;
} st;

static void attach(void) {
    double **pp = &st.p;
    st.p = a;
    acc_copyin(&st, sizeof st);
    acc_copyin(a, sizeof a);
    acc_attach((void **)pp);
    CHECK(accrt_attach_count((void **)pp) == 1);
    acc_attach_async((void **)pp, 2);
    CHECK(accrt_attach_count((void **)pp) == 2);
    if (!shared()) {
        double **dp = acc_deviceptr(pp);
        CHECK(*dp == acc_deviceptr(a));
    }
    acc_detach((void **)pp);
    acc_detach_async((void **)pp, 2);
    CHECK(accrt_attach_count((void **)pp) == 0);
    acc_attach((void **)pp);
    acc_attach((void **)pp);
    acc_detach_finalize((void **)pp);
    CHECK(accrt_attach_count((void **)pp) == 0);
    acc_attach((void **)pp);
    acc_detach_finalize_async((void **)pp, 1);
    acc_wait(1);
    CHECK(accrt_attach_count((void **)pp) == 0 && st.p == a);
    acc_delete(a, sizeof a);
    acc_delete(&st, sizeof st);
}

static void queues(void) {
    int args[3] = {acc_async_sync, 4, 5};
    int sync[2] = {acc_async_sync, acc_async_sync};
    CHECK(acc_get_default_async() == acc_async_noval);
    acc_set_default_async(3);
    CHECK(acc_get_default_async() == 3);
    acc_set_default_async(acc_async_noval);
    CHECK(acc_get_default_async() == 3);
    acc_set_default_async(acc_async_default);
    CHECK(acc_get_default_async() == acc_async_noval);
    CHECK(acc_async_test(0) && acc_async_test(acc_async_noval) && acc_async_test(acc_async_sync));
    CHECK(acc_async_test_all() && acc_async_test_device(1, 0) && acc_async_test_all_device(0));
    acc_wait(1);
    acc_wait_device(2, 0);
    acc_wait_async(1, 2);
    acc_wait_device_async(1, 2, 0);
    acc_wait_all_async(3);
    acc_wait_all_device_async(3, 0);
    acc_wait_all_device(0);
    acc_async_wait(1);
    acc_async_wait_all();
    CHECK(acc_wait_any(3, args) == 1);
    CHECK(acc_wait_any_device(3, args, 0) == 1);
    CHECK(acc_wait_any(2, sync) == -1 && acc_wait_any(0, args) == -1);
}

/* The forms of a call: through openacc.h's macros (with _OPENACC) each
 * argument is evaluated once and the result keeps its type; the names are
 * still functions, called through pointers or in parentheses. */
static void call_forms(void) {
    int q = 0, n = 0;
    void *(*copyin)(void *, size_t) = acc_copyin;
    void (*wait_fn)(int) = &acc_wait;
    double *p;
    acc_wait(q++);
    CHECK(q == 1);
    p = acc_copyin(b + n++, sizeof(double));
    CHECK(n == 1 && p == acc_deviceptr(b) && sizeof acc_copyin(b, 8) == sizeof(void *));
    CHECK(copyin(b, sizeof(double)) == p && (acc_copyin)(b, sizeof(double)) == p);
    CHECK(accrt_refcount(b, 1) == 3);
    wait_fn(acc_async_test_all() ? 1 : 2);
    (acc_delete_finalize)(b, sizeof(double));
    CHECK(!acc_is_present(b, sizeof(double)));
}

static void shutdown(void) {
    acc_copyin(a, sizeof a);
    acc_create(b, sizeof b);
    acc_shutdown(acc_get_device_type());
    CHECK(!acc_is_present(a, sizeof a) && !acc_is_present(b, sizeof b));
    acc_copyin(a, sizeof a); /* the runtime starts again */
    CHECK(acc_is_present(a, sizeof a));
    acc_shutdown_device(0, acc_device_default);
    CHECK(!acc_is_present(a, sizeof a));
}

/* The host device of a build with a device of its own (emulate): the
 * current device type is per thread; on the host, all host memory is
 * present at its own address and nothing moves. acc_malloc and acc_free
 * change the device's free memory by what they take (both backends). */
static void host_device(void) {
    size_t f0 = acc_get_property(0, acc_get_device_type(), acc_property_free_memory), f1;
    void *m = acc_malloc(1 << 20);
    f1 = acc_get_property(0, acc_get_device_type(), acc_property_free_memory);
    CHECK(f0 - f1 == 1 << 20);
    acc_free(m);
    CHECK(acc_get_property(0, acc_get_device_type(), acc_property_free_memory) == f0);
    if (shared())
        return;
    b[0] = 1;
    CHECK(!acc_is_present(b, sizeof b));
    acc_set_device_type(acc_device_host);
    CHECK(acc_get_device_type() == acc_device_host && acc_get_device_num(acc_device_host) == 0);
    CHECK(acc_get_device_num(acc_device_current) == 0);
    CHECK(acc_on_device(acc_device_host) && acc_on_device(acc_device_current) && !acc_on_device(acc_device_not_host));
    CHECK(acc_is_present(b, sizeof b) && acc_deviceptr(b + 1) == b + 1 && acc_hostptr(b + 2) == b + 2);
    CHECK(acc_copyin(b, sizeof b) == b && acc_create(a, sizeof a) == a);
    acc_update_device(b, sizeof b);
    acc_copyout(b, sizeof b);
    acc_delete(a, sizeof a);
    m = acc_malloc(16);
    acc_memcpy_to_device(m, b, 8);
    CHECK(((double *)m)[0] == 1);
    acc_free(m);
    acc_memcpy_d2d(b + 1, b, 8, 0, 0);
    CHECK(b[1] == 1);
    CHECK(acc_get_property(0, acc_device_host, acc_property_shared_memory_support) == 1);
    CHECK(acc_get_property_string(0, acc_device_current, acc_property_name) != NULL);
    acc_shutdown(acc_device_host);
    acc_set_device_type(acc_device_nvidia); /* the emulated device */
    CHECK(acc_get_device_type() == acc_device_not_host && !acc_is_present(b, sizeof b));
    CHECK(!acc_on_device(acc_device_current));
    acc_init(acc_device_host);
    CHECK(acc_get_device_type() == acc_device_host);
    acc_set_device_num(0, acc_device_not_host);
    CHECK(acc_get_device_type() == acc_device_not_host);
    acc_init_device(0, acc_device_host);
    acc_set_device_type(acc_device_default);
    CHECK(acc_get_device_type() == acc_device_not_host);
}

int main(void) {
    devices();
    host_device();
    data();
    memory();
    d2d();
    attach();
    queues();
    call_forms();
    shutdown();
    return done();
}
