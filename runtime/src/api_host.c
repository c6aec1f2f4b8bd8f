/* api_host.c: the CPU backends' part of the OpenACC API (api.c). On
 * ACCRT_BACKEND_SHARED (-acc=host, multicore) one device, number 0, of
 * type acc_device_host, whose memory is host memory; on
 * ACCRT_BACKEND_EMULATE devices of type acc_device_not_host with memory of
 * their own (malloc'd, filled with 0xA5 bytes like the emulated device
 * copies): one, or ACCC_EMULATE_DEVICES=N of them, each with its own
 * present table and memory, so that a program's use of several devices
 * (acc_set_device_num per host thread) is checked without GPUs.
 * Everything runs synchronously; there is no CUDA. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include "acc_prof.h"
#include "openacc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(ACCRT_BACKEND_CUDA)
#error "api_host.c implements the emulate and shared backends"
#endif

int accrt_be_device_type(void) { return accrt_be_shared_memory ? acc_device_host : acc_device_not_host; }

/* ACCC_EMULATE_DEVICES: 1 to ACCRT_MAXDEV emulated devices (default 1);
 * another value stops the program at its first query. */
int accrt_be_num_devices(void) {
    static int count;
    int n = __atomic_load_n(&count, __ATOMIC_RELAXED);
    const char *v;
    if (n > 0)
        return n;
    v = getenv("ACCC_EMULATE_DEVICES");
    n = 1;
    if (!accrt_be_shared_memory && v && *v) {
        char *end;
        long l = strtol(v, &end, 10);
        if (*end || l < 1 || l > ACCRT_MAXDEV)
            accrt_fatal_code(acc_error_device_init, NULL,
                             "ACCC_EMULATE_DEVICES=%s: the number of emulated devices must be 1 to %d", v,
                             ACCRT_MAXDEV);
        n = (int)l;
    }
    __atomic_store_n(&count, n, __ATOMIC_RELAXED);
    return n;
}

void accrt_be_set_device_num(int n, const accrt_site *s) { (void)n, (void)s; }

void accrt_be_switched(int n) { (void)n; }

/* The device's memory is as large as the host's (MemTotal); the runtime
 * counts what it holds as device memory (host.c: accrt_be_device_bytes),
 * and the rest is free, so that acc_malloc and acc_free change the free
 * memory by what they take and give back, as on a GPU, whatever else the
 * host does. */
size_t accrt_be_property(int dev, int prop) {
    size_t total, used;
    switch (prop) {
    case acc_property_memory:
        return accrt_meminfo("MemTotal");
    case acc_property_free_memory:
        total = accrt_meminfo("MemTotal");
        used = __atomic_load_n(&accrt_be_device_bytes[dev], __ATOMIC_RELAXED);
        return total > used ? total - used : 0;
    case acc_property_shared_memory_support:
        return accrt_be_shared_memory ? 1 : 0;
    }
    return 0;
}

const char *accrt_be_property_string(int dev, int prop) {
    (void)dev;
    switch (prop) {
    case acc_property_name:
        return accrt_be_shared_memory ? "accc host device (shared memory)" : "accc emulated device";
    case acc_property_vendor:
        return "accc";
    case acc_property_driver:
        return accrt_be_shared_memory ? "accc shared backend" : "accc emulate backend";
    }
    return NULL;
}

void *accrt_be_malloc(size_t bytes, const accrt_site *s) {
    void *p = malloc(bytes);
    if (!p)
        accrt_fatal_code(acc_error_out_of_memory, s, "out of memory allocating %zu bytes of %s device memory", bytes,
                         accrt_be_shared_memory ? "host" : "emulated");
    if (!accrt_be_shared_memory)
        memset(p, 0xA5, bytes);
    __atomic_add_fetch(&accrt_be_device_bytes[accrt_dev()], bytes, __ATOMIC_RELAXED);
    return p;
}

void accrt_be_mfree(void *dev, size_t bytes, const accrt_site *s) {
    (void)s;
    free(dev);
    __atomic_sub_fetch(&accrt_be_device_bytes[accrt_dev()], bytes, __ATOMIC_RELAXED);
}

void accrt_be_d2d(void *dst, const void *src, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    if (dst != src)
        memmove(dst, src, bytes);
}

/* The emulated devices' memory is all host memory. */
void accrt_be_d2d_peer(void *dst, int ndst, const void *src, int nsrc, size_t bytes, int async,
                       const accrt_site *s) {
    (void)ndst, (void)nsrc;
    accrt_be_d2d(dst, src, bytes, async, s);
}

int accrt_be_async_test_all(const accrt_site *s) {
    (void)s;
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_waited(ACCRT_SYNC - 1); /* the program may read what the queues moved */
#endif
    return 1;
}

void accrt_be_wait_all_async(int on, const accrt_site *s) { (void)on, (void)s; }

void accrt_be_wait_peer(int n, int q, int on, const accrt_site *s) { (void)n, (void)q, (void)on, (void)s; }

void accrt_be_shutdown(const accrt_site *s) { (void)s; }

void *accrt_be_cuda_stream(int async, int create) {
    (void)async, (void)create;
    return NULL;
}

void *accrt_be_cuda_device(void) { return NULL; }

void *accrt_be_cuda_context(void) { return NULL; }

int accrt_be_set_cuda_stream(int async, void *stream, const accrt_site *s) {
    (void)async, (void)stream, (void)s;
    return 0;
}
