/* tools.cu: the CUDA backend's part of the run-time tools (trace.c):
 * NVTX ranges for nsys and ncu, and the device limits of
 * NV_ACC_CUDA_STACKSIZE and NV_ACC_CUDA_HEAPSIZE.
 *
 * The ranges use NVTX3's header-only C API (nvtx3/nvToolsExt.h, in the
 * CUDA toolkit and in PyPI's nvidia-nvtx): without a tool attached a push
 * or pop is a call through a pointer to a function that returns. Where
 * the build finds no nvtx3 headers there are no ranges. */
#include "accrt_impl.h"
#include "acc_prof.h"

#include <cuda_runtime.h>

#if defined(__has_include)
#if __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define ACCRT_NVTX 1
#endif
#endif

#if defined(ACCRT_NVTX)
int accrt_nvtx_enabled(void) { return 1; }
void accrt_nvtx_push(const char *name) { nvtxRangePushA(name); }
void accrt_nvtx_pop(void) { nvtxRangePop(); }
#else
int accrt_nvtx_enabled(void) { return 0; }
void accrt_nvtx_push(const char *name) { (void)name; }
void accrt_nvtx_pop(void) {}
#endif

static void set_limit(cudaLimit limit, const char *var, size_t bytes, int dev, const accrt_site *s) {
    cudaError_t e;
    if (!bytes)
        return;
    e = cudaDeviceSetLimit(limit, bytes);
    if (e != cudaSuccess)
        accrt_fatal_code(acc_error_system, s, "NV_ACC_CUDA_%s=%zu: device %d refuses the size: CUDA error %d (%s): %s",
                         var, bytes, dev + 1, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

/* Limits apply to the current device's context: before its first kernel,
 * as cudaLimitMallocHeapSize must be (CUDA Runtime API, cudaDeviceSetLimit). */
void accrt_cuda_limits(int dev, const accrt_site *s) {
    set_limit(cudaLimitStackSize, "STACKSIZE", accrt_cuda_stack_size, dev, s);
    set_limit(cudaLimitMallocHeapSize, "HEAPSIZE", accrt_cuda_heap_size, dev, s);
}
