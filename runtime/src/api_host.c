/* api_host.c: the CPU backends' part of the OpenACC API (api.c). One
 * device, number 0: on ACCRT_BACKEND_SHARED (-acc=host, multicore) of type
 * acc_device_host, whose memory is host memory; on ACCRT_BACKEND_EMULATE
 * of type acc_device_not_host, an emulated device with memory of its own
 * (malloc'd, filled with 0xA5 bytes like the emulated device copies).
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

int accrt_be_num_devices(void) { return 1; }

int accrt_be_device_num(void) { return 0; }

void accrt_be_set_device_num(int n, const accrt_site *s) { (void)n, (void)s; }

/* The device's memory is as large as the host's (MemTotal); the runtime
 * counts what it holds as device memory (host.c: accrt_be_device_bytes),
 * and the rest is free, so that acc_malloc and acc_free change the free
 * memory by what they take and give back, as on a GPU, whatever else the
 * host does. */
size_t accrt_be_property(int dev, int prop) {
    size_t total, used;
    (void)dev;
    switch (prop) {
    case acc_property_memory:
        return accrt_meminfo("MemTotal");
    case acc_property_free_memory:
        total = accrt_meminfo("MemTotal");
        used = __atomic_load_n(&accrt_be_device_bytes, __ATOMIC_RELAXED);
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
    __atomic_add_fetch(&accrt_be_device_bytes, bytes, __ATOMIC_RELAXED);
    return p;
}

void accrt_be_mfree(void *dev, size_t bytes, const accrt_site *s) {
    (void)s;
    free(dev);
    __atomic_sub_fetch(&accrt_be_device_bytes, bytes, __ATOMIC_RELAXED);
}

void accrt_be_d2d(void *dst, const void *src, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    if (dst != src)
        memmove(dst, src, bytes);
}

int accrt_be_async_test_all(const accrt_site *s) {
    (void)s;
    return 1;
}

void accrt_be_wait_all_async(int on, const accrt_site *s) { (void)on, (void)s; }

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
