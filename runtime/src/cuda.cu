/* cuda.cu: the CUDA backend (ACCRT_BACKEND_CUDA), on the CUDA runtime API.
 *
 * Async queues (OpenACC 3.4 §2.16) map to non-blocking streams, created on
 * first use and kept: the synchronous queue has a stream of its own, the
 * default async queue (acc_async_noval, unless acc_set_default_async
 * names a queue) another, and queue q >= 0 shares one of NQUEUE - 2
 * streams with the queues congruent to it (the spec lets queues share a
 * stream; the order within each queue is kept). Work on an async queue
 * is ordered after the synchronous work issued before it (an event on the
 * synchronous stream), as the host would have waited for it; synchronous
 * work is ordered after the work queued on async queues before it (see
 * join_async), as on NVHPC's legacy default stream. Device
 * memory comes from the stream-ordered allocator with the pool kept warm,
 * so a data region in a loop costs no cudaMalloc and a release is ordered
 * after the copy-out before it. Every CUDA call is checked: a failure
 * prints the CUDA error and the construct's site and exits(1).
 *
 * Transfers on async queues go through a ring of pinned memory per queue,
 * in pieces of at most PIECE bytes, so that they overlap with the host and
 * with other queues (cudaMemcpyAsync from pageable memory does not): a
 * copy to the device copies the user's bytes into the ring and enqueues
 * the DMA; a copy to the host enqueues the DMA into the ring and a host
 * function (which calls no CUDA) that copies into the user's memory. The
 * ring's space is reused when an event recorded after its last use has
 * completed; the stream's order makes that first in, first out. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"
#include "accrt_device.h"
#include "acc_prof.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const int accrt_be_shared_memory = 0;

enum { RING = 16 << 20, PIECE = 4 << 20, MAXSPAN = 256 };

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

/* A queue's pinned staging ring: bytes [done, used) (positions counted
 * since the start, modulo RING in base) are in flight, in spans that end
 * at span_end[i] and are free when span_ev[i] has completed. */
typedef struct {
    char *base;
    size_t used, done;
    size_t span_end[MAXSPAN];
    cudaEvent_t span_ev[MAXSPAN];
    int first, n;
    cudaEvent_t spare[MAXSPAN];
    int nspare;
} ring;

typedef struct {
    cudaStream_t stream;
    int owned;             /* the stream is ours (not acc_set_cuda_stream's) */
    int pending;           /* QSYNC: work issued since the last wait */
    int dirty;             /* async queue: work issued since the last join or wait */
    int readbacks;         /* copies to the host enqueued and not finished */
    cudaEvent_t join_ev;   /* recorded on this async queue for join_async */
    unsigned sync_seen;    /* the synchronous work this queue is ordered after */
    buffer scratch;        /* accrt_scratch */
    buffer cells;          /* reduction cells */
    buffer pinned;         /* reduction read-back */
    buffer result;         /* accrt_red_result: pinned, mapped */
    void *result_dev;      /* its device address */
    buffer partials;       /* accrt_red_partials: the gang counter, then the partial results */
    ring *staging;         /* async transfers */
} queue;

static queue queues[NQUEUE];
static pthread_mutex_t qmu = PTHREAD_MUTEX_INITIALIZER;
static int device, device_set; /* device_set: device is initialised */
static __thread int bound; /* 1 + the device this host thread has set */

/* Synchronous work: a count of getq(ACCRT_SYNC) calls, and the event
 * recorded on the synchronous stream at sync_ev_gen. */
static unsigned sync_gen, sync_ev_gen;
static cudaEvent_t sync_ev;

