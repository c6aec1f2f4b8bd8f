/* api_cuda.cu: the CUDA backend's part of the OpenACC API (api.c): device
 * type acc_device_nvidia, the CUDA devices numbered as CUDA numbers them,
 * properties from cudaGetDeviceProperties, acc_malloc memory from
 * cudaMalloc, device-to-device copies on the queue's stream, and the
 * CUDA interoperability routines (the context through the driver API,
 * looked up in libcuda at run time: the runtime links only libcudart). */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"
#include "acc_prof.h"

#include <cuda_runtime.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" cudaStream_t accrt_stream(int async);

#define CK(call, s)                                                                                          \
    do {                                                                                                     \
        cudaError_t err_ = (call);                                                                           \
        if (err_ != cudaSuccess)                                                                             \
            accrt_fatal_code(acc_error_system, s, "CUDA error %d (%s): %s; in %s", (int)err_,              \
                             cudaGetErrorName(err_), cudaGetErrorString(err_), #call);                       \
    } while (0)

int accrt_be_device_type(void) { return acc_device_nvidia; }

/* 0 when there is no usable CUDA device: a query, never an error. At
 * most ACCRT_MAXDEV. */
int accrt_be_num_devices(void) {
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n < ACCRT_MAXDEV ? n : ACCRT_MAXDEV;
}

void accrt_be_set_device_num(int n, const accrt_site *s) { accrt_cuda_set_device(n, s); }

void accrt_be_switched(int n) { accrt_cuda_switched(n); }

int accrt_be_in_kernel(void) { return 0; } /* device code uses openacc.h's inline acc_on_device */

size_t accrt_be_property(int dev, int prop) {
    cudaDeviceProp p;
    size_t free_b = 0, total = 0;
    int cur = -1;
    switch (prop) {
    case acc_property_memory:
        return cudaGetDeviceProperties(&p, dev) == cudaSuccess ? p.totalGlobalMem : 0;
    case acc_property_shared_memory_support:
        return cudaGetDeviceProperties(&p, dev) == cudaSuccess ? (size_t)p.pageableMemoryAccess : 0;
    case acc_property_free_memory:
        if (cudaGetDevice(&cur) != cudaSuccess || (cur != dev && cudaSetDevice(dev) != cudaSuccess) ||
            cudaMemGetInfo(&free_b, &total) != cudaSuccess)
            free_b = 0;
        if (cur >= 0 && cur != dev)
            cudaSetDevice(cur);
        cudaGetLastError();
        return free_b;
    }
    return 0;
}

/* Strings live as long as the program: one per device and property. */
static char *strings[ACCRT_MAXDEV][3];
static pthread_mutex_t smu = PTHREAD_MUTEX_INITIALIZER;

const char *accrt_be_property_string(int dev, int prop) {
    char buf[300];
    cudaDeviceProp p;
    int k, v = 0;
    char *str;
    switch (prop) {
    case acc_property_name:
        if (cudaGetDeviceProperties(&p, dev) != cudaSuccess)
            return NULL;
        snprintf(buf, sizeof buf, "%s", p.name);
        k = 0;
        break;
    case acc_property_vendor:
        return "NVIDIA";
    case acc_property_driver:
        if (cudaDriverGetVersion(&v) != cudaSuccess)
            return NULL;
        snprintf(buf, sizeof buf, "CUDA driver %d.%d", v / 1000, v % 1000 / 10);
        k = 2;
        break;
    default:
        return NULL;
    }
    if (dev < 0 || dev >= ACCRT_MAXDEV)
        return NULL;
    pthread_mutex_lock(&smu);
    if (!strings[dev][k])
        strings[dev][k] = strdup(buf);
    str = strings[dev][k];
    pthread_mutex_unlock(&smu);
    return str;
}

void *accrt_be_malloc(size_t bytes, const accrt_site *s) {
    void *p = NULL;
    cudaError_t e;
    accrt_stream(ACCRT_SYNC); /* the device of this thread */
    e = cudaMalloc(&p, bytes);
    if (e == cudaErrorMemoryAllocation)
        accrt_fatal_code(acc_error_out_of_memory, s, "out of memory allocating %zu bytes on device %d", bytes,
                         accrt_dev() + 1);
    CK(e, s);
    return p;
}

void accrt_be_mfree(void *dev, size_t bytes, const accrt_site *s) {
    (void)bytes;
    accrt_stream(ACCRT_SYNC);
    CK(cudaFree(dev), s);
}

void accrt_be_d2d(void *dst, const void *src, size_t bytes, int async, const accrt_site *s) {
    cudaStream_t st = accrt_stream(async);
    CK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, st), s);
    if (async == ACCRT_SYNC)
        accrt_wait(ACCRT_SYNC, s);
}

