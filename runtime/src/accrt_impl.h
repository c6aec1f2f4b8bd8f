/*
 * accrt_impl.h: what the runtime's sources share. The portable part
 * (core.c, present.c, data.c, profile.c) calls the backend through the
 * accrt_be_* functions, implemented by host.c (emulate, shared) or cuda.cu.
 */
#ifndef ACCRT_IMPL_H
#define ACCRT_IMPL_H

#include "accrt.h"

#include <stddef.h>

/* The runtime defines the routines of openacc.h: no call-site macros. */
#define ACCC_NO_CALL_SITES 1

#if defined(ACCRT_BACKEND_CUDA) + defined(ACCRT_BACKEND_EMULATE) + defined(ACCRT_BACKEND_SHARED) != 1
#error "define exactly one of ACCRT_BACKEND_CUDA, ACCRT_BACKEND_EMULATE, ACCRT_BACKEND_SHARED"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ACCRT_NORETURN __attribute__((noreturn))
#define ACCRT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define ACCRT_NORETURN
#define ACCRT_PRINTF(f, a)
#endif

/* core.c: lazy initialisation, the runtime lock, errors. accrt_init
 * starts the runtime, and the build's device unless the program starts on
 * the host (ACC_DEVICE_TYPE=host); accrt_device_init starts the device
 * (once), accrt_device_started says whether it was. */
void accrt_init(void);
void accrt_device_init(void);
extern int accrt_device_started;
void accrt_lock(void);
void accrt_unlock(void);
/* Prints "FATAL ERROR: <msg> file:F function:G line:L" and exits(1). The
 * fields the site does not know are left out (all of them without a
 * site). A message about a call of an openacc.h routine from an unknown
 * line that does not name the routine starts with "<routine>: ". */
void accrt_fatal(const accrt_site *s, const char *fmt, ...) ACCRT_NORETURN ACCRT_PRINTF(2, 3);
double accrt_seconds(void); /* monotonic clock */
int accrt_env_flag(const char *name); /* env var set to a non-empty value other than "0" */
/* The end of a construct on queue async: waits only with NV_ACC_SYNCHRONOUS
 * (accrt_sync_always) or managed memory (accrt_heap_sync). */
void accrt_construct_done(int async, const accrt_site *s);
/* The events around a kernel the host's threads run (the CPU backends',
 * -acc=gpu,multicore's multicore code): tracing, NV_ACC_NOTIFY, the
 * profiling interface, and at the end NV_ACC_TIME's time since start
 * (accrt_seconds(); negative: none). */
void accrt_host_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                             int async);
void accrt_host_launch_end(const accrt_site *s, double start);
/* NV_ACC_SYNCHRONOUS (or ACCC_SYNC) is set: every construct waits for its work. */
extern int accrt_sync_always;

/* Devices (OpenACC 3.4 §2.3, §3.2.4). The build's device type has
 * accrt_num_devs() devices, at most ACCRT_MAXDEV, each with a runtime state
 * of its own: present table and attachment counters (present.c), queues,
 * streams and memory pool (cuda.cu), memory accounting (host.c). Every
 * operation acts on the calling host thread's current device, accrt_dev():
 * thread-local, starting as ACC_DEVICE_NUM (or 0) and changed only by the
 * thread's own acc_set_device_num (§3.2.4). Data on one device is never
 * present on another. Reading it costs one thread-local load. */
enum { ACCRT_MAXDEV = 64 };
extern __thread int accrt_tls_dev; /* 1 + the thread's device; 0: accrt_initial_dev */
extern int accrt_initial_dev;      /* ACC_DEVICE_NUM, or 0 (set at initialisation) */
static inline int accrt_dev(void) { return accrt_tls_dev ? accrt_tls_dev - 1 : accrt_initial_dev; }
/* Makes n (0 <= n < accrt_num_devs()) the calling thread's current device
 * and returns the previous one: the _device routines and cross-device
 * copies switch for the length of one operation and switch back. */
int accrt_dev_switch(int n);
int accrt_num_devs(void); /* accrt_be_num_devices(), at most ACCRT_MAXDEV */

/* present.c: the present table. Entries are disjoint host ranges, kept in
 * an array sorted by address: lookups are binary searches. */