static void bind(const accrt_site *s) {
    if (bound != device + 1) {
        CK(cudaSetDevice(device), s);
        bound = device + 1;
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
    device_set = 1;
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
    if (accrt_env_flag("ACCC_LAZY_INIT") || accrt_env_device_type() == 2 /* acc_device_host */ ||
        cudaGetDeviceCount(&n) != cudaSuccess || n == 0)
        return;
    if (cudaSetDevice(num && *num ? atoi(num) : 0) == cudaSuccess) {
        void *p;
        cudaFree(0);
        /* The stream-ordered allocator's first allocation, which data
         * clauses make, costs another 11 ms (H100, CUDA 13.0; 5 us
         * after it): pay that here too. */
        if (cudaMallocAsync(&p, 256, 0) == cudaSuccess) {
            cudaFreeAsync(p, 0);
            cudaStreamSynchronize(0);
        }
    }
    cudaGetLastError();
}

/* The queue of an async argument: acc_async_noval means the default
 * async queue (acc_set_default_async). */
static int qindex(int async) {
    if (async == ACCRT_ASYNC_NOVAL)
        async = accrt_default_async;
    if (async == ACCRT_SYNC)
        return QSYNC;
    if (async < 0)
        return QNOVAL;
    return 2 + async % (NQUEUE - 2);
}

static void make_stream(queue *q, const accrt_site *s) {
    if (!q->stream) {
        pthread_mutex_lock(&qmu);
        if (!q->stream) {
            CK(cudaStreamCreateWithFlags(&q->stream, cudaStreamNonBlocking), s);
            q->owned = 1;
        }
        pthread_mutex_unlock(&qmu);
    }
}

/* Synchronous work is ordered after all the work queued so far on async
 * queues that the host has not waited for, as NVHPC's synchronous work on
 * the legacy default stream is, and programs rely on it: a data region
 * whose exit copies out or frees data that kernels on async(1) still use,
 * a synchronous update self after an async kernel. The synchronous stream
 * waits for an event recorded on each queue with work since the last
 * join (dirty), and on each stream of acc_set_cuda_stream, whose work
 * accc does not see. A queue with copies to the host in flight is waited
 * for by the host instead: a synchronous construct on NVHPC returns after
 * the work it is ordered after, so the program may read what those
 * copies write without a wait. */
static void join_async(queue *sq, const accrt_site *s) {
    int i;
    for (i = 0; i < NQUEUE; i++) {
        queue *q = &queues[i];
        if (q == sq || !q->stream || (!q->dirty && q->owned))
            continue;
        q->dirty = 0;
        if (__atomic_load_n(&q->readbacks, __ATOMIC_ACQUIRE) > 0) {
            CK(cudaStreamSynchronize(q->stream), s);
            continue;
        }
        if (!q->join_ev)
            CK(cudaEventCreateWithFlags(&q->join_ev, cudaEventDisableTiming), s);
        CK(cudaEventRecord(q->join_ev, q->stream), s);
        CK(cudaStreamWaitEvent(sq->stream, q->join_ev, 0), s);
    }
}

static queue *getq(int async, const accrt_site *s) {
    int i;
    queue *q;
    if (async < 0 && async != ACCRT_SYNC && async != ACCRT_ASYNC_NOVAL)
        accrt_check_async(async, s);
    i = qindex(async);
    q = &queues[i];
    accrt_init();
    accrt_device_init(); /* the program may have started on the host */
    bind(s);
    make_stream(q, s);
    if (i == QSYNC) {
        join_async(q, s);
        q->pending = 1;
        sync_gen++;
        return q;
    }
    q->dirty = 1;
    if (q->sync_seen != sync_gen) {
        /* Order this queue after the synchronous work issued so far. */
        queue *sq = &queues[QSYNC];
        if (sq->stream && sq->pending) {
            if (!sync_ev)
                CK(cudaEventCreateWithFlags(&sync_ev, cudaEventDisableTiming), s);
            if (sync_ev_gen != sync_gen) {
                CK(cudaEventRecord(sync_ev, sq->stream), s);
                sync_ev_gen = sync_gen;
            }
            CK(cudaStreamWaitEvent(q->stream, sync_ev, 0), s);
        }
        q->sync_seen = sync_gen;
    }
    return q;
}

extern "C" cudaStream_t accrt_stream(int async) { return getq(async, NULL)->stream; }

void *accrt_be_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    void *d = NULL;
    /* Whole 8-byte words: a reduction into a char or short device copy
     * updates the aligned word that holds it (accrt_atomic_cas). */
    cudaError_t e = cudaMallocAsync(&d, bytes ? (bytes + 7) & ~(size_t)7 : 8, q->stream);
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

/* ---- The staging ring (called under the runtime lock) ---- */

/* Frees the spans whose events have completed; with wait, at least the
 * oldest one, waiting for it. */
static void ring_reclaim(ring *r, int wait, const accrt_site *s) {
    while (r->n > 0) {
        cudaEvent_t ev = r->span_ev[r->first];
        cudaError_t e = wait ? cudaEventSynchronize(ev) : cudaEventQuery(ev);
        if (e == cudaErrorNotReady)
            return;
        CK(e, s);
        wait = 0;
        r->done = r->span_end[r->first];
        r->spare[r->nspare++] = ev;
        r->first = (r->first + 1) % MAXSPAN;
        r->n--;
    }
}

/* len (<= PIECE) contiguous bytes of q's ring; *end is the position
 * after them, for ring_push. */
static char *ring_get(queue *q, size_t len, size_t *end, const accrt_site *s) {
    ring *r = q->staging;
    size_t off, pad;
    if (!r) {
        r = (ring *)calloc(1, sizeof *r);
        if (!r)
            accrt_fatal(s, "out of host memory");
        CK(cudaMallocHost((void **)&r->base, RING), s);
        q->staging = r;
    }
    ring_reclaim(r, 0, s);
    for (;;) {
        off = r->used % RING;
        pad = off + len > RING ? RING - off : 0; /* skip the ring's tail */
        if (r->n < MAXSPAN && r->used + pad + len - r->done <= RING)
            break;
        ring_reclaim(r, 1, s);
    }
    r->used += pad + len;
    *end = r->used;
    return r->base + (pad ? 0 : off);
}

/* Records the event that frees the ring up to end once q gets there. */
static void ring_push(queue *q, size_t end, const accrt_site *s) {
    ring *r = q->staging;
    cudaEvent_t ev;
    int i = (r->first + r->n) % MAXSPAN;
    if (r->nspare > 0)
        ev = r->spare[--r->nspare];
    else
        CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), s);
    CK(cudaEventRecord(ev, q->stream), s);
    r->span_end[i] = end;
    r->span_ev[i] = ev;
    r->n++;
}

