/* core.c: initialisation, the runtime lock, fatal errors, clocks. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

int accrt_sync_always;

static void at_exit(void) {
    accrt_wait_all(NULL); /* report failures of kernels still running */
    if (accrt_env_flag("ACCC_PRESENT_DUMP"))
        accrt_present_dump();
}

/* A synchronous construct (§2.16.1: without async the host waits for its
 * completion) needs no device synchronisation of its own: everything that
 * lets the host see device results (copies to the host, update self,
 * reduction results, device pointers, waits) synchronises first, so the
 * waits that nothing could observe are left out. ACCC_SYNC=1 waits at the
 * end of every construct, which ties a failing kernel to its construct. */
void accrt_construct_done(int async, const accrt_site *s) {
    if (async == ACCRT_SYNC && accrt_sync_always)
        accrt_wait(ACCRT_SYNC, s);
}

static void init(void) {
    accrt_sync_always = accrt_env_flag("ACCC_SYNC");
    accrt_profile_init();
    accrt_be_init();
    atexit(at_exit);
}

void accrt_init(void) { pthread_once(&init_once, init); }

void accrt_lock(void) {
    accrt_init();
    pthread_mutex_lock(&mu);
}

void accrt_unlock(void) { pthread_mutex_unlock(&mu); }

void accrt_fatal(const accrt_site *s, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    fputs("FATAL ERROR: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (s)
        fprintf(stderr, " file:%s function:%s line:%d", s->file ? s->file : "?", s->func ? s->func : "?",
                s->line);
    fputc('\n', stderr);
    exit(1);
}

double accrt_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int accrt_env_flag(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

const char *accrt_backend(void) {
#if defined(ACCRT_BACKEND_CUDA)
    return "cuda";
#elif defined(ACCRT_BACKEND_EMULATE)
    return "emulate";
#else
    return "shared";
#endif
}