int accrt_be_async_test_all(const accrt_site *s) {
    int i;
    for (i = 0; i < accrt_cuda_nqueues(); i++) {
        cudaStream_t st = (cudaStream_t)accrt_cuda_queue_stream(i);
        cudaError_t e;
        if (!st)
            continue;
        e = cudaStreamQuery(st);
        if (e == cudaErrorNotReady)
            return 0;
        CK(e, s);
    }
    return 1;
}

/* §3.2.11: queue `on` waits for the work on every other queue so far. */
void accrt_be_wait_all_async(int on, const accrt_site *s) {
    cudaStream_t to = accrt_stream(on);
    int i, self = accrt_cuda_qindex(on);
    for (i = 0; i < accrt_cuda_nqueues(); i++) {
        cudaStream_t st = (cudaStream_t)accrt_cuda_queue_stream(i);
        cudaEvent_t ev;
        if (!st || i == self)
            continue;
        CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), s);
        CK(cudaEventRecord(ev, st), s);
        CK(cudaStreamWaitEvent(to, ev, 0), s);
        CK(cudaEventDestroy(ev), s);
    }
}

void accrt_be_shutdown(const accrt_site *s) { accrt_wait_all(s); }

void *accrt_be_cuda_stream(int async, int create) {
    if (create)
        return (void *)accrt_stream(async);
    if (async < 0 && async != ACCRT_SYNC && async != ACCRT_ASYNC_NOVAL)
        return NULL;
    return accrt_cuda_queue_stream(accrt_cuda_qindex(async));
}

/* A pointer to the CUdevice of the calling thread's current device (as
 * GCC's libgomp): a CUdevice is the device's ordinal (cuDeviceGet). */
static int cudevices[ACCRT_MAXDEV];

void *accrt_be_cuda_device(void) {
    /* No accrt_init here: profile.c calls this during initialisation
     * (the device_init events); acc_get_current_cuda_device initialises
     * first. */
    int d = accrt_dev();
    __atomic_store_n(&cudevices[d], d, __ATOMIC_RELAXED);
    return &cudevices[d];
}

/* The current context, which the runtime API made the device's primary
 * context: cuCtxGetCurrent from libcuda. */
void *accrt_be_cuda_context(void) {
    typedef int (*get_fn)(void **);
    static get_fn get;
    void *ctx = NULL;
    if (!get) {
        void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
        void *sym;
        if (!lib)
            lib = dlopen("libcuda.so.1", RTLD_LAZY);
        sym = lib ? dlsym(lib, "cuCtxGetCurrent") : NULL;
        if (!sym)
            return NULL;
        memcpy(&get, &sym, sizeof get);
    }
    accrt_stream(ACCRT_SYNC); /* the context is current on this thread */
    return get(&ctx) == 0 ? ctx : NULL;
}

int accrt_be_set_cuda_stream(int async, void *stream, const accrt_site *s) {
    if (!stream)
        return 0;
    accrt_cuda_replace_stream(async, stream, s);
    return 1;
}
