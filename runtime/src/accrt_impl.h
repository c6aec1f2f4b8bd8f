/*
 * accrt_impl.h: what the runtime's sources share. The portable part
 * (core.c, present.c, data.c, profile.c) calls the backend through the
 * accrt_be_* functions, implemented by host.c (emulate, shared) or cuda.cu.
 */
#ifndef ACCRT_IMPL_H
#define ACCRT_IMPL_H

#include "accrt.h"

#include <stddef.h>

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

/* core.c: lazy initialisation, the runtime lock, errors. */
void accrt_init(void);
void accrt_lock(void);
void accrt_unlock(void);
/* Prints "FATAL ERROR: <msg> file:F function:G line:L" and exits(1). */
void accrt_fatal(const accrt_site *s, const char *fmt, ...) ACCRT_NORETURN ACCRT_PRINTF(2, 3);
double accrt_seconds(void); /* monotonic clock */
int accrt_env_flag(const char *name); /* env var set to a non-empty value other than "0" */
/* The end of a construct on queue async: waits only with ACCC_SYNC=1. */
void accrt_construct_done(int async, const accrt_site *s);

/* present.c: the present table. Entries are disjoint host ranges, kept in
 * an array sorted by address: lookups are binary searches. */
typedef struct accrt_entry {
    char *host;
    size_t bytes;
    char *dev;
    long sref; /* structured reference count (§2.6.7) */
    long dref; /* dynamic reference count (§2.6.7) */
    const char *name;
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

/* Attachment counters (§2.6.8), keyed by the host address of the pointer. */
long *accrt_attach_slot(void *const *ptr, int create);
void accrt_attach_drop(void *const *ptr);
/* The pointers with an attach record in [lo, hi), in address order: call
 * fn(ptr, count, arg) for each. */
void accrt_attach_each(const char *lo, const char *hi, void (*fn)(void **ptr, long count, void *arg), void *arg);
void accrt_attach_remove_range(const char *lo, const char *hi);

/* profile.c: per-site counters, NV_ACC_TIME summary, NV_ACC_NOTIFY trace. */
enum { ACCRT_H2D, ACCRT_D2H };
extern int accrt_profiling; /* NV_ACC_TIME, PGI_ACC_TIME or ACCC_TIME */
extern int accrt_notify;    /* NV_ACC_NOTIFY or ACCC_NOTIFY */
void accrt_profile_init(void);
void accrt_profile_transfer(const accrt_site *s, int dir, const char *name, size_t bytes, double secs);
void accrt_profile_launch(const accrt_site *s, double secs);
void accrt_profile_region(const accrt_site *s);
void accrt_notify_launch(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen);

/* The backend. async is a queue number, ACCRT_ASYNC_NOVAL or ACCRT_SYNC.
 * Device memory may be handed out and released in queue order. */
extern const int accrt_be_shared_memory; /* 1: the device address is the host address */
void accrt_be_init(void);
void *accrt_be_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s);
void accrt_be_free(void *dev, size_t bytes, int async, const accrt_site *s);
void accrt_be_h2d(void *dev, const void *host, size_t bytes, int async, const accrt_site *s);
void accrt_be_d2h(void *host, const void *dev, size_t bytes, int async, const accrt_site *s);

#ifdef __cplusplus
}
#endif

#endif /* ACCRT_IMPL_H */
