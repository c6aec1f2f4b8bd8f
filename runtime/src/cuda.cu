/* cuda.cu: the CUDA backend (ACCRT_BACKEND_CUDA), on the CUDA runtime API.
 *
 * Async queues (OpenACC 3.4 §2.16) map to non-blocking streams, created on
 * first use and kept: the synchronous queue has a stream of its own, the
 * default async queue (acc_async_noval) another, and queue q >= 0 shares
 * one of NQUEUE - 2 streams with the queues congruent to it (the spec lets
 * queues share a stream; the order within each queue is kept). Device
 * memory comes from the stream-ordered allocator with the pool kept warm,
 * so a data region in a loop costs no cudaMalloc and a release is ordered
 * after the copy-out before it. Every CUDA call is checked: a failure
 * prints the CUDA error and the construct's site and exits(1). */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"
#include "accrt_device.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const int accrt_be_shared_memory = 0;

#define CK(call, s)                                                                                          \
    do {                                                                                                     \
        cudaError_t err_ = (call);                                                                           \
        if (err_ != cudaSuccess)                                                                             \
            cuda_fatal(err_, #call, s);                                                                      \
    } while (0)

ACCRT_NORETURN static void cuda_fatal(cudaError_t e, const char *call, const accrt_site *s) {
    accrt_fatal(s, "CUDA error %d (%s): %s; in %s", (int)e, cudaGetErrorName(e), cudaGetErrorString(e), call);
}

enum { NQUEUE = 34, QSYNC = 0, QNOVAL = 1 };

typedef struct {
    void *p;
    size_t cap;
} buffer;

typedef struct {
    cudaStream_t stream;
    int pending;      /* QSYNC: work issued since the last wait */
    buffer scratch;   /* accrt_scratch */
    buffer cells;     /* reduction cells */
    buffer pinned;    /* reduction read-back */
} queue;

static queue queues[NQUEUE];
static pthread_mutex_t qmu = PTHREAD_MUTEX_INITIALIZER;
static int device;
static __thread int bound; /* this host thread has set the device */

static void bind(const accrt_site *s) {
    if (!bound) {
        CK(cudaSetDevice(device), s);
        bound = 1;
    }
}

void accrt_be_init(void) {
    int n = 0;
    const char *num = getenv("ACC_DEVICE_NUM");
    cudaMemPool_t pool;
    uint64_t keep = UINT64_MAX;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0)
        accrt_fatal(NULL, "no CUDA device available (%s); build with -acc=multicore to run on the CPU",
                    e != cudaSuccess ? cudaGetErrorString(e) : "none found");
    device = num && *num ? atoi(num) : 0;
    if (device < 0 || device >= n)
        accrt_fatal(NULL, "ACC_DEVICE_NUM=%s: there %s %d CUDA device%s", num, n == 1 ? "is" : "are", n,
                    n == 1 ? "" : "s");
    bind(NULL);
    CK(cudaDeviceGetDefaultMemPool(&pool, device), NULL);
    CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep), NULL);
}

/* Create the CUDA context when the program starts, as NVHPC's runtime
 * does, so that the first construct does not pay for it (it takes a
 * large fraction of a second) and timings of the program's own work are
 * fair. Nothing fails here: a machine without a device reports it at the
 * first construct. ACCC_LAZY_INIT=1 turns this off. */
__attribute__((constructor)) static void warm_up(void) {
    int n = 0;
    const char *num = getenv("ACC_DEVICE_NUM");
    if (accrt_env_flag("ACCC_LAZY_INIT") || cudaGetDeviceCount(&n) != cudaSuccess || n == 0)
        return;
    if (cudaSetDevice(num && *num ? atoi(num) : 0) == cudaSuccess)
        cudaFree(0);
    cudaGetLastError();
}

static int qindex(int async) {
    if (async == ACCRT_SYNC)
        return QSYNC;
    if (async < 0)
        return QNOVAL;
    return 2 + async % (NQUEUE - 2);
}

static queue *getq(int async, const accrt_site *s) {
    queue *q = &queues[qindex(async)];
    accrt_init();
    bind(s);
    if (!q->stream) {
        pthread_mutex_lock(&qmu);
        if (!q->stream)
            CK(cudaStreamCreateWithFlags(&q->stream, cudaStreamNonBlocking), s);
        pthread_mutex_unlock(&qmu);
    }
    if (async == ACCRT_SYNC)
        q->pending = 1;
    return q;
}

extern "C" cudaStream_t accrt_stream(int async) { return getq(async, NULL)->stream; }

void *accrt_be_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    void *d = NULL;
    cudaError_t e = cudaMallocAsync(&d, bytes ? bytes : 1, q->stream);
    (void)host;
    if (e == cudaErrorMemoryAllocation)
        accrt_fatal(s, "out of memory allocating %zu bytes on device %d", bytes, device + 1);
    CK(e, s);
    if (zero)
        CK(cudaMemsetAsync(d, 0, bytes, q->stream), s);
    return d;
}

void accrt_be_free(void *dev, size_t bytes, int async, const accrt_site *s) {
    (void)bytes;
    CK(cudaFreeAsync(dev, getq(async, s)->stream), s);
}