typedef struct {
    void *host;
    const void *pinned;
    size_t bytes;
    queue *q; /* finish_readback: the queue whose readbacks count it */
} readback;

/* Readbacks enqueued and not yet finished, on every queue. */
static int readbacks_pending;

/* A host function of the stream: copies staged bytes to the user's
 * memory. It must not call CUDA. */
static void CUDART_CB finish_readback(void *arg) {
    readback *r = (readback *)arg;
    memcpy(r->host, r->pinned, r->bytes);
    __atomic_sub_fetch(&r->q->readbacks, 1, __ATOMIC_RELEASE);
    free(r);
    __atomic_sub_fetch(&readbacks_pending, 1, __ATOMIC_RELEASE);
}

/* Enqueues finish_readback of r on q. */
static void enqueue_readback(queue *q, readback *r, const accrt_site *s) {
    r->q = q;
    __atomic_add_fetch(&readbacks_pending, 1, __ATOMIC_RELEASE);
    __atomic_add_fetch(&q->readbacks, 1, __ATOMIC_RELEASE);
    CK(cudaLaunchHostFunc(q->stream, finish_readback, r), s);
}

/* A host function of the stream: copies the user's bytes into the ring,
 * in stream order. Used while readbacks are pending: an earlier async
 * copy to the host (copyout async(1) followed by copyin async(1), or a
 * queue waiting for another) may not have written the bytes yet. */
static void CUDART_CB stage_in(void *arg) {
    readback *r = (readback *)arg;
    memcpy((void *)r->pinned, r->host, r->bytes);
    free(r);
}

