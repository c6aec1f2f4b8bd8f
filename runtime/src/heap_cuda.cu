/* heap_cuda.cu: the CUDA backend's memory for the heap of the memory
 * modes (memory.c): chunks of managed memory (-gpu=mem:managed, unified)
 * or of page-locked host memory (-gpu=mem:separate:pinnedalloc), and
 * whether the device accesses pageable host memory (HMM or ATS). A
 * failure is not an error: memory.c then leaves the heap to the next
 * allocator. */
#include "accrt_impl.h"

#include <cuda_runtime.h>

/* Why the last chunk could not be had (a static string), or NULL. */
static const char *chunk_error;

extern "C" void *accrt_be_heap_chunk(size_t bytes, int pinned) {
    void *p = NULL;
    cudaError_t e = pinned ? cudaMallocHost(&p, bytes) : cudaMallocManaged(&p, bytes, cudaMemAttachGlobal);
    if (e != cudaSuccess) {
        chunk_error = cudaGetErrorString(e);
        (void)cudaGetLastError(); /* not sticky: clear it */
        return NULL;
    }
    return p;
}

extern "C" const char *accrt_be_heap_error(void) { return chunk_error ? chunk_error : "unknown error"; }

extern "C" void accrt_be_heap_chunk_free(void *p, int pinned) {
    if (pinned)
        (void)cudaFreeHost(p);
    else
        (void)cudaFree(p);
}

extern "C" int accrt_be_pageable_access(void) {
    int dev = 0, v = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&v, cudaDevAttrPageableMemoryAccess, dev) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return v;
}
