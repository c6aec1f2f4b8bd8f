/* copy.c: memcpy over several host threads, for the CUDA backend's staged
 * transfers.
 *
 * A transfer between pageable host memory and the device goes through
 * page-locked memory: the CUDA driver stages it itself, copying on the
 * calling thread, or the runtime does (cuda.cu), in pieces whose DMA
 * overlaps the copy of the next. Either way the host's memcpy is the
 * slow part: on an H200 host one thread copies 6-7 GB/s, the DMA of
 * page-locked memory runs at 52 GB/s, and the driver's own staging moved
 * 128 MB in 15 ms (8.4 GB/s). Copying each piece with several threads at
 * once, the same 128 MB took 6 ms with four threads.
 *
 * accrt_copy_par splits a copy of at least COPY_MIN bytes over a pool of
 * worker threads (created at its first use, kept for the life of the
 * process) and the calling thread. ACCC_COPY_THREADS sets how many
 * threads copy, the caller included (1: plain memcpy); the default is
 * half the processors the process may run on, at most 8: beyond that
 * the host's memory bandwidth is spent (8 threads copied no faster than
 * 4). One copy uses the pool at a time; a caller that finds it busy (a
 * CUDA host function's readback while the program's thread stages a
 * copy) copies alone. */
#define _GNU_SOURCE
#include "accrt_impl.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { COPY_MAX_THREADS = 64, COPY_MIN = 1 << 20, COPY_ALIGN = 4096 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int nthreads = 1; /* the caller and nthreads - 1 workers */
static pid_t owner;      /* the process whose workers these are (not a forked child) */

/* The pool's one job: slice i of [src, src+n) is [i*per, (i+1)*per). */
static pthread_mutex_t busy = PTHREAD_MUTEX_INITIALIZER; /* held by the copy using the pool */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t start_cv = PTHREAD_COND_INITIALIZER, done_cv = PTHREAD_COND_INITIALIZER;
static char *job_dst;
static const char *job_src;
static size_t job_n, job_per;
static unsigned long job_gen;
static int job_left; /* workers still copying their slice */

static void copy_slice(int i) {
    size_t lo = (size_t)i * job_per, hi = lo + job_per;
    if (hi > job_n)
        hi = job_n;
    if (lo < hi)
        memcpy(job_dst + lo, job_src + lo, hi - lo);
}

static void *worker(void *arg) {
    int i = (int)(size_t)arg;
    unsigned long seen = 0;
    for (;;) {
        pthread_mutex_lock(&mu);
        while (job_gen == seen)
            pthread_cond_wait(&start_cv, &mu);
        seen = job_gen;
        pthread_mutex_unlock(&mu);
        copy_slice(i);
        pthread_mutex_lock(&mu);
        if (--job_left == 0)
            pthread_cond_signal(&done_cv);
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

/* The number of threads ACCC_COPY_THREADS or the machine asks for. */
static int wanted_threads(void) {
    const char *v = getenv("ACCC_COPY_THREADS");
    long n;
    if (v && *v) {
        char *end;
        n = strtol(v, &end, 10);
        if (*end != '\0' || n < 1)
            accrt_fatal(NULL, "ACCC_COPY_THREADS=%s: want a number of threads, at least 1", v);
    } else {
        cpu_set_t set;
        n = sysconf(_SC_NPROCESSORS_ONLN);
        if (sched_getaffinity(0, sizeof set, &set) == 0)
            n = CPU_COUNT(&set);
        n /= 2;
        if (n > 8)
            n = 8;
    }
    return n < 1 ? 1 : n > COPY_MAX_THREADS ? COPY_MAX_THREADS : (int)n;
}

static void start_pool(void) {
    pthread_attr_t attr;
    int want = wanted_threads(), i;
    owner = getpid();
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 << 10);
    for (i = 1; i < want; i++) {
        pthread_t t;
        if (pthread_create(&t, &attr, worker, (void *)(size_t)i) != 0)
            break; /* fewer threads: the copies still happen */
    }
    pthread_attr_destroy(&attr);
    nthreads = i;
}

int accrt_copy_threads(void) {
    pthread_once(&once, start_pool);
    return getpid() == owner ? nthreads : 1;
}

void accrt_copy_par(void *dst, const void *src, size_t n) {
    int t;
    if (n < COPY_MIN || (t = accrt_copy_threads()) < 2 || pthread_mutex_trylock(&busy) != 0) {
        memcpy(dst, src, n);
        return;
    }
    /* Slices of whole pages, so that no two threads write one line. */
    job_per = ((n + (size_t)t - 1) / (size_t)t + COPY_ALIGN - 1) & ~(size_t)(COPY_ALIGN - 1);
    pthread_mutex_lock(&mu);
    job_dst = (char *)dst, job_src = (const char *)src, job_n = n;
    job_left = t - 1;
    job_gen++;
    pthread_cond_broadcast(&start_cv);
    pthread_mutex_unlock(&mu);
    copy_slice(0);
    pthread_mutex_lock(&mu);
    while (job_left > 0)
        pthread_cond_wait(&done_cv, &mu);
    pthread_mutex_unlock(&mu);
    pthread_mutex_unlock(&busy);
}