void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    size_t off, len, end;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
    if (qindex(async) == QSYNC || bytes == 0) {
        /* From pageable memory: staged by CUDA before the call returns. */
        CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, q->stream), s);
        return;
    }
    for (off = 0; off < bytes; off += len) {
        char *p;
        len = bytes - off < (size_t)PIECE ? bytes - off : (size_t)PIECE;
        p = ring_get(q, len, &end, s);
        if (__atomic_load_n(&readbacks_pending, __ATOMIC_ACQUIRE) == 0) {
            memcpy(p, (const char *)host + off, len);
        } else {
            readback *r = (readback *)malloc(sizeof *r);
            if (!r)
                accrt_fatal(s, "out of host memory");
            r->host = (char *)host + off;
            r->pinned = p;
            r->bytes = len;
            CK(cudaLaunchHostFunc(q->stream, stage_in, r), s);
        }
        CK(cudaMemcpyAsync((char *)dev + off, p, len, cudaMemcpyHostToDevice, q->stream), s);
        ring_push(q, end, s);
    }
}

void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    size_t off, len, end;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
    if (async == ACCRT_SYNC || bytes == 0) {
        CK(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, q->stream), s);
        if (async == ACCRT_SYNC) {
            CK(cudaStreamSynchronize(q->stream), s);
            q->pending = 0;
        }
        return;
    }
    for (off = 0; off < bytes; off += len) {
        readback *r;
        char *p;
        len = bytes - off < (size_t)PIECE ? bytes - off : (size_t)PIECE;
        p = ring_get(q, len, &end, s);
        CK(cudaMemcpyAsync(p, (const char *)dev + off, len, cudaMemcpyDeviceToHost, q->stream), s);
        r = (readback *)malloc(sizeof *r);
        if (!r)
            accrt_fatal(s, "out of host memory");
        r->host = (char *)host + off;
        r->pinned = p;
        r->bytes = len;
        enqueue_readback(q, r, s);
        ring_push(q, end, s);
    }
}

void accrt_wait(int async, const accrt_site *s) {
    queue *q;
    if (async < 0 && async != ACCRT_SYNC && async != ACCRT_ASYNC_NOVAL)
        accrt_check_async(async, s);
    q = &queues[qindex(async)];
    if (!q->stream || (qindex(async) == QSYNC && !q->pending))
        return;
    bind(s);
    CK(cudaStreamSynchronize(q->stream), s);
    if (qindex(async) == QSYNC)
        q->pending = 0;
    else
        q->dirty = 0; /* done: nothing for join_async to order after */
}

/* §2.16.2: queue `on` waits for the work queued on `q` so far; the host
 * does not wait. */
void accrt_wait_async(int async, int on, const accrt_site *s) {
    queue *from, *to;
    cudaEvent_t ev;
    accrt_check_async(async, s);
    accrt_check_async(on, s);
    from = &queues[qindex(async)];
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
            queues[i].dirty = 0;
        }
    queues[QSYNC].pending = 0;
}

int accrt_async_test(int async) {
    queue *q;
    cudaError_t e;
    accrt_check_async(async, NULL);
    q = &queues[qindex(async)];
    if (!q->stream)
        return 1;
    e = cudaStreamQuery(q->stream);
    if (e == cudaErrorNotReady)
        return 0;
    CK(e, NULL);
    if (qindex(async) != QSYNC)
        q->dirty = 0; /* idle */
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
    if (accrt_prof_active)
        accrt_prof_launch_start(s, kernel, gangs, workers, vlen, async);
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
    if (accrt_prof_active)
        accrt_prof_launch_end(s);
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
        enqueue_readback(q, r, s);
    }
}

/* The results of reductions the kernels combine (accrt.h): pinned host
 * memory mapped for the device. A construct's results are read, or its
 * read-back has run, before the next construct of the queue starts one
 * (the generated code waits for an async construct's reductions), so the
 * buffer is free to take the next start values; growing it waits for the
 * queue all the same. */
void *accrt_red_result(const void *init, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    if (bytes > q->result.cap) {
        size_t cap = bytes < 256 ? 256 : bytes;
        CK(cudaStreamSynchronize(q->stream), s);
        if (q->result.p)
            CK(cudaFreeHost(q->result.p), s);
        CK(cudaHostAlloc(&q->result.p, cap, cudaHostAllocMapped), s);
        CK(cudaHostGetDevicePointer(&q->result_dev, q->result.p, 0), s);
        q->result.cap = cap;
    }
    memcpy(q->result.p, init, bytes);
    return q->result_dev;
}

