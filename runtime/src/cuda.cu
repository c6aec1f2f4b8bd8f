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
 * completed; the stream's order makes that first in, first out.
 *
 * Several GPUs: each device has its own queues, streams, staging rings,
 * synchronous-work state and memory pool (device_state), and everything
 * here acts on the calling host thread's current device (accrt_dev()),
 * which bind() makes CUDA's current device on this thread with
 * cudaSetDevice when the thread's last bound device differs (a
 * thread-local compare on the hot path). */
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
    ring *staging;         /* async transfers */
} queue;

/* A host thread's buffers for one queue of one device: accrt_scratch,
 * reduction cells and their pinned read-back, and the results and partial
 * results of reductions the gangs combine. Host threads that share a
 * device (OpenMP threads on one GPU) share its queues but not these, so
 * that their constructs never reduce into the same cells; each is used
 * in the queue's order. They last as long as the program. */
typedef struct {
    buffer scratch, cells, pinned;
    buffer result;    /* accrt_red_result: pinned, mapped */
    void *result_dev; /* its device address */
    buffer partials;  /* accrt_red_partials: the gang counter, then the partial results */
} thread_bufs;

static __thread thread_bufs *tbufs[ACCRT_MAXDEV];

/* One device's state. Synchronous work: a count of getq(ACCRT_SYNC)
 * calls, and the event recorded on the synchronous stream at sync_ev_gen. */
/* The page-locked buffers of a device's staged synchronous transfers
 * (h2d_sync_staged, d2h_sync_staged), each free once the event recorded
 * after its last DMA has completed. */
enum { STAGE_BUFS = 4, STAGE_PIECE = 4 << 20 };
typedef struct {
    char *buf[STAGE_BUFS];
    cudaEvent_t ev[STAGE_BUFS];
} sync_stage;

typedef struct {
    queue queues[NQUEUE];
    unsigned sync_gen, sync_ev_gen;
    cudaEvent_t sync_ev;
    int ready;       /* its memory pool is set up (ready_device) */
    int stage_state; /* STAGE_NONE ... STAGE_FAILED (start_stage) */
    sync_stage stage;
} device_state;

static device_state devs[ACCRT_MAXDEV];
static pthread_mutex_t qmu = PTHREAD_MUTEX_INITIALIZER;
static __thread int bound; /* 1 + the device this host thread has set */

/* The calling thread's current device. */
static device_state *cur(void) { return &devs[accrt_dev()]; }

static void start_stage(int d);

/* The first use of device d in the process: its pool keeps the memory
 * it was given back, so that a data region in a loop costs no cudaMalloc. */
static void ready_device(int d, const accrt_site *s) {
    cudaMemPool_t pool;
    uint64_t keep = UINT64_MAX;
    pthread_mutex_lock(&qmu);
    if (!devs[d].ready) {
        CK(cudaDeviceGetDefaultMemPool(&pool, d), s);
        CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep), s);
        accrt_cuda_limits(d, s);
        start_stage(d);
        __atomic_store_n(&devs[d].ready, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&qmu);
}

/* Makes the thread's current device CUDA's current device on this thread. */
static void bind(const accrt_site *s) {
    int d = accrt_dev();
    if (bound != d + 1) {
        CK(cudaSetDevice(d), s);
        bound = d + 1;
        if (!__atomic_load_n(&devs[d].ready, __ATOMIC_ACQUIRE))
            ready_device(d, s);
    }
}

void accrt_be_init(void) {
    int n = 0;
    const char *num = getenv("ACC_DEVICE_NUM");
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0)
        accrt_fatal(NULL, "no CUDA device available (%s); build with -acc=multicore to run on the CPU",
                    e != cudaSuccess ? cudaGetErrorString(e) : "none found");
    if (num && *num) {
        int d = atoi(num);
        if (d < 0 || d >= n || d >= ACCRT_MAXDEV)
            accrt_fatal(NULL, "ACC_DEVICE_NUM=%s: there %s %d CUDA device%s", num, n == 1 ? "is" : "are", n,
                        n == 1 ? "" : "s");
    }
    bind(NULL);
}

