/* host.c: the CPU backends. ACCRT_BACKEND_EMULATE keeps a separate malloc'd
 * copy of every mapped range (one per device with ACCC_EMULATE_DEVICES), so data moves only where the clauses say and
 * a missing copyout or update shows up as on a GPU; new device memory is
 * filled with 0xA5 bytes (unless zero:) so reads of data never copied in
 * show up too. ACCRT_BACKEND_SHARED (-acc=host, -acc=multicore) uses the
 * host memory itself: device address == host address, transfers do
 * nothing, zero: does not touch host data. Both run everything
 * synchronously, so queues are always idle. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#if defined(ACCRT_BACKEND_CUDA)
#error "host.c implements the emulate and shared backends"
#endif

#include <stdlib.h>
#include <string.h>

#if defined(ACCRT_BACKEND_SHARED)
const int accrt_be_shared_memory = 1;
#else
const int accrt_be_shared_memory = 0;
#endif

void accrt_be_init(void) {}

size_t accrt_be_device_bytes[ACCRT_MAXDEV];

void *accrt_be_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s) {
    void *d;
    (void)async;
    if (accrt_be_shared_memory)
        return host;
#if defined(ACCRT_BACKEND_EMULATE)
    d = accrt_check_alloc(host, bytes, zero, async, s);
#else
    d = malloc(bytes ? bytes : 1);
    if (d)
        memset(d, zero ? 0 : 0xA5, bytes);
#endif
    if (!d)
        accrt_fatal(s, "out of memory allocating %zu bytes of emulated device memory", bytes);
    __atomic_add_fetch(&accrt_be_device_bytes[accrt_dev()], bytes, __ATOMIC_RELAXED);
    return d;
}

void accrt_be_free(void *dev, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    if (!accrt_be_shared_memory) {
#if defined(ACCRT_BACKEND_EMULATE)
        accrt_check_free(dev, async);
#else
        free(dev);
#endif
        __atomic_sub_fetch(&accrt_be_device_bytes[accrt_dev()], bytes, __ATOMIC_RELAXED);
    }
}

/* Host memory needs no page-locking here. */
void *accrt_be_pin(void *host, size_t bytes, const accrt_site *s) {
    (void)host, (void)bytes, (void)s;
    return NULL;
}

void accrt_be_unpin(void *range, const accrt_site *s) { (void)range, (void)s; }

/* Device and host addresses differ on the shared backend too for data
 * mapped by acc_map_data, and for acc_memcpy_* of acc_malloc memory. */
void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_copy(dev, (void *)host, bytes, ACCRT_H2D, async, s);
#else
    if (dev != host)
        memcpy(dev, host, bytes);
#endif
}

void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_copy((void *)dev, host, bytes, ACCRT_D2H, async, s);
#else
    if (dev != host)
        memcpy(host, dev, bytes);
#endif
}

/* Queues are always idle, but their numbers must be valid. The checks of
 * emulate keep a queued transfer's host data watched until the wait. */
void accrt_wait(int q, const accrt_site *s) {
    accrt_check_async(q, s);
    if (accrt_tracing)
        accrt_trace_wait(q, s);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_waited(q);
#endif
}
void accrt_wait_async(int q, int on, const accrt_site *s) {
    accrt_check_async(q, s);
    accrt_check_async(on, s);
}
void accrt_wait_all(const accrt_site *s) {
    if (accrt_tracing)
        accrt_trace_wait(ACCRT_WAIT_EVERY, s);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_waited(ACCRT_SYNC - 1);
#endif
}
int accrt_async_test(int q) {
    accrt_check_async(q, NULL);
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_waited(q);
#endif
    return 1;
}

/* The start of the last launch (kernels run synchronously, one per
 * host thread at a time). */
static __thread double launch_start = -1;

/* This thread runs a kernel: acc_on_device in functions that a kernel
 * calls answers for the device (the emulated one on -acc=emulate, whose
 * kernels run on the launching thread; on -acc=host and multicore the
 * device is the host anyway). */
static __thread int in_kernel;

int accrt_be_in_kernel(void) { return in_kernel; }

void accrt_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                        int async) {
    accrt_host_launch_begin(s, kernel, gangs, workers, vlen, async);
    in_kernel = 1;
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_launch_begin(s, async);
#endif
    launch_start = accrt_seconds();
}

void accrt_check_launch(const accrt_site *s) {
    accrt_init();
    in_kernel = 0;
#if defined(ACCRT_BACKEND_EMULATE)
    accrt_check_launch_end(s);
#endif
    accrt_host_launch_end(s, launch_start);
    launch_start = -1;
}

/* Scratch and reduction cells: one growing buffer each per host thread. */
typedef struct {
    void *p;
    size_t cap;
} buffer;

static __thread buffer scratch, cells;

static void *grow(buffer *b, size_t bytes, const accrt_site *s) {
    if (bytes > b->cap) {
        void *p = realloc(b->p, bytes);
        if (!p)
            accrt_fatal(s, "out of memory allocating %zu bytes of scratch memory", bytes);
        b->p = p;
        b->cap = bytes;
    }
    return b->p;
}

void *accrt_scratch(size_t bytes, int async, const accrt_site *s) {
    (void)async;
    return grow(&scratch, bytes, s);
}

void *accrt_red_begin(const void *init, size_t bytes, int async, const accrt_site *s) {
    void *p = grow(&cells, bytes, s);
    (void)async;
    memcpy(p, init, bytes);
    return p;
}

void accrt_red_end(void *host, size_t bytes, int async, const accrt_site *s) {
    (void)async, (void)s;
    memcpy(host, cells.p, bytes);
}
