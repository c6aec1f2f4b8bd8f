/* fallback.c: the multicore code of a -acc=gpu,multicore build in the CUDA
 * runtime. Each compute construct of such a build has a multicore version
 * (codegen/host/fallback.go), which runs when the host is the current
 * device type: at start when there is no GPU or ACC_DEVICE_TYPE=multicore
 * (or host) says so (api.c, initial_host), or after
 * acc_set_device_type(acc_device_host). Its data clauses move nothing (the
 * host device, data.c); its launches and reduction cells are these, the
 * CPU backend's (host.c) for a runtime whose own are the GPU's. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#if !defined(ACCRT_BACKEND_CUDA)
#error "fallback.c is the CUDA backend's multicore code"
#endif

#include <stdlib.h>
#include <string.h>

/* The start of the last launch (kernels run synchronously, one per host
 * thread at a time). */
static __thread double launch_start = -1;

void accrt_mc_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                           int async) {
    accrt_host_launch_begin(s, kernel, gangs, workers, vlen, async);
    launch_start = accrt_seconds();
}

void accrt_mc_check_launch(const accrt_site *s) {
    accrt_host_launch_end(s, launch_start);
    launch_start = -1;
}

/* Reduction cells: one growing buffer per host thread. */
static __thread void *cells;
static __thread size_t cells_cap;

void *accrt_mc_red_begin(const void *init, size_t bytes, int async, const accrt_site *s) {
    (void)async;
    if (bytes > cells_cap) {
        void *p = realloc(cells, bytes);
        if (!p)
            accrt_fatal(s, "out of memory allocating %zu bytes of reduction cells", bytes);
        cells = p;
        cells_cap = bytes;
    }
    memcpy(cells, init, bytes);
    return cells;
}

void accrt_mc_red_end(void *host, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    memcpy(host, cells, bytes);
}