void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s) {
    CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, getq(async, s)->stream), s);
}

void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    CK(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, q->stream), s);
    if (async == ACCRT_SYNC) {
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
    }
}

void accrt_wait(int async, const accrt_site *s) {
    queue *q = &queues[qindex(async)];
    if (!q->stream || (async == ACCRT_SYNC && !q->pending))
        return;
    bind(s);
    CK(cudaStreamSynchronize(q->stream), s);
    q->pending = 0;
}

/* §2.16.2: queue `on` waits for the work queued on `q` so far; the host
 * does not wait. */
void accrt_wait_async(int async, int on, const accrt_site *s) {
    queue *from = &queues[qindex(async)], *to;
    cudaEvent_t ev;
    if (!from->stream || qindex(async) == qindex(on))
        return;
    to = getq(on, s);
    CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), s);
    CK(cudaEventRecord(ev, from->stream), s);
    CK(cudaStreamWaitEvent(to->stream, ev, 0), s);
    CK(cudaEventDestroy(ev), s);
}

void accrt_wait_all(const accrt_site *s) {
    int i;
    for (i = 0; i < NQUEUE; i++)
        if (queues[i].stream) {
            bind(s);
            CK(cudaStreamSynchronize(queues[i].stream), s);
        }
    queues[QSYNC].pending = 0;
}

int accrt_async_test(int async) {
    queue *q = &queues[qindex(async)];
    cudaError_t e;
    if (!q->stream)
        return 1;
    e = cudaStreamQuery(q->stream);
    if (e == cudaErrorNotReady)
        return 0;
    CK(e, NULL);
    return 1;
}

/* Kernel timing, only with profiling on: events around the last launch of
 * this host thread. */
static __thread cudaEvent_t ev_start, ev_stop;
static __thread cudaStream_t launch_stream;
static __thread int timing;

void accrt_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                        int async) {
    queue *q = getq(async, s);
    accrt_notify_launch(s, kernel, gangs, workers, vlen);
    if (!accrt_profiling)
        return;
    if (!ev_start) {
        CK(cudaEventCreate(&ev_start), s);
        CK(cudaEventCreate(&ev_stop), s);
    }
    launch_stream = q->stream;
    CK(cudaEventRecord(ev_start, launch_stream), s);
    timing = 1;
}

void accrt_check_launch(const accrt_site *s) {
    float ms = 0;
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        accrt_fatal(s, "kernel launch failed: CUDA error %d (%s): %s", (int)e, cudaGetErrorName(e),
                    cudaGetErrorString(e));
    if (timing) {
        CK(cudaEventRecord(ev_stop, launch_stream), s);
        CK(cudaEventSynchronize(ev_stop), s);
        CK(cudaEventElapsedTime(&ms, ev_start, ev_stop), s);
        timing = 0;
    }
    accrt_profile_launch(s, ms / 1e3);
}

/* Device buffers owned by a queue grow in queue order: the old one is
 * released after the work queued before. */
static void *grow_dev(buffer *b, size_t bytes, queue *q, const accrt_site *s) {
    if (bytes > b->cap) {
        if (b->p)
            CK(cudaFreeAsync(b->p, q->stream), s);
        CK(cudaMallocAsync(&b->p, bytes, q->stream), s);
        b->cap = bytes;
    }
    return b->p;
}

void *accrt_scratch(size_t bytes, int async, const accrt_site *s) {
    return grow_dev(&getq(async, s)->scratch, bytes, getq(async, s), s);
}

void *accrt_red_begin(const void *init, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    void *d = grow_dev(&q->cells, bytes, q, s);
    /* From pageable memory: staged before the call returns. */
    CK(cudaMemcpyAsync(d, init, bytes, cudaMemcpyHostToDevice, q->stream), s);
    return d;
}

typedef struct {
    void *host;
    const void *pinned;
    size_t bytes;
} readback;

static void CUDART_CB finish_readback(void *arg) {
    readback *r = (readback *)arg;
    memcpy(r->host, r->pinned, r->bytes);
    free(r);
}

void accrt_red_end(void *host, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    if (bytes > q->pinned.cap) {
        CK(cudaStreamSynchronize(q->stream), s); /* a pending read-back may use the old buffer */
        if (q->pinned.p)
            CK(cudaFreeHost(q->pinned.p), s);
        CK(cudaMallocHost(&q->pinned.p, bytes < 256 ? 256 : bytes), s);
        q->pinned.cap = bytes < 256 ? 256 : bytes;
    }
    CK(cudaMemcpyAsync(q->pinned.p, q->cells.p, bytes, cudaMemcpyDeviceToHost, q->stream), s);
    if (async == ACCRT_SYNC) {
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
        memcpy(host, q->pinned.p, bytes);
    } else {
        readback *r = (readback *)malloc(sizeof *r);
        if (!r)
            accrt_fatal(s, "out of host memory");
        r->host = host;
        r->pinned = q->pinned.p;
        r->bytes = bytes;
        CK(cudaLaunchHostFunc(q->stream, finish_readback, r), s);
    }
}