typedef struct accrt_entry {
    char *host;
    size_t bytes;
    char *dev;
    long sref; /* structured reference count (§2.6.7) */
    long dref; /* dynamic reference count (§2.6.7) */
    const char *name;
    int mapped_by_user; /* made by acc_map_data: the device memory is the user's */
    void *pinned;       /* the range accrt_be_pin page-locked for it (ACCRT_PIN), or NULL */
} accrt_entry;

/* The result of a range lookup: state, and the entry holding the range
 * (ACCRT_PRESENT_ALL) or one it overlaps (ACCRT_PARTIAL). */
enum { ACCRT_ABSENT, ACCRT_PRESENT_ALL, ACCRT_PARTIAL };
typedef struct {
    accrt_entry *e;
    int state;
} accrt_found;

accrt_found accrt_table_find(const void *host, size_t bytes);
accrt_entry *accrt_table_insert(void *host, size_t bytes, void *dev, const char *name);
void accrt_table_remove(accrt_entry *e);
size_t accrt_table_len(void);
accrt_entry *accrt_table_at(size_t i);

/* data.c: the device address of host (absent: host on shared memory, else
 * NULL). */
void *accrt_lookup_locked(const void *host);
/* Removes an entry: its attachments, its device memory (none for
 * acc_map_data's, which is the program's), its table slot. */
void accrt_entry_delete(accrt_entry *e, int async, const accrt_site *s);

/* Attachment counters (§2.6.8), keyed by the host address of the pointer. */
long *accrt_attach_slot(void *const *ptr, int create);
void accrt_attach_drop(void *const *ptr);
/* The pointers with an attach record in [lo, hi), in address order: call
 * fn(ptr, count, arg) for each. */
void accrt_attach_each(const char *lo, const char *hi, void (*fn)(void **ptr, long count, void *arg), void *arg);
void accrt_attach_remove_range(const char *lo, const char *hi);

/* data.c: enters on the current device the file-scope declare data it
 * does not hold yet (at the first selection of each device). */
void accrt_declare_replay(void);

/* profile.c: per-site counters, NV_ACC_TIME summary, NV_ACC_NOTIFY trace. */
enum { ACCRT_H2D, ACCRT_D2H };
extern int accrt_profiling; /* NV_ACC_TIME, PGI_ACC_TIME or ACCC_TIME */
extern int accrt_notify;    /* NV_ACC_NOTIFY or ACCC_NOTIFY */
void accrt_profile_init(void);
void accrt_profile_transfer(const accrt_site *s, int dir, const char *name, size_t bytes, double secs);
void accrt_profile_launch(const accrt_site *s, double secs);
void accrt_profile_region(const accrt_site *s);
void accrt_notify_launch(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen);

/* trace.c: NV_ACC_NOTIFY's region (4), wait (8) and allocation (16)
 * lines, the NV_ACC_DEBUG trace (accrt_debug: 1, or 2 with the present
 * table's changes), NV_ACC_CUDA_STACKSIZE and HEAPSIZE (0: unset), and
 * the NVTX ranges of the GPU build. The hooks do nothing while
 * accrt_tracing is 0 (callers test it). accrt_trace_region: a region
 * starts or ends (accrt_enter, accrt_exit, enter/exit data, update);
 * accrt_trace_launch: a kernel launch begins or was checked (a compute
 * construct without a region entry gets its NVTX range there);
 * accrt_trace_xfer before a transfer, accrt_trace_xfer_end after it;
 * accrt_trace_wait: the host waits for queue async (ACCRT_WAIT_EVERY:
 * all queues); accrt_trace_table: a present table entry was inserted or
 * is about to be removed. */
extern int accrt_tracing;
extern int accrt_debug;
extern size_t accrt_cuda_stack_size, accrt_cuda_heap_size;
void accrt_trace_init(void); /* after accrt_profile_init (NV_ACC_NOTIFY) */
int accrt_thread_num(void);  /* NVHPC's threadid: 1, 2, ... in order of first use */
void accrt_trace_region(int enter, const accrt_site *s, int async);
void accrt_trace_launch(int begin, const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers,
                        unsigned vlen, int async);
void accrt_trace_lookup(const char *name, const void *host, size_t bytes, const accrt_entry *e, int state);
void accrt_trace_alloc(int alloc, const char *name, const void *host, const void *dev, size_t bytes,
                       const accrt_site *s);
void accrt_trace_xfer(int dir, const char *name, const void *host, const void *dev, size_t bytes, int async,
                      const accrt_site *s);