/* The gang counter in the first 256 bytes (zeroed in queue order when
 * the buffer is made; the last gang of each launch resets it), the
 * partial results after. */
void *accrt_red_partials(size_t bytes, unsigned **count, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    size_t cap = q->partials.cap;
    char *p = (char *)grow_dev(&q->partials, 256 + bytes, q, s);
    if (q->partials.cap != cap)
        CK(cudaMemsetAsync(p, 0, 256, q->stream), s);
    *count = (unsigned *)p;
    return p + 256;
}

void accrt_red_read(void *host, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    if (async == ACCRT_SYNC) {
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
        memcpy(host, q->result.p, bytes);
        return;
    }
    readback *r = (readback *)malloc(sizeof *r);
    if (!r)
        accrt_fatal(s, "out of host memory");
    r->host = host;
    r->pinned = q->result.p;
    r->bytes = bytes;
    enqueue_readback(q, r, s);
}

/* The multiprocessors of the calling thread's device, read once. */
static int sm_count(void) {
    static int n;
    int d;
    if (__atomic_load_n(&n, __ATOMIC_RELAXED) == 0) {
        int v = 0;
        if (cudaGetDevice(&d) != cudaSuccess || cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, d) != cudaSuccess ||
            v <= 0)
            v = 1;
        __atomic_store_n(&n, v, __ATOMIC_RELAXED);
    }
    return n;
}

unsigned accrt_vector_for(long long n, unsigned most) {
    unsigned v = most;
    long long want = 2ll * sm_count();
    while (v > 32 && (n + v - 1) / v < want)
        v /= 2;
    return v;
}

unsigned accrt_gangs_resident(long long n, long long per, unsigned threads) {
    unsigned g = accrt_gangs(n, per);
    long long most = (long long)sm_count() * (threads >= 2048 ? 1 : 2048 / (threads ? threads : 1));
    return (long long)g > most ? (unsigned)most : g;
}

/* ---- For api_cuda.cu ---- */

int accrt_cuda_nqueues(void) { return NQUEUE; }

void *accrt_cuda_queue_stream(int i) { return (void *)queues[i].stream; }

int accrt_cuda_qindex(int async) { return qindex(async); }

/* The device in use; before initialisation, the one ACC_DEVICE_NUM names. */
int accrt_cuda_device(void) {
    const char *num;
    if (device_set)
        return device;
    num = getenv("ACC_DEVICE_NUM");
    return num && *num ? atoi(num) : 0;
}

/* acc_set_cuda_stream: the queue's work so far is finished, then the
 * stream is the user's (who keeps it: accc never destroys it). */
void accrt_cuda_replace_stream(int async, void *stream, const accrt_site *s) {
    queue *q = getq(async, s);
    if (q->stream == (cudaStream_t)stream)
        return;
    CK(cudaStreamSynchronize(q->stream), s);
    if (q->owned)
        CK(cudaStreamDestroy(q->stream), s);
    q->stream = (cudaStream_t)stream;
    q->owned = 0;
    if (qindex(async) == QSYNC)
        q->pending = 0;
}

/* acc_set_device_num: only before anything was queued on the device in
 * use (accc keeps one device's data at a time). */
void accrt_cuda_set_device(int n, const accrt_site *s) {
    int i;
    cudaMemPool_t pool;
    uint64_t keep = UINT64_MAX;
    if (n == device)
        return;
    int used = accrt_table_len() > 0;
    for (i = 0; i < NQUEUE; i++)
        used |= queues[i].stream != NULL;
    if (used)
        accrt_fatal_code(acc_error_device_unavailable, s,
                         "cannot switch to device %d: device %d is in use (accc drives one device per process; "
                         "select the device with ACC_DEVICE_NUM or before the first construct)",
                         n, device);
    device = n;
    bind(s);
    CK(cudaDeviceGetDefaultMemPool(&pool, device), s);
    CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep), s);
}