/* Create the CUDA context when the program starts, as NVHPC's runtime
 * does, so that the first construct does not pay for it (it takes a
 * large fraction of a second) and timings of the program's own work are
 * fair. Nothing fails here: a machine without a device reports it at the
 * first construct. ACCC_LAZY_INIT=1 turns this off. */
__attribute__((constructor)) static void warm_up(void) {
    int n = 0;
    const char *num = getenv("ACC_DEVICE_NUM");
    int d = num && *num ? atoi(num) : 0;
    if (accrt_env_flag("ACCC_LAZY_INIT") || accrt_env_device_type() == 2 /* acc_device_host */ ||
        cudaGetDeviceCount(&n) != cudaSuccess || n == 0)
        return;
    if (cudaSetDevice(d) == cudaSuccess) {
        void *p;
        cudaFree(0);
        if (d >= 0 && d < ACCRT_MAXDEV)
            start_stage(d); /* its transfers' page-locked buffers */
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
static void join_async(device_state *d, queue *sq, const accrt_site *s) {
    int i;
    for (i = 0; i < NQUEUE; i++) {
        queue *q = &d->queues[i];
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
    device_state *d;
    if (async < 0 && async != ACCRT_SYNC && async != ACCRT_ASYNC_NOVAL)
        accrt_check_async(async, s);
    i = qindex(async);
    accrt_init();
    accrt_device_init(); /* the program may have started on the host */
    d = cur();
    q = &d->queues[i];
    bind(s);
    make_stream(q, s);
    if (i == QSYNC) {
        join_async(d, q, s);
        q->pending = 1;
        d->sync_gen++;
        return q;
    }
    q->dirty = 1;
    if (q->sync_seen != d->sync_gen) {
        /* Order this queue after the synchronous work issued so far. */
        queue *sq = &d->queues[QSYNC];
        if (sq->stream && sq->pending) {
            if (!d->sync_ev)
                CK(cudaEventCreateWithFlags(&d->sync_ev, cudaEventDisableTiming), s);
            if (d->sync_ev_gen != d->sync_gen) {
                CK(cudaEventRecord(d->sync_ev, sq->stream), s);
                d->sync_ev_gen = d->sync_gen;
            }
            CK(cudaStreamWaitEvent(q->stream, d->sync_ev, 0), s);
        }
        q->sync_seen = d->sync_gen;
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
        accrt_fatal(s, "out of memory allocating %zu bytes on device %d", bytes, accrt_dev() + 1);
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
    accrt_copy_par(r->host, r->pinned, r->bytes);
    __atomic_sub_fetch(&r->q->readbacks, 1, __ATOMIC_RELEASE);
    free(r);
    __atomic_sub_fetch(&readbacks_pending, 1, __ATOMIC_RELEASE);
}

/* Enqueues on q the copy of bytes from pinned (filled by q's work before
 * it) to host (finish_readback). */
static void enqueue_readback(queue *q, void *host, const void *pinned, size_t bytes, const accrt_site *s) {
    readback *r = (readback *)malloc(sizeof *r);
    if (!r)
        accrt_fatal(s, "out of host memory");
    r->host = host;
    r->pinned = pinned;
    r->bytes = bytes;
    r->q = q;
    __atomic_add_fetch(&readbacks_pending, 1, __ATOMIC_RELEASE);
    __atomic_add_fetch(&q->readbacks, 1, __ATOMIC_RELEASE);
    CK(cudaLaunchHostFunc(q->stream, finish_readback, r), s);
}

/* ---- Page-locked ranges (ACCRT_PIN, called under the runtime lock) ----
 * The pages [lo, hi) of each range accrt_be_pin registered with CUDA
 * (portable: every device's context sees them), sorted by address, with
 * the bytes [ulo, uhi) of the data that asked for it and a count of the
 * entries (one a device) that did. The pages at either end are locked
 * whole, unless a neighbour's range holds them, but only the data's own
 * bytes are transferred straight between them and the device: other
 * bytes of those pages (another variable, a frame of the runtime's
 * stack) are copied as if not locked, so that no asynchronous copy reads
 * memory its owner may reuse. The rest of a transfer is staged as
 * before. */
typedef struct {
    char *lo, *hi;
    const char *ulo, *uhi;
    int refs;
} pin_range;
static pin_range *pins;
static int npins, cappins;
enum { PIN_PAGE = 4096, PIN_MIN = 1 << 20 };

/* The index of the first range that ends after p. */
static int pin_after(const char *p) {
    int lo = 0, hi = npins;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (pins[mid].hi <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void *accrt_be_pin(void *host, size_t bytes, const accrt_site *s) {
    char *lo = (char *)((uintptr_t)host & ~(uintptr_t)(PIN_PAGE - 1));
    char *hi = (char *)(((uintptr_t)host + bytes + PIN_PAGE - 1) & ~(uintptr_t)(PIN_PAGE - 1));
    int i = pin_after(lo);
    if (i < npins && pins[i].lo <= lo && hi <= pins[i].hi) {
        if (pins[i].ulo != (char *)host || pins[i].uhi != (char *)host + bytes)
            return NULL; /* inside another entry's range: that one's */
        pins[i].refs++; /* the same data on another device */
        return pins[i].lo;
    }
    /* Pages a neighbour holds stay its own. */
    if (i < npins && pins[i].lo < lo)
        lo = pins[i].hi, i++;
    if (i < npins && pins[i].lo < hi)
        hi = pins[i].lo;
    if (hi <= lo || (size_t)(hi - lo) < PIN_MIN)
        return NULL;
    bind(s);
    if (cudaHostRegister(lo, (size_t)(hi - lo), cudaHostRegisterPortable) != cudaSuccess) {
        (void)cudaGetLastError(); /* memory CUDA cannot lock: staged as before */
        return NULL;
    }
    if (npins == cappins) {
        int c = cappins ? 2 * cappins : 8;
        pin_range *t = (pin_range *)realloc(pins, (size_t)c * sizeof *t);
        if (!t)
            accrt_fatal(s, "out of host memory");
        pins = t, cappins = c;
    }
    memmove(&pins[i + 1], &pins[i], (size_t)(npins - i) * sizeof *pins);
    pins[i].lo = lo, pins[i].hi = hi, pins[i].refs = 1;
    pins[i].ulo = (const char *)host, pins[i].uhi = (const char *)host + bytes;
    npins++;
    return lo;
}

void accrt_be_unpin(void *range, const accrt_site *s) {
    char *lo = (char *)range;
    int i = pin_after(lo);
    if (i == npins || pins[i].lo != lo || --pins[i].refs > 0)
        return;
    /* No transfer of any device's queues may still use the pages. */
    for (int d = 0; d < ACCRT_MAXDEV; d++) {
        if (__atomic_load_n(&devs[d].ready, __ATOMIC_ACQUIRE)) {
            CK(cudaSetDevice(d), s);
            CK(cudaDeviceSynchronize(), s);
        }
    }
    bound = 0;
    bind(s);
    CK(cudaHostUnregister(lo), s);
    memmove(&pins[i], &pins[i + 1], (size_t)(npins - i - 1) * sizeof *pins);
    npins--;
}

/* The page-locked part [*off, *off + *len) of the transfer of [host,
 * host+bytes), if any. */
static int pinned_part(const void *host, size_t bytes, size_t *off, size_t *len) {
    const char *p = (const char *)host, *lo, *hi;
    int i;
    if (npins == 0)
        return 0;
    /* The first range whose data's own bytes of its locked pages meet
     * the transfer (a neighbour's range may hold the transfer's first
     * page). */
    for (i = pin_after(p); i < npins && pins[i].lo < p + bytes; i++) {
        lo = pins[i].lo > pins[i].ulo ? pins[i].lo : pins[i].ulo;
        hi = pins[i].hi < pins[i].uhi ? pins[i].hi : pins[i].uhi;
        lo = lo > p ? lo : p;
        hi = hi < p + bytes ? hi : p + bytes;
        if (lo < hi) {
            *off = (size_t)(lo - p), *len = (size_t)(hi - lo);
            return 1;
        }
    }
    return 0;
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

static void h2d_staged(queue *q, void *dev, const void *host, size_t bytes, const accrt_site *s);
static void d2h_staged(queue *q, void *host, const void *dev, size_t bytes, const accrt_site *s);

/* ---- Staged synchronous transfers (called under the runtime lock) ----
 * CUDA stages a synchronous copy between pageable memory and the device
 * itself, copying on the calling thread: 8.4 GB/s to an H200 and 15 GB/s
 * back on its host, where the DMA of page-locked memory runs at 52 GB/s.
 * A large one goes instead through the device's STAGE_BUFS page-locked
 * buffers in pieces of STAGE_PIECE bytes: the copy threads (copy.c) fill
 * or empty one buffer while the DMA of another runs. 128 MB: 21 -> 3.5-5
 * ms to the device, 12 -> 4.2-5.6 ms back, measured through a data
 * construct. Worth it only with threads enough: with one, CUDA's own
 * staging is as fast; back from the device, with two it is still
 * faster.
 *
 * Page-locked memory is slow to get (16 MB: 9.6 ms on that host, 0.6
 * ms a megabyte), more than the staging saves on a program that moves a
 * few tens of megabytes, so no transfer waits for it: a thread of its
 * own allocates each device's buffers, started when the program starts
 * (warm_up, for the first device) or when a device is first used
 * (ready_device), and transfers are left to CUDA until they are there. */
enum { STAGE_MIN = 2 << 20 };
enum { STAGE_NONE, STAGE_MAKING, STAGE_READY, STAGE_FAILED };

static void *make_stage(void *arg) {
    int d = (int)(size_t)arg, i, ok = cudaSetDevice(d) == cudaSuccess;
    sync_stage *st = &devs[d].stage;
    for (i = 0; ok && i < STAGE_BUFS; i++)
        ok = cudaHostAlloc((void **)&st->buf[i], STAGE_PIECE, cudaHostAllocPortable) == cudaSuccess &&
             cudaEventCreateWithFlags(&st->ev[i], cudaEventDisableTiming) == cudaSuccess;
    if (!ok)
        (void)cudaGetLastError(); /* the transfers stay CUDA's */
    __atomic_store_n(&devs[d].stage_state, ok ? STAGE_READY : STAGE_FAILED, __ATOMIC_RELEASE);
    return NULL;
}

/* Starts making device d's staging buffers, once, where copy threads
 * can fill them. */
static void start_stage(int d) {
    int none = STAGE_NONE;
    pthread_t t;
    pthread_attr_t attr;
    if (__atomic_load_n(&devs[d].stage_state, __ATOMIC_ACQUIRE) != STAGE_NONE || accrt_copy_threads() < 2 ||
        !__atomic_compare_exchange_n(&devs[d].stage_state, &none, STAGE_MAKING, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE))
        return;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &attr, make_stage, (void *)(size_t)d) != 0)
        __atomic_store_n(&devs[d].stage_state, STAGE_FAILED, __ATOMIC_RELEASE);
    pthread_attr_destroy(&attr);
}

/* Whether a synchronous transfer of bytes at host should be staged by
 * the runtime: large, threads enough, the device's buffers made, and
 * memory CUDA cannot DMA directly (not page-locked or managed by the
 * program). */
static int stage_sync(const void *host, size_t bytes, int threads) {
    cudaPointerAttributes a;
    if (bytes < STAGE_MIN || accrt_copy_threads() < threads ||
        __atomic_load_n(&cur()->stage_state, __ATOMIC_ACQUIRE) != STAGE_READY)
        return 0;
    if (cudaPointerGetAttributes(&a, host) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return a.type == cudaMemoryTypeUnregistered;
}

/* The length of the piece of a staged transfer of bytes that starts at off. */
static size_t piece_len(size_t bytes, size_t off) {
    return bytes - off < (size_t)STAGE_PIECE ? bytes - off : (size_t)STAGE_PIECE;
}

static void h2d_sync_staged(queue *q, void *dev, const void *host, size_t bytes, const accrt_site *s) {
    sync_stage *st = &cur()->stage;
    size_t off, len;
    int b = 0;
    for (off = 0; off < bytes; off += len, b = (b + 1) % STAGE_BUFS) {
        len = piece_len(bytes, off);
        CK(cudaEventSynchronize(st->ev[b]), s); /* its last DMA has read it */
        accrt_copy_par(st->buf[b], (const char *)host + off, len);
        CK(cudaMemcpyAsync((char *)dev + off, st->buf[b], len, cudaMemcpyHostToDevice, q->stream), s);
        CK(cudaEventRecord(st->ev[b], q->stream), s);
    }
    /* Like CUDA's pageable copy, it returns once the program's bytes are
     * read: the program may change them, the DMA still in flight. */
}

/* Enqueues the DMA of piece c of a staged copy to the host into its buffer. */
static void d2h_piece(queue *q, sync_stage *st, const void *dev, size_t bytes, size_t c, const accrt_site *s) {
    size_t off = c * STAGE_PIECE, len = piece_len(bytes, off);
    int b = (int)(c % STAGE_BUFS);
    CK(cudaMemcpyAsync(st->buf[b], (const char *)dev + off, len, cudaMemcpyDeviceToHost, q->stream), s);
    CK(cudaEventRecord(st->ev[b], q->stream), s);
}

static void d2h_sync_staged(queue *q, void *host, const void *dev, size_t bytes, const accrt_site *s) {
    sync_stage *st = &cur()->stage;
    size_t n = (bytes + STAGE_PIECE - 1) / STAGE_PIECE, c;
    for (c = 0; c < n && c < STAGE_BUFS; c++)
        d2h_piece(q, st, dev, bytes, c, s);
    for (c = 0; c < n; c++) {
        size_t off = c * STAGE_PIECE, len = piece_len(bytes, off);
        int b = (int)(c % STAGE_BUFS);
        CK(cudaEventSynchronize(st->ev[b]), s);
        accrt_copy_par((char *)host + off, st->buf[b], len);
        if (c + STAGE_BUFS < n)
            d2h_piece(q, st, dev, bytes, c + STAGE_BUFS, s);
    }
}

/* A copy to the device from memory that is not page-locked. */
static void h2d_pageable(queue *q, void *dev, const void *host, size_t bytes, int async, const accrt_site *s) {
    if (qindex(async) == QSYNC || bytes == 0) {
        if (stage_sync(host, bytes, 2)) {
            h2d_sync_staged(q, dev, host, bytes, s);
            return;
        }
        /* From pageable memory: staged by CUDA before the call returns. */
        CK(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, q->stream), s);
        return;
    }
    h2d_staged(q, dev, host, bytes, s);
}

void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    size_t off, len;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
    if (bytes == 0 || !pinned_part(host, bytes, &off, &len)) {
        h2d_pageable(q, dev, host, bytes, async, s);
        return;
    }
    /* Straight from the page-locked pages; the rest as any other. */
    h2d_pageable(q, dev, host, off, async, s);
    CK(cudaMemcpyAsync((char *)dev + off, (const char *)host + off, len, cudaMemcpyHostToDevice, q->stream), s);
    h2d_pageable(q, (char *)dev + off + len, (const char *)host + off + len, bytes - off - len, async, s);
    if (qindex(async) == QSYNC) {
        /* Synchronous: the program may change its memory next. */
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
    }
}

/* An async copy to the device through q's staging ring. */
static void h2d_staged(queue *q, void *dev, const void *host, size_t bytes, const accrt_site *s) {
    size_t off, len, end;
    for (off = 0; off < bytes; off += len) {
        char *p;
        len = bytes - off < (size_t)PIECE ? bytes - off : (size_t)PIECE;
        p = ring_get(q, len, &end, s);
        if (__atomic_load_n(&readbacks_pending, __ATOMIC_ACQUIRE) == 0) {
            accrt_copy_par(p, (const char *)host + off, len);
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

/* A copy to the host into memory that is not page-locked. */
static void d2h_pageable(queue *q, void *host, const void *dev, size_t bytes, int async, const accrt_site *s) {
    if (async == ACCRT_SYNC || bytes == 0) {
        if (stage_sync(host, bytes, 4)) {
            d2h_sync_staged(q, host, dev, bytes, s);
            return;
        }
        CK(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, q->stream), s);
        return;
    }
    d2h_staged(q, host, dev, bytes, s);
}

void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    size_t off, len;
    if (accrt_prof_active)
        accrt_prof_note_xfer(host, dev, async);
    if (bytes == 0 || !pinned_part(host, bytes, &off, &len)) {
        d2h_pageable(q, host, dev, bytes, async, s);
    } else {
        /* Straight into the page-locked pages; the rest as any other. */
        d2h_pageable(q, host, dev, off, async, s);
        CK(cudaMemcpyAsync((char *)host + off, (const char *)dev + off, len, cudaMemcpyDeviceToHost, q->stream), s);
        d2h_pageable(q, (char *)host + off + len, (const char *)dev + off + len, bytes - off - len, async, s);
    }
    if (async == ACCRT_SYNC) {
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
    }
}

/* An async copy to the host through q's staging ring. */
static void d2h_staged(queue *q, void *host, const void *dev, size_t bytes, const accrt_site *s) {
    size_t off, len, end;
    for (off = 0; off < bytes; off += len) {
        char *p;
        len = bytes - off < (size_t)PIECE ? bytes - off : (size_t)PIECE;
        p = ring_get(q, len, &end, s);
        CK(cudaMemcpyAsync(p, (const char *)dev + off, len, cudaMemcpyDeviceToHost, q->stream), s);
        enqueue_readback(q, (char *)host + off, p, len, s);
        ring_push(q, end, s);
    }
}

void accrt_wait(int async, const accrt_site *s) {
    queue *q;
    if (async < 0 && async != ACCRT_SYNC && async != ACCRT_ASYNC_NOVAL)
        accrt_check_async(async, s);
    if (accrt_tracing)
        accrt_trace_wait(async, s);
    q = &cur()->queues[qindex(async)];
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
    from = &cur()->queues[qindex(async)];
    if (!from->stream || qindex(async) == qindex(on))
        return;
    to = getq(on, s);
    CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), s);
    CK(cudaEventRecord(ev, from->stream), s);
    CK(cudaStreamWaitEvent(to->stream, ev, 0), s);
    CK(cudaEventDestroy(ev), s);
}

void accrt_wait_all(const accrt_site *s) {
    queue *queues = cur()->queues;
    int i;
    if (accrt_tracing)
        accrt_trace_wait(ACCRT_WAIT_EVERY, s);
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
    q = &cur()->queues[qindex(async)];
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
 * this host thread, on device ev_dev - 1. */
static __thread cudaEvent_t ev_start, ev_stop;
static __thread int ev_dev;
static __thread cudaStream_t launch_stream;
static __thread int timing;
static __thread int launch_sync; /* the kernel being launched is on the synchronous queue */

void accrt_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                        int async) {
    queue *q = getq(async, s);
    launch_sync = async == ACCRT_SYNC;
    if (accrt_tracing)
        accrt_trace_launch(1, s, kernel, gangs, workers, vlen, async);
    accrt_notify_launch(s, kernel, gangs, workers, vlen);
    if (accrt_prof_active)
        accrt_prof_launch_start(s, kernel, gangs, workers, vlen, async);
    if (!accrt_profiling)
        return;
    if (ev_start && ev_dev != accrt_dev() + 1) { /* the thread changed devices: events of the new one */
        CK(cudaSetDevice(ev_dev - 1), s);
        CK(cudaEventDestroy(ev_start), s);
        CK(cudaEventDestroy(ev_stop), s);
        CK(cudaSetDevice(accrt_dev()), s);
        ev_start = ev_stop = NULL;
    }
    if (!ev_start) {
        CK(cudaEventCreate(&ev_start), s);
        CK(cudaEventCreate(&ev_stop), s);
        ev_dev = accrt_dev() + 1;
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
    if (accrt_tracing)
        accrt_trace_launch(0, s, NULL, 0, 0, 0, ACCRT_SYNC);
    /* A construct without data clauses has no accrt_exit to complete it
     * (accrt_construct_done): its kernels do, where the host may read
     * their results without the runtime. */
    if (launch_sync && (accrt_sync_always || accrt_heap_sync()))
        accrt_wait(ACCRT_SYNC, s);
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

/* The calling thread's buffers for queue index i of its current device. */
static thread_bufs *bufs(int i, const accrt_site *s) {
    int d = accrt_dev();
    if (!tbufs[d]) {
        tbufs[d] = (thread_bufs *)calloc(NQUEUE, sizeof(thread_bufs));
        if (!tbufs[d])
            accrt_fatal(s, "out of host memory");
    }
    return &tbufs[d][i];
}

void *accrt_scratch(size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    return grow_dev(&bufs(qindex(async), s)->scratch, bytes, q, s);
}

void *accrt_red_begin(const void *init, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    void *d = grow_dev(&bufs(qindex(async), s)->cells, bytes, q, s);
    /* From pageable memory: staged before the call returns. */
    CK(cudaMemcpyAsync(d, init, bytes, cudaMemcpyHostToDevice, q->stream), s);
    return d;
}

/* Copies bytes of pinned, which q's work so far fills, to host: now for
 * a synchronous construct, else in q's order (enqueue_readback). */
static void read_pinned(queue *q, void *host, const void *pinned, size_t bytes, int async, const accrt_site *s) {
    if (async == ACCRT_SYNC) {
        CK(cudaStreamSynchronize(q->stream), s);
        q->pending = 0;
        memcpy(host, pinned, bytes);
        return;
    }
    enqueue_readback(q, host, pinned, bytes, s);
}

void accrt_red_end(void *host, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    thread_bufs *b = bufs(qindex(async), s);
    if (bytes > b->pinned.cap) {
        CK(cudaStreamSynchronize(q->stream), s); /* a pending read-back may use the old buffer */
        if (b->pinned.p)
            CK(cudaFreeHost(b->pinned.p), s);
        CK(cudaMallocHost(&b->pinned.p, bytes < 256 ? 256 : bytes), s);
        b->pinned.cap = bytes < 256 ? 256 : bytes;
    }
    CK(cudaMemcpyAsync(b->pinned.p, b->cells.p, bytes, cudaMemcpyDeviceToHost, q->stream), s);
    read_pinned(q, host, b->pinned.p, bytes, async, s);
}

/* The results of reductions the kernels combine (accrt.h): pinned host
 * memory mapped for the device. A construct's results are read, or its
 * read-back has run, before the next construct of the queue starts one
 * (the generated code waits for an async construct's reductions), so the
 * buffer is free to take the next start values; growing it waits for the
 * queue all the same. */
void *accrt_red_result(const void *init, size_t bytes, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    thread_bufs *b = bufs(qindex(async), s);
    if (bytes > b->result.cap) {
        size_t cap = bytes < 256 ? 256 : bytes;
        CK(cudaStreamSynchronize(q->stream), s);
        if (b->result.p)
            CK(cudaFreeHost(b->result.p), s);
        CK(cudaHostAlloc(&b->result.p, cap, cudaHostAllocMapped), s);
        CK(cudaHostGetDevicePointer(&b->result_dev, b->result.p, 0), s);
        b->result.cap = cap;
    }
    memcpy(b->result.p, init, bytes);
    return b->result_dev;
}

/* The gang counter in the first 256 bytes (zeroed in queue order when
 * the buffer is made; the last gang of each launch resets it), the
 * partial results after. */
void *accrt_red_partials(size_t bytes, unsigned **count, int async, const accrt_site *s) {
    queue *q = getq(async, s);
    thread_bufs *b = bufs(qindex(async), s);
    size_t cap = b->partials.cap;
    char *p = (char *)grow_dev(&b->partials, 256 + bytes, q, s);
    if (b->partials.cap != cap)
        CK(cudaMemsetAsync(p, 0, 256, q->stream), s);
    *count = (unsigned *)p;
    return p + 256;
}

void accrt_red_read(void *host, size_t bytes, int async, const accrt_site *s) {
    read_pinned(getq(async, s), host, bufs(qindex(async), s)->result.p, bytes, async, s);
}

/* The multiprocessors of the calling thread's device, read once. */
static int sm_count(void) {
    static int n[ACCRT_MAXDEV];
    int d = accrt_dev();
    if (__atomic_load_n(&n[d], __ATOMIC_RELAXED) == 0) {
        int v = 0;
        if (cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, d) != cudaSuccess || v <= 0)
            v = 1;
        __atomic_store_n(&n[d], v, __ATOMIC_RELAXED);
    }
    return n[d];
}

unsigned accrt_vector_for(long long n, unsigned most) {
    unsigned v = most;
    long long want = 2ll * sm_count();
    while (v > 32 && (n + v - 1) / v < want)
        v /= 2;
    return v;
}

long long accrt_block_rounds(long long dflt) {
    const char *v = getenv("ACCC_BLOCK_ROUNDS");
    char *end;
    long long n;
    if (!v || !*v)
        return dflt;
    n = strtoll(v, &end, 10);
    if (*end || n < 0)
        return dflt;
    return n > (1ll << 20) ? 1ll << 20 : n;
}

unsigned accrt_rows_for(long long n, unsigned most) {
    unsigned rows = most;
    long long cols = (n + 31) / 32 * 32, want = 2ll * 2048 * sm_count();
    while (rows > 4 && cols * (rows / 2) >= want)
        rows /= 2;
    return rows;
}

unsigned accrt_gangs_resident(long long n, long long per, unsigned threads) {
    unsigned g = accrt_gangs(n, per);
    long long most = (long long)sm_count() * (threads >= 2048 ? 1 : 2048 / (threads ? threads : 1));
    return (long long)g > most ? (unsigned)most : g;
}

/* ---- For api_cuda.cu ---- */

int accrt_cuda_nqueues(void) { return NQUEUE; }

void *accrt_cuda_queue_stream(int i) { return (void *)cur()->queues[i].stream; }

int accrt_cuda_qindex(int async) { return qindex(async); }

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

/* acc_set_device_num: device n is the thread's current device now; CUDA
 * work of the program that follows (interoperability) runs on it too. */
void accrt_cuda_set_device(int n, const accrt_site *s) {
    (void)n;
    accrt_init();
    accrt_device_init();
    bind(s);
}

/* accrt_dev_switch: a thread that has used a device follows its current
 * device at once, so that the program's own CUDA work after an
 * operation on another device (acc_wait_device, acc_memcpy_d2d) runs on
 * its current device again; but a device that nothing has used yet is
 * bound at its first CUDA work only (at_exit and acc_shutdown visit every
 * device and must not create a context on each). */
void accrt_cuda_switched(int n) {
    if (bound && __atomic_load_n(&devs[n].ready, __ATOMIC_ACQUIRE))
        bind(NULL);
}

/* acc_memcpy_d2d between devices (the current one is nsrc): on the source
 * device's queue, after the synchronous work issued to the destination
 * device (with what it joined), as synchronous work on one device is
 * ordered. */
void accrt_be_d2d_peer(void *dst, int ndst, const void *src, int nsrc, size_t bytes, int async,
                       const accrt_site *s) {
    cudaEvent_t ev;
    queue *q;
    accrt_dev_switch(ndst);
    q = getq(ACCRT_SYNC, s);
    CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), s);
    CK(cudaEventRecord(ev, q->stream), s);
    accrt_dev_switch(nsrc);
    q = getq(async, s);
    CK(cudaStreamWaitEvent(q->stream, ev, 0), s);
    CK(cudaMemcpyPeerAsync(dst, ndst, src, nsrc, bytes, q->stream), s);
    accrt_dev_switch(ndst);
    CK(cudaEventDestroy(ev), s); /* released once it has completed */
    accrt_dev_switch(nsrc);
    if (async == ACCRT_SYNC)
        accrt_wait(ACCRT_SYNC, s);
}

/* Queue `on` of the current device waits for queue q (ACCRT_WAIT_EVERY:
 * each queue) of device n: events recorded on n's streams, waited for by
 * on's stream (cudaStreamWaitEvent may wait for another device's event). */
void accrt_be_wait_peer(int n, int q, int on, const accrt_site *s) {
    cudaEvent_t evs[NQUEUE];
    int me = accrt_dev(), nev = 0, i;
    queue *to;
    if (n == me) {
        if (q == ACCRT_WAIT_EVERY)
            accrt_be_wait_all_async(on, s);
        else
            accrt_wait_async(q, on, s);
        return;
    }
    accrt_dev_switch(n);
    for (i = 0; i < NQUEUE; i++) {
        queue *from = &cur()->queues[i];
        if (!from->stream || (q != ACCRT_WAIT_EVERY && i != qindex(q)))
            continue;
        bind(s);
        CK(cudaEventCreateWithFlags(&evs[nev], cudaEventDisableTiming), s);
        CK(cudaEventRecord(evs[nev], from->stream), s);
        nev++;
    }
    accrt_dev_switch(me);
    if (nev == 0)
        return;
    to = getq(on, s);
    for (i = 0; i < nev; i++)
        CK(cudaStreamWaitEvent(to->stream, evs[i], 0), s);
    accrt_dev_switch(n);
    for (i = 0; i < nev; i++)
        CK(cudaEventDestroy(evs[i]), s);
    accrt_dev_switch(me);
}