void accrt_trace_xfer_end(const accrt_site *s);
void accrt_trace_wait(int async, const accrt_site *s);
void accrt_trace_table(int insert, const accrt_entry *e);
#if defined(ACCRT_BACKEND_CUDA)
/* tools.cu: NVTX ranges (nothing where the build found no nvtx3
 * headers: accrt_nvtx_enabled() is 0), and the device limits of
 * accrt_cuda_stack_size and accrt_cuda_heap_size on the current device,
 * at its first use. */
int accrt_nvtx_enabled(void);
void accrt_nvtx_push(const char *name);
void accrt_nvtx_pop(void);
void accrt_cuda_limits(int dev, const accrt_site *s);
#endif

/* The backend. async is a queue number, ACCRT_ASYNC_NOVAL or ACCRT_SYNC.
 * Device memory may be handed out and released in queue order. */
extern const int accrt_be_shared_memory; /* 1: the device address is the host address */
#if !defined(ACCRT_BACKEND_CUDA)
/* host.c: the device memory the runtime holds on each device (emulate: all of it) */
extern size_t accrt_be_device_bytes[ACCRT_MAXDEV];
#endif
void accrt_be_init(void);
void *accrt_be_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s);
void accrt_be_free(void *dev, size_t bytes, int async, const accrt_site *s);
void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s);
void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s);
/* ACCRT_PIN: page-lock [host, host+bytes) while it is present, so that
 * transfers of it are DMA from and to the program's memory. accrt_be_pin
 * returns the range it locked (accrt_be_unpin undoes it when the entry
 * goes, after every device's work is done), or NULL where it cannot or
 * need not (a range too small, already page-locked, a CPU backend). */
void *accrt_be_pin(void *host, size_t bytes, const accrt_site *s);
void accrt_be_unpin(void *range, const accrt_site *s);


/* check.c (emulate only): the checks of ACCC_CHECK, and the guard bytes
 * of every device copy. accrt_checks holds the ACCRT_CHECK_* bits. The
 * runtime marks its own work (accrt_lock to accrt_unlock, transfers), so
 * that only the program's accesses to watched pages are checked, and
 * re-arms the watched pages when it returns to the program. */
enum {
    ACCRT_CHECK_BOUNDS = 1u << 0,
    ACCRT_CHECK_STALE = 1u << 1,
    ACCRT_CHECK_ASYNC = 1u << 2,
    ACCRT_CHECK_UNDEF = 1u << 3,
    /* gangs: every construct without num_gangs runs in several gangs
     * where its code has a gang-redundant mode (emulate_exec.c), so that
     * a program that expects such code to run once shows it. */
    ACCRT_CHECK_GANGS = 1u << 4,
    /* race: two iterations of a partitioned loop that touch the same
     * element of a device copy, one writing it (race.c). */
    ACCRT_CHECK_RACE = 1u << 5,
    /* all: what never reports a correct program. stale reports reads of
     * a copy the other side changed, which the OpenACC data model allows
     * and compiler test suites do on purpose (V&V's hasDevice idiom); in
     * an application it is almost always a missing update; gangs changes
     * the result of programs that count on the implementation's number of
     * gangs (V&V's routine tests call a seq routine that accumulates from
     * a parallel construct without loops). */
    ACCRT_CHECK_ALL = ACCRT_CHECK_BOUNDS | ACCRT_CHECK_ASYNC | ACCRT_CHECK_UNDEF
};
#if defined(ACCRT_BACKEND_EMULATE)
extern unsigned accrt_checks;
/* Set while an autocompare host version runs (compare.c): the checks
 * do not report its host accesses. */
extern int accrt_cmp_running;
void accrt_check_init(void);
void accrt_check_enter_runtime(void);
void accrt_check_leave_runtime(void);
void *accrt_check_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s);
void accrt_check_next(const char *name, size_t elem); /* what the next accrt_check_alloc is for */
int accrt_check_copy_of(const void *p, char **dev, size_t *bytes, size_t *elem, const char **name, void ***race);
void accrt_check_count(void);
void accrt_race_free(void *shadow); /* race.c */
void accrt_check_release(void *dev, size_t bytes, const char *name, const accrt_site *s);
void accrt_check_free(void *dev, int async);
void accrt_check_copy(void *dev, void *host, size_t bytes, int dir, int async, const accrt_site *s);
void accrt_check_waited(int q); /* ACCRT_SYNC - 1: every queue */
void accrt_check_launch_begin(const accrt_site *s, int async);
void accrt_check_sync(void); /* synchronous work: every queue is done */
void accrt_check_launch_end(const accrt_site *s);
void accrt_check_deviceptr(const void *p, const char *name, const accrt_site *s);
/* heap.c: whether x is in a live heap block of the program's, known
 * where ACCC_CHECK asks for bounds: its start, the size the program asked
 * for, and the return address of the allocating call. */
int accrt_heap_block(const void *x, const char **start, size_t *size, const void **caller);
#endif
/* The memory modes (-gpu=mem:, memory.c, docs/memory.md). memory.c,
 * linked only in a program built with a mode, serves the program's heap
 * from the backend's chunks; accrt_heap_shared says whether the device
 * reaches [p, p + bytes) at the host's address, so that data clauses move
 * nothing (data.c; a weak definition there answers 0 for separate memory).
 * accrt_in_runtime is set while a thread holds the runtime lock: the
 * runtime's own allocations go to the next allocator. */
enum { ACCRT_MEM_MANAGED = 1, ACCRT_MEM_UNIFIED = 2, ACCRT_MEM_PINNED = 3 };
int accrt_heap_shared(const void *p, size_t bytes);
/* Whether every synchronous compute construct must be complete when it
 * returns, because the host reads device results without the runtime
 * (managed and unified memory; core.c, memory.c). */
int accrt_heap_sync(void);
extern __thread int accrt_in_runtime;
#if defined(ACCRT_BACKEND_CUDA)
/* heap_cuda.cu: a chunk of managed (pinned: page-locked host) memory, NULL
 * if there is none; whether the device accesses pageable host memory. */
void *accrt_be_heap_chunk(size_t bytes, int pinned);
void accrt_be_heap_chunk_free(void *p, int pinned);
const char *accrt_be_heap_error(void); /* why accrt_be_heap_chunk last failed */
int accrt_be_pageable_access(void);
#endif

/* api.c: whether p lies in a block of acc_malloc (under the runtime lock). */
int accrt_acc_malloc_owns(const void *p);

/* ------------------------------------------------------------------------
 * api backend: the public OpenACC API (openacc.h, api.c) and profiling
 * interface (acc_prof.h, profile.c), and what each backend provides for
 * them (api_host.c for emulate and shared, api_cuda.cu for cuda).
 * ------------------------------------------------------------------------ */

/* core.c: accrt_fatal with an acc_error_t code (acc_prof.h) for the error
 * callback; accrt_fatal itself classifies its message. */
void accrt_fatal_code(int code, const accrt_site *s, const char *fmt, ...) ACCRT_NORETURN ACCRT_PRINTF(3, 4);

/* api.c. accrt_default_async: the queue acc_async_noval means
 * (acc_set_default_async; ACCRT_ASYNC_NOVAL: its own queue). */
extern int accrt_default_async;
void accrt_api_init(void); /* ACC_DEVICE_TYPE, at runtime initialisation */
/* The device type (acc-current-device-type-var, §2.3) on a build whose
 * device is not the host (gpu, emulate): accrt_api_initial_host says
 * whether the program starts on the host (ACC_DEVICE_TYPE=host), and
 * accrt_host_current whether the host is the calling thread's current
 * device type (acc_set_device_type(acc_device_host) and the like). The
 * host device has no data environment of its own: all host memory is
 * present on it, at its own address, and nothing is copied. Always 0 on
 * -acc=host and multicore, whose device is the host. */
int accrt_api_initial_host(void);
int accrt_host_current(void);

/* Defined (weak) by each host file of a -acc=gpu,multicore build
 * (codegen/host/fallback.go): the program starts on the host, whose
 * compute constructs run their multicore versions, when there is no GPU. */
extern const int accrt_multicore_fallback __attribute__((weak));
/* The launches and reduction cells of its multicore versions (fallback.c). */
void accrt_mc_launch_begin(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen,
                           int async);
void accrt_mc_check_launch(const accrt_site *s);
void *accrt_mc_red_begin(const void *init, size_t bytes, int async, const accrt_site *s);
void accrt_mc_red_end(void *host, size_t bytes, int async, const accrt_site *s);
/* A line "Key: N kB" of /proc/meminfo, in bytes; 0 if unknown. */
size_t accrt_meminfo(const char *key);
/* ACC_DEVICE_TYPE's acc_device_t: 0 if unset or empty, -1 if unknown. */
int accrt_env_device_type(void);
/* FATAL ERROR unless async is a queue number >= 0, ACCRT_ASYNC_NOVAL or ACCRT_SYNC. */
void accrt_check_async(int async, const accrt_site *s);
/* The openacc.h routine whose call s is the site of (the caller's file,
 * line and function, each possibly unknown), or NULL for other sites
 * (directives). */
const char *accrt_api_routine(const accrt_site *s);

/* profile.c: the OpenACC profiling interface (acc_prof.h, spec chapter 5).
 * accrt_prof_active counts registered callbacks: everything below returns
 * at once while it is 0. Events are acc_event_t values. */
extern int accrt_prof_active;
void accrt_prof_load(void); /* ACC_PROFLIB and a linked-in acc_register_library */
void accrt_prof_other(int event, const accrt_site *s, int async, int api);
void accrt_prof_data(int event, const accrt_site *s, int async, const char *name, const void *host,
                     const void *dev, size_t bytes, int api);
void accrt_prof_error(int code, const char *msg, const accrt_site *s);
/* Backends note the addresses and queue of the transfer being made, for
 * the data events accrt_profile_transfer dispatches, and report kernel
 * launches (accrt_launch_begin, accrt_check_launch). */
void accrt_prof_note_xfer(const void *host, const void *dev, int async);
void accrt_prof_launch_start(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers,
                             unsigned vlen, int async);
void accrt_prof_launch_end(const accrt_site *s);

/* The backend's part. Device types and properties use the values of
 * openacc.h (acc_device_t, acc_device_property_t). */
int accrt_be_device_type(void);      /* the type of this build's device */
int accrt_be_num_devices(void);      /* devices of that type */
/* acc_set_device_num's part: device n (0 <= n < accrt_num_devs()) became
 * the thread's current device (CUDA: cudaSetDevice on this thread). */
void accrt_be_set_device_num(int n, const accrt_site *s);
/* accrt_dev_switch's part: the thread's current device changed to n
 * (CUDA: cudaSetDevice if the thread has used a device before). */
void accrt_be_switched(int n);
/* Copies between devices (acc_memcpy_d2d): dst on device ndst, src on
 * device nsrc, ordered on queue async of the current device. */
void accrt_be_d2d_peer(void *dst, int ndst, const void *src, int nsrc, size_t bytes, int async,
                       const accrt_site *s);
size_t accrt_be_property(int dev, int prop);
const char *accrt_be_property_string(int dev, int prop);
int accrt_be_in_kernel(void);        /* 1 while this thread runs a compute region's kernel */
void *accrt_be_malloc(size_t bytes, const accrt_site *s); /* raw device memory (acc_malloc) */
void accrt_be_mfree(void *dev, size_t bytes, const accrt_site *s);
void accrt_be_d2d(void *dst, const void *src, size_t bytes, int async, const accrt_site *s);
int accrt_be_async_test_all(const accrt_site *s); /* 1 if no queue has pending work */
/* Queue `on` of the current device waits for queue q (ACCRT_WAIT_EVERY:
 * every queue) of device n, without blocking the host. */
void accrt_be_wait_peer(int n, int q, int on, const accrt_site *s);
void accrt_be_wait_all_async(int on, const accrt_site *s); /* queue on waits for all others */
void accrt_be_shutdown(const accrt_site *s); /* after the present table was emptied */
void *accrt_be_cuda_stream(int async, int create); /* the queue's CUDA stream, or NULL */
void *accrt_be_cuda_device(void);
void *accrt_be_cuda_context(void);
int accrt_be_set_cuda_stream(int async, void *stream, const accrt_site *s);

#if defined(ACCRT_BACKEND_CUDA)
/* cuda.cu's queues for api_cuda.cu: queue indices 0 .. accrt_cuda_nqueues()-1
 * of the current device, their streams (NULL before first use), the queue
 * index of an async argument; making a device current on this thread. */
int accrt_cuda_nqueues(void);
void *accrt_cuda_queue_stream(int i);
int accrt_cuda_qindex(int async);
void accrt_cuda_replace_stream(int async, void *stream, const accrt_site *s);
void accrt_cuda_set_device(int n, const accrt_site *s);
void accrt_cuda_switched(int n);
/* copy.c: memcpy split over accrt_copy_threads() host threads (the
 * caller's included) when n is large, for staged transfers. */
void accrt_copy_par(void *dst, const void *src, size_t n);
int accrt_copy_threads(void);
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACCRT_IMPL_H */
