/* api.c: the public OpenACC runtime API of openacc.h (OpenACC 3.4 chapter
 * 3) on top of the runtime's internals, and the current device type (the
 * build's device, or the host, whose compute regions run their host
 * versions: see "Device types" below): data routines go through
 * accrt_enter_data/accrt_exit_data and the present table, so they share
 * reference counts, presence errors and profiling with the directives.
 * Each routine that can fail is accrt_<routine>_at, with the caller's
 * file, line and function (openacc.h's macros pass them); the routine's
 * standard name calls it with an unknown caller. Errors end with the
 * caller's position, or name the routine where it is unknown (core.c).
 * The backend's part (device counts, properties, raw device memory,
 * device-to-device copies, CUDA interoperability) is in api_host.c and
 * api_cuda.cu.
 *
 * Decisions where the specification leaves room or accc differs:
 *   - acc_copyout/acc_delete of absent data do nothing, as exit data
 *     copyout/delete (§2.7.9, §2.7.12: "if the dynamic reference counter
 *     is zero, no action is taken"); partly present data is an error.
 *   - acc_update_device/self of absent data is an error, as the update
 *     directive without if_present.
 *   - Presence is the present table's on every target, shared memory
 *     included: acc_is_present and acc_deviceptr answer the same on
 *     -acc=host as on -acc=gpu. The host device selected at run time
 *     on -acc=gpu and emulate has no present table: all host memory is
 *     present on it (as GCC's host fallback).
 *   - acc_map_data gives the data a dynamic reference count of 1; the
 *     user's device memory is never freed by the runtime, even when the
 *     count drops to zero through acc_delete (the mapping then ends, and
 *     acc_unmap_data of it is an error).
 *   - Several devices of the build's type (CUDA GPUs; ACCC_EMULATE_DEVICES
 *     emulated devices) each have their own present table and queues;
 *     each host thread has its own current device (accrt_dev). The
 *     _device routines act on the numbered device's queues, acc_memcpy_d2d
 *     copies between devices on the source device's queue.
 */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include "acc_prof.h"
#include "openacc.h"

#include <ctype.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* openacc.h and accrt.h must agree on acc_async_noval and acc_async_sync. */
typedef char accrt_async_values_agree[ACCRT_ASYNC_NOVAL == acc_async_noval && ACCRT_SYNC == acc_async_sync ? 1 : -1];

int accrt_default_async = ACCRT_ASYNC_NOVAL;

static const char *nm(const char *s) { return s ? s : "?"; }

/* ---- Call sites ----
 * A call of a routine runs with a site: the caller's file, line and
 * function (NULL, 0, NULL where unknown) and the routine's name. Sites are
 * interned, one object per call site and routine that lives as long as the
 * program, so that they serve like the static sites of directives: profile
 * counters are keyed by their address, callbacks may keep them. Lookups
 * take no lock (a bucket only grows at its head, published with a release
 * store); insertions take site_mu. */

typedef struct api_site {
    accrt_site site; /* first: routines pass &site on */
    const char *routine;
    struct api_site *next;
} api_site;

enum { NBUCKET = 4096 };
static api_site *buckets[NBUCKET];
static pthread_mutex_t site_mu = PTHREAD_MUTEX_INITIALIZER;

static size_t bucket(const char *file, int line, const char *func) {
    uintptr_t h = ((uintptr_t)file >> 3) ^ ((uintptr_t)func >> 3) * 31u ^ (uintptr_t)(unsigned)line * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (size_t)(h & (NBUCKET - 1));
}

static api_site *find_site(api_site *p, const char *routine, const char *file, int line, const char *func) {
    for (; p; p = p->next)
        if (p->site.line == line && p->site.file == file && p->site.func == func && p->routine == routine)
            return p;
    return NULL;
}

/* The site of a call of routine (a string literal) at file, line, func. */
static const accrt_site *at(const char *routine, const char *file, int line, const char *func) {
    size_t b;
    api_site *p;
    if (line < 0)
        line = 0;
    b = bucket(file, line, func);
    p = find_site(__atomic_load_n(&buckets[b], __ATOMIC_ACQUIRE), routine, file, line, func);
    if (p)
        return &p->site;
    pthread_mutex_lock(&site_mu);
    p = find_site(buckets[b], routine, file, line, func);
    if (!p) {
        p = malloc(sizeof *p);
        if (!p) {
            pthread_mutex_unlock(&site_mu);
            accrt_fatal(NULL, "%s: out of host memory", routine);
        }
        p->site.file = file;
        p->site.line = line;
        p->site.func = func;
        p->site.construct = routine;
        p->routine = routine;
        p->next = buckets[b];
        __atomic_store_n(&buckets[b], p, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&site_mu);
    return &p->site;
}

const char *accrt_api_routine(const accrt_site *s) {
    const api_site *p;
    if (!s)
        return NULL;
    for (p = __atomic_load_n(&buckets[bucket(s->file, s->line, s->func)], __ATOMIC_ACQUIRE); p; p = p->next)
        if (&p->site == s)
            return p->routine;
    return NULL;
}

/* The routine of a site of at(). */
static const char *routine_of(const accrt_site *s) { return ((const api_site *)(const void *)s)->routine; }

#define SITE_PARAMS const char *file, int line, const char *func
#define AT(name) const accrt_site *s = at(name, file, line, func)

static const char *type_name(int t) {
    switch (t) {
    case acc_device_none:
        return "none";
    case acc_device_default:
        return "default";
    case acc_device_host:
        return "host";
    case acc_device_not_host:
        return "not_host";
    case acc_device_nvidia:
        return "nvidia";
    case acc_device_current:
        return "current";
    }
    return "unknown";
}

/* Whether this is a -acc=gpu,multicore build (fallback.c): its host files
 * define accrt_multicore_fallback. */
static int multicore_fallback(void) { return &accrt_multicore_fallback != NULL; }

static const char *target_name(void) {
    switch (accrt_be_device_type()) {
    case acc_device_nvidia:
        return multicore_fallback() ? "-acc=gpu,multicore" : "-acc=gpu";
    case acc_device_not_host:
        return "-acc=emulate";
    }
    return "-acc=host or -acc=multicore";
}

/* What the build runs on, for messages. */
static const char *device_words(void) {
    switch (accrt_be_device_type()) {
    case acc_device_nvidia:
        return "NVIDIA GPUs (acc_device_nvidia)";
    case acc_device_not_host:
        return "its emulated device (acc_device_not_host)";
    }
    return "the host (acc_device_host)";
}

/* ---- Device types ----
 * A build whose device is not the host (-acc=gpu, -acc=emulate) has two
 * device types: its device, and the host, on which every compute region
 * runs its host version (the construct's statement as written, compiled
 * beside the device code): acc_set_device_type(acc_device_host),
 * acc_init(acc_device_host), acc_set_device_num(n, acc_device_host) or
 * ACC_DEVICE_TYPE=host select it, as on NVHPC's and GCC's unified
 * binaries. The emulated device stands in for a GPU: it answers to
 * acc_device_not_host and acc_device_nvidia, and is acc_device_not_host
 * when asked (acc_get_device_type), as the GPU is acc_device_nvidia.
 * -acc=host and multicore have one type, the host. The current type is
 * per host thread (§2.3): a thread starts with ACC_DEVICE_TYPE's type, or
 * the build's device. */

static __thread int thread_type; /* the thread's current type; 0: the initial one */

/* Whether the program starts on the host: ACC_DEVICE_TYPE=host (or
 * multicore) on a build with a device, and on a -acc=gpu,multicore build
 * without a GPU unless ACC_DEVICE_TYPE asks for one, as NVHPC's unified
 * binaries do. Read before the runtime starts too (queries such as
 * acc_get_num_devices do not start it). */
static int initial_host(void) {
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        int env = accrt_env_device_type();
        v = accrt_be_device_type() != acc_device_host &&
            (env == acc_device_host || (multicore_fallback() && (env == 0 || env == acc_device_default) &&
                                        accrt_be_num_devices() == 0));
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

static int current_type(void) {
    int be = accrt_be_device_type();
    if (be == acc_device_host)
        return be;
    if (thread_type)
        return thread_type;
    return initial_host() ? acc_device_host : be;
}

/* The type the build's device answers to as t, or the host; -1 if this
 * build has no device of type t. acc_device_default is the type the
 * program starts with, acc_device_current the thread's current one. */
static int resolve(int t) {
    int be = accrt_be_device_type();
    switch (t) {
    case acc_device_default:
        return initial_host() ? acc_device_host : be;
    case acc_device_current:
        return current_type();
    case acc_device_host:
        return acc_device_host;
    case acc_device_not_host:
        return be != acc_device_host ? be : -1;
    case acc_device_nvidia:
        return be != acc_device_host ? be : -1;
    }
    return -1;
}

int accrt_api_initial_host(void) { return initial_host(); }

int accrt_host_current(void) {
    if (accrt_be_device_type() == acc_device_host)
        return 0;
    accrt_init();
    return current_type() == acc_device_host;
}

int accrt_offload(void) { return !accrt_host_current(); }

void accrt_nohost(const accrt_site *s, const char *routine) {
    accrt_fatal(s,
                "the compute construct runs on the host (its if or self clause, or the host device type) and calls "
                "%s, a routine nohost, which has no host version (OpenACC 3.4 section 2.15.1)",
                routine);
}

/* Whether this build has devices of type t. */
static int type_ok(int t) { return resolve(t) >= 0; }

static void need_type(int t, const accrt_site *s) {
    if (!type_ok(t))
        accrt_fatal_code(acc_error_device_type_unavailable, s,
                         "device type acc_device_%s (%d) is not available: this program was built with %s and runs "
                         "on %s",
                         type_name(t), (int)t, target_name(), device_words());
}

/* Devices of type t (resolved): one host; the backend's devices. */
static int num_devices(int t) { return t == acc_device_host ? 1 : accrt_be_num_devices(); }

/* A device number of type t (resolved) must exist. */
static void need_device(int n, int t, const accrt_site *s) {
    int count = num_devices(t);
    if (n < 0 || n >= count)
        accrt_fatal_code(acc_error_device_unavailable, s, "device number %d is not available: there %s %d %s device%s",
                         n, count == 1 ? "is" : "are", count, type_name(t), count == 1 ? "" : "s");
}

/* Makes t (resolved) the thread's current device type; the device starts
 * when it is first selected. */
static void select_type(int t) {
    accrt_init();
    if (accrt_be_device_type() == acc_device_host)
        return;
    thread_type = t;
    if (t != acc_device_host) {
        accrt_device_init();
        accrt_declare_replay();
    }
}

/* Makes device n of the build's type the thread's current device
 * (§3.2.4), with the file-scope declare data. */
static void select_device(int n, const accrt_site *s) {
    accrt_tls_dev = n + 1;
    accrt_be_set_device_num(n, s);
    accrt_declare_replay();
}

void accrt_check_async(int async, const accrt_site *s) {
    if (async >= 0 || async == ACCRT_SYNC || async == ACCRT_ASYNC_NOVAL)
        return;
    accrt_fatal_code(acc_error_invalid_async, s,
                     "invalid async argument %d: a queue is a number >= 0, acc_async_noval (%d) or "
                     "acc_async_sync (%d)",
                     async, ACCRT_ASYNC_NOVAL, ACCRT_SYNC);
}

/* ACC_DEVICE_TYPE (spec chapter 4): its acc_device_t, 0 if unset or
 * empty, -1 if unknown. Also read by the CUDA backend before main. */
int accrt_env_device_type(void) {
    static const struct {
        const char *name;
        int type;
    } names[] = {{"host", acc_device_host},         {"multicore", acc_device_host}, {"nvidia", acc_device_nvidia},
                 {"tesla", acc_device_nvidia},      {"gpu", acc_device_nvidia},     {"not_host", acc_device_not_host},
                 {"default", acc_device_default}};
    const char *v = getenv("ACC_DEVICE_TYPE");
    char buf[32];
    size_t i, n = 0;
    if (!v)
        return 0;
    while (isspace((unsigned char)*v))
        v++;
    for (; *v && !isspace((unsigned char)*v) && n + 1 < sizeof buf; v++)
        buf[n++] = (char)tolower((unsigned char)*v);
    buf[n] = 0;
    if (n == 0)
        return 0;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(buf, names[i].name) == 0)
            return names[i].type;
    return -1;
}

/* ACC_DEVICE_TYPE and ACC_DEVICE_NUM (spec chapter 4), at
 * initialisation: ACC_DEVICE_NUM is every host thread's first current
 * device (accrt_initial_dev). */
void accrt_api_init(void) {
    const char *num = getenv("ACC_DEVICE_NUM");
    int t = accrt_env_device_type();
    if (accrt_be_device_type() != acc_device_nvidia)
        (void)accrt_num_devs(); /* checks ACCC_EMULATE_DEVICES */
    if (t < 0)
        accrt_fatal_code(acc_error_device_type_unavailable, NULL,
                         "ACC_DEVICE_TYPE=%s: unknown device type (host, multicore, nvidia, not_host, default)",
                         getenv("ACC_DEVICE_TYPE"));
    if (t > 0 && !type_ok(t))
        accrt_fatal_code(acc_error_device_type_unavailable, NULL,
                         "ACC_DEVICE_TYPE=%s: this program was built with %s and runs on %s",
                         getenv("ACC_DEVICE_TYPE"), target_name(), device_words());
    if (!num || !*num)
        return;
    if (accrt_be_device_type() != acc_device_nvidia || initial_host()) { /* cuda.cu checks its own */
        char *end;
        long n = strtol(num, &end, 10);
        int count = initial_host() ? 1 : accrt_num_devs();
        const char *type = type_name(initial_host() ? acc_device_host : accrt_be_device_type());
        if (*end || n < 0 || n >= count) {
            if (count == 1)
                accrt_fatal_code(acc_error_device_unavailable, NULL,
                                 "ACC_DEVICE_NUM=%s: there is 1 %s device (number 0)", num, type);
            accrt_fatal_code(acc_error_device_unavailable, NULL,
                             "ACC_DEVICE_NUM=%s: there are %d %s devices (numbers 0 to %d)", num, count, type,
                             count - 1);
        }
        accrt_initial_dev = initial_host() ? 0 : (int)n;
    } else {
        int n = atoi(num);
        accrt_initial_dev = n >= 0 && n < ACCRT_MAXDEV ? n : 0; /* accrt_be_init stops the program if wrong */
    }
}

/* ---- Device management (§3.2.1–3.2.8) ---- */

int acc_get_num_devices(acc_device_t t) {
    int r = resolve(t);
    return r < 0 ? 0 : num_devices(r);
}

/* §3.2.2: the thread's current device type. */
void accrt_acc_set_device_type_at(acc_device_t t, SITE_PARAMS) {
    AT("acc_set_device_type");
    need_type(t, s);
    accrt_init();
    select_type(resolve(t));
}

/* §3.2.3: the type of the current device: the build's device type (the
 * emulated device is acc_device_not_host) or acc_device_host. */
acc_device_t acc_get_device_type(void) { return (acc_device_t)current_type(); }

/* §3.2.4: device n of type t becomes the current device (and t the
 * current type); acc_device_none means the current type. */
void accrt_acc_set_device_num_at(int n, acc_device_t t, SITE_PARAMS) {
    AT("acc_set_device_num");
    int r;
    if (t != acc_device_none)
        need_type(t, s);
    accrt_init();
    r = resolve(t == acc_device_none ? acc_device_current : t);
    if (n < 0) { /* §3.2.4: the default device, ACC_DEVICE_NUM's or 0 */
        const char *num = getenv("ACC_DEVICE_NUM");
        n = num && *num && r != acc_device_host ? atoi(num) : 0;
    }
    need_device(n, r, s);
    select_type(r);
    if (r != acc_device_host)
        select_device(n, s);
}

/* §3.2.5: the calling thread's current device number. */
int acc_get_device_num(acc_device_t t) {
    int r = resolve(t);
    if (r < 0)
        return -1;
    if (r == acc_device_host && accrt_be_device_type() != acc_device_host)
        return 0;
    accrt_init(); /* accrt_initial_dev */
    return accrt_dev();
}

size_t accrt_meminfo(const char *key) {
    char line[256];
    size_t n = strlen(key), v = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && line[n] == ':') {
            v = (size_t)strtoull(line + n + 1, NULL, 10) * 1024;
            break;
        }
    fclose(f);
    return v;
}

/* The host device of a build with a device: host memory. */
static size_t host_property(int p) {
    switch (p) {
    case acc_property_memory:
        return accrt_meminfo("MemTotal");
    case acc_property_free_memory:
        return accrt_meminfo("MemAvailable");
    case acc_property_shared_memory_support:
        return 1;
    }
    return 0;
}

static const char *host_property_string(int p) {
    switch (p) {
    case acc_property_name:
        return "accc host device";
    case acc_property_vendor:
        return "accc";
    case acc_property_driver:
        return "accc host fallback (the compute regions' host versions)";
    }
    return NULL;
}

size_t acc_get_property(int n, acc_device_t t, acc_device_property_t p) {
    int r = resolve(t);
    if (r < 0 || n < 0 || n >= num_devices(r))
        return 0;
    if (r == acc_device_host && accrt_be_device_type() != acc_device_host)
        return host_property((int)p);
    return accrt_be_property(n, (int)p);
}

const char *acc_get_property_string(int n, acc_device_t t, acc_device_property_t p) {
    int r = resolve(t);
    if (r < 0 || n < 0 || n >= num_devices(r))
        return NULL;
    if (r == acc_device_host && accrt_be_device_type() != acc_device_host)
        return host_property_string((int)p);
    return accrt_be_property_string(n, (int)p);
}

/* §3.2.7: initialises devices of type t, which becomes the current type
 * (as on GCC, and as acc_set_device_type). */
void accrt_acc_init_at(acc_device_t t, SITE_PARAMS) {
    AT("acc_init");
    need_type(t, s);
    accrt_init();
    select_type(resolve(t));
}

void accrt_acc_init_device_at(int n, acc_device_t t, SITE_PARAMS) {
    AT("acc_init_device");
    int r;
    need_type(t, s);
    accrt_init();
    r = resolve(t);
    need_device(n, r, s);
    select_type(r);
    if (r != acc_device_host)
        select_device(n, s);
}

/* §3.2.8: wait for all queues, then free every device copy (without
 * copying anything back) and the attachments; acc_malloc memory stays.
 * The host device has nothing to release; a device never started has
 * nothing either. The current device type stays: the device starts again
 * on use. n < 0: every device of the type (acc_shutdown). */
static void shutdown(int t, int n, const accrt_site *s) {
    int d;
    if ((t == acc_device_host && accrt_be_device_type() != acc_device_host) || !accrt_device_started)
        return;
    accrt_prof_other(acc_ev_device_shutdown_start, s, ACCRT_SYNC, 1);
    for (d = n < 0 ? 0 : n; d < (n < 0 ? accrt_num_devs() : n + 1); d++) {
        int prev = accrt_dev_switch(d);
        accrt_wait_all(s);
        accrt_lock();
        while (accrt_table_len() > 0) {
            accrt_entry_delete(accrt_table_at(accrt_table_len() - 1), ACCRT_SYNC, s);
        }
        accrt_unlock();
        accrt_be_shutdown(s);
        accrt_dev_switch(prev);
    }
    accrt_prof_other(acc_ev_device_shutdown_end, s, ACCRT_SYNC, 1);
}

void accrt_acc_shutdown_at(acc_device_t t, SITE_PARAMS) {
    AT("acc_shutdown");
    need_type(t, s);
    accrt_init();
    shutdown(resolve(t), -1, s);
}

void accrt_acc_shutdown_device_at(int n, acc_device_t t, SITE_PARAMS) {
    AT("acc_shutdown_device");
    int r;
    need_type(t, s);
    accrt_init();
    r = resolve(t);
    need_device(n, r, s);
    shutdown(r, n, s);
}

/* ---- Queues (§3.2.9–3.2.14) ---- */

/* Whether device n of the current type has queues that may have work:
 * the host device runs everything synchronously. The _device routines
 * make device n the thread's current device for the length of the
 * operation (accrt_dev_switch). */
static int queues_on(int n) {
    (void)n;
    return !accrt_host_current();
}

int accrt_acc_async_test_at(int q, SITE_PARAMS) {
    AT("acc_async_test");
    accrt_check_async(q, s);
    accrt_init();
    return accrt_async_test(q) != 0;
}

int accrt_acc_async_test_device_at(int q, int n, SITE_PARAMS) {
    AT("acc_async_test_device");
    accrt_check_async(q, s);
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n)) {
        int prev = accrt_dev_switch(n), r = accrt_async_test(q) != 0;
        accrt_dev_switch(prev);
        return r;
    }
    return 1;
}

int accrt_acc_async_test_all_at(SITE_PARAMS) {
    AT("acc_async_test_all");
    accrt_init();
    return accrt_be_async_test_all(s) != 0;
}

int accrt_acc_async_test_all_device_at(int n, SITE_PARAMS) {
    AT("acc_async_test_all_device");
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n)) {
        int prev = accrt_dev_switch(n), r = accrt_be_async_test_all(s) != 0;
        accrt_dev_switch(prev);
        return r;
    }
    return 1;
}

static void wait_one(int q, const accrt_site *s) {
    accrt_check_async(q, s);
    accrt_init();
    accrt_prof_other(acc_ev_wait_start, s, q, 1);
    accrt_wait(q, s);
    accrt_prof_other(acc_ev_wait_end, s, q, 1);
}

void accrt_acc_wait_at(int q, SITE_PARAMS) {
    AT("acc_wait");
    wait_one(q, s);
}

void accrt_acc_async_wait_at(int q, SITE_PARAMS) {
    AT("acc_async_wait");
    wait_one(q, s);
}

void accrt_acc_wait_device_at(int q, int n, SITE_PARAMS) {
    AT("acc_wait_device");
    accrt_check_async(q, s);
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n)) {
        int prev = accrt_dev_switch(n);
        wait_one(q, s);
        accrt_dev_switch(prev);
    }
}

void accrt_acc_wait_async_at(int q, int on, SITE_PARAMS) {
    AT("acc_wait_async");
    accrt_check_async(q, s);
    accrt_check_async(on, s);
    accrt_init();
    accrt_wait_async(q, on, s);
}

void accrt_acc_wait_device_async_at(int q, int on, int n, SITE_PARAMS) {
    AT("acc_wait_device_async");
    accrt_check_async(q, s);
    accrt_check_async(on, s);
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n))
        accrt_be_wait_peer(n, q, on, s);
}

static void wait_all(const accrt_site *s) {
    accrt_init();
    accrt_prof_other(acc_ev_wait_start, s, ACCRT_SYNC, 1);
    accrt_wait_all(s);
    accrt_prof_other(acc_ev_wait_end, s, ACCRT_SYNC, 1);
}

void accrt_acc_wait_all_at(SITE_PARAMS) {
    AT("acc_wait_all");
    wait_all(s);
}

void accrt_acc_async_wait_all_at(SITE_PARAMS) {
    AT("acc_async_wait_all");
    wait_all(s);
}

void accrt_acc_wait_all_device_at(int n, SITE_PARAMS) {
    AT("acc_wait_all_device");
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n)) {
        int prev = accrt_dev_switch(n);
        wait_all(s);
        accrt_dev_switch(prev);
    }
}

void accrt_acc_wait_all_async_at(int on, SITE_PARAMS) {
    AT("acc_wait_all_async");
    accrt_check_async(on, s);
    accrt_init();
    if (!accrt_host_current())
        accrt_be_wait_all_async(on, s);
}

void accrt_acc_wait_all_device_async_at(int on, int n, SITE_PARAMS) {
    AT("acc_wait_all_device_async");
    accrt_check_async(on, s);
    accrt_init();
    need_device(n, current_type(), s);
    if (queues_on(n))
        accrt_be_wait_peer(n, ACCRT_WAIT_EVERY, on, s);
}

/* wait(devnum: n: ...) (§2.16.3): the queues of device n of the current
 * device type. */
void accrt_wait_device(int n, int q, const accrt_site *s) {
    accrt_init();
    if (q != ACCRT_WAIT_EVERY)
        accrt_check_async(q, s);
    need_device(n, current_type(), s);
    if (queues_on(n)) {
        int prev = accrt_dev_switch(n);
        if (q == ACCRT_WAIT_EVERY)
            accrt_wait_all(s);
        else
            accrt_wait(q, s);
        accrt_dev_switch(prev);
    }
}

void accrt_wait_device_async(int n, int q, int on, const accrt_site *s) {
    accrt_init();
    if (q != ACCRT_WAIT_EVERY)
        accrt_check_async(q, s);
    accrt_check_async(on, s);
    need_device(n, current_type(), s);
    if (queues_on(n))
        accrt_be_wait_peer(n, q, on, s);
}

/* §3.2.12: polls the queues, sleeping longer the longer it waits (at
 * most 0.2 ms), until one of them is idle. acc_async_sync entries are
 * ignored; with nothing to wait for the result is -1. */
static int wait_any(int count, int args[], const accrt_site *s) {
    int i, any = 0;
    long round;
    if (count <= 0 || !args)
        return -1;
    for (i = 0; i < count; i++) {
        accrt_check_async(args[i], s);
        any |= args[i] != ACCRT_SYNC;
    }
    if (!any)
        return -1;
    accrt_init();
    for (round = 0;; round++) {
        for (i = 0; i < count; i++)
            if (args[i] != ACCRT_SYNC && accrt_async_test(args[i]))
                return i;
        if (round < 64) {
            sched_yield();
        } else {
            struct timespec ts = {0, round < 1024 ? 20000 : 200000};
            nanosleep(&ts, NULL);
        }
    }
}

int accrt_acc_wait_any_at(int count, int args[], SITE_PARAMS) {
    AT("acc_wait_any");
    return wait_any(count, args, s);
}

int accrt_acc_wait_any_device_at(int count, int args[], int n, SITE_PARAMS) {
    AT("acc_wait_any_device");
    int i;
    accrt_init();
    need_device(n, current_type(), s);
    if (!queues_on(n)) { /* nothing queued there: the first waitable argument */
        for (i = 0; i < count && args; i++)
            if (args[i] != ACCRT_SYNC) {
                accrt_check_async(args[i], s);
                return i;
            }
        return -1;
    }
    {
        int prev = accrt_dev_switch(n);
        i = wait_any(count, args, s);
        accrt_dev_switch(prev);
    }
    return i;
}

int acc_get_default_async(void) { return accrt_default_async; }

void accrt_acc_set_default_async_at(int q, SITE_PARAMS) {
    AT("acc_set_default_async");
    if (q == acc_async_default) {
        accrt_default_async = ACCRT_ASYNC_NOVAL;
        return;
    }
    accrt_check_async(q, s);
    if (q != ACCRT_ASYNC_NOVAL)
        accrt_default_async = q;
}

/* §3.2.15 (and the host side of the inline acc_on_device of nvcc): in a
 * kernel of the emulated device, its types (acc_device_nvidia too: it
 * stands in for a GPU); elsewhere the host, which is the current device
 * while the host runs compute regions (their host versions). */
int accrt_on_device(acc_device_t t) {
    int be = accrt_be_device_type();
    if (be != acc_device_host && accrt_be_in_kernel())
        return t == acc_device_not_host || t == acc_device_current || t == acc_device_nvidia || (int)t == be;
    return t == acc_device_host || (t == acc_device_current && current_type() == acc_device_host);
}

int acc_on_device(acc_device_t t) { return accrt_on_device(t); }

/* ---- Raw device memory (§3.2.16–3.2.17) ----
 * acc_malloc's blocks, sorted by address, so that acc_free can tell its
 * own pointers from others. Guarded by the runtime lock. */

typedef struct {
    char *p;
    size_t bytes;
    int host; /* host memory: acc_malloc while the host was the current device */
    int dev;  /* else the device whose memory it is */
} block;

static block *blocks;
static size_t nblocks, capblocks;

/* The index of the first block starting after p. */
static size_t block_upper(const char *p) {
    size_t lo = 0, hi = nblocks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (blocks[mid].p <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int accrt_acc_malloc_owns(const void *p) {
    size_t i = block_upper(p);
    return i > 0 && (const char *)p < blocks[i - 1].p + blocks[i - 1].bytes;
}

void *accrt_acc_malloc_at(size_t bytes, SITE_PARAMS) {
    AT("acc_malloc");
    void *p;
    size_t i;
    int host;
    if (bytes == 0)
        return NULL;
    accrt_init();
    host = accrt_host_current();
    if (host) {
        p = malloc(bytes);
        if (!p)
            accrt_fatal_code(acc_error_out_of_memory, s, "out of memory allocating %zu bytes of host memory", bytes);
    } else {
        p = accrt_be_malloc(bytes, s);
        if (accrt_tracing)
            accrt_trace_alloc(1, "acc_malloc", NULL, p, bytes, s);
    }
    accrt_lock();
    if (nblocks == capblocks) {
        size_t c = capblocks ? 2 * capblocks : 16;
        block *b = realloc(blocks, c * sizeof *b);
        if (!b)
            accrt_fatal_code(acc_error_out_of_memory, s, "out of host memory");
        blocks = b;
        capblocks = c;
    }
    i = block_upper(p);
    memmove(blocks + i + 1, blocks + i, (nblocks - i) * sizeof *blocks);
    blocks[i].p = p;
    blocks[i].bytes = bytes;
    blocks[i].host = host;
    blocks[i].dev = accrt_dev();
    nblocks++;
    accrt_unlock();
    accrt_prof_data(acc_ev_alloc, s, ACCRT_SYNC, NULL, NULL, p, bytes, 1); /* §5.1.2 */
    return p;
}

void accrt_acc_free_at(void *p, SITE_PARAMS) {
    AT("acc_free");
    size_t i;
    block b;
    if (!p)
        return;
    accrt_lock();
    i = block_upper(p);
    if (i == 0 || blocks[i - 1].p != p) {
        accrt_found f = accrt_table_find(p, 0);
        if (i > 0 && (char *)p < blocks[i - 1].p + blocks[i - 1].bytes)
            accrt_fatal_code(acc_error_invalid_argument, s,
                             "acc_free of %p, inside the block at %p (%zu bytes) that acc_malloc returned: "
                             "free the start of the block",
                             p, (void *)blocks[i - 1].p, blocks[i - 1].bytes);
        if (f.state == ACCRT_PRESENT_ALL)
            accrt_fatal_code(acc_error_invalid_argument, s,
                             "acc_free of %p, a host address of present data name=%s host:%p-%p: acc_free only "
                             "frees what acc_malloc returned",
                             p, nm(f.e->name), (void *)f.e->host, (void *)(f.e->host + f.e->bytes));
        accrt_fatal_code(acc_error_invalid_argument, s,
                         "acc_free of %p, which acc_malloc did not return (a host pointer, or freed already)", p);
    }
    b = blocks[i - 1];
    memmove(blocks + i - 1, blocks + i, (nblocks - i) * sizeof *blocks);
    nblocks--;
    accrt_unlock();
    accrt_prof_data(acc_ev_free, s, ACCRT_SYNC, NULL, NULL, p, b.bytes, 1); /* §5.1.2 */
    if (b.host) {
        free(p);
    } else {
        int prev = accrt_dev_switch(b.dev); /* freed on its own device */
        if (accrt_tracing)
            accrt_trace_alloc(0, "acc_malloc", NULL, p, b.bytes, s);
        accrt_be_mfree(p, b.bytes, s);
        accrt_dev_switch(prev);
    }
}

/* ---- Data (§3.2.18–3.2.20) ---- */

static accrt_map one(int kind, unsigned flags, const char *name, void *host, size_t bytes) {
    accrt_map m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.flags = flags;
    m.name = name;
    m.host = host;
    m.bytes = bytes;
    return m;
}

static void *enter(int kind, void *h, size_t bytes, int async, const accrt_site *s) {
    accrt_map m = one(kind, 0, routine_of(s), h, bytes);
    if (!h || bytes == 0)
        return NULL;
    accrt_check_async(async, s);
    accrt_init();
    if (accrt_host_current()) /* the host device: all host memory is present */
        return h;
    accrt_prof_data(acc_ev_enter_data_start, s, async, NULL, h, NULL, bytes, 1);
    accrt_enter_data(&m, 1, async, s);
    accrt_prof_data(acc_ev_enter_data_end, s, async, NULL, h, m.dev, bytes, 1);
    return m.dev;
}

static void leave(int kind, unsigned flags, void *h, size_t bytes, int async, const accrt_site *s) {
    accrt_map m = one(kind, flags, routine_of(s), h, bytes);
    if (!h || bytes == 0)
        return;
    accrt_check_async(async, s);
    accrt_init();
    if (accrt_host_current())
        return;
    accrt_prof_data(acc_ev_exit_data_start, s, async, NULL, h, NULL, bytes, 1);
    accrt_exit_data(&m, 1, async, s);
    accrt_prof_data(acc_ev_exit_data_end, s, async, NULL, h, NULL, bytes, 1);
}

void *accrt_acc_copyin_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_copyin");
    return enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_copyin_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_copyin_async");
    enter(ACCRT_COPYIN, h, bytes, async, s);
}

void *accrt_acc_present_or_copyin_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_present_or_copyin");
    return enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, s);
}

void *accrt_acc_pcopyin_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_pcopyin");
    return enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, s);
}

void *accrt_acc_create_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_create");
    return enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_create_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_create_async");
    enter(ACCRT_CREATE, h, bytes, async, s);
}

void *accrt_acc_present_or_create_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_present_or_create");
    return enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, s);
}

void *accrt_acc_pcreate_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_pcreate");
    return enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_copyout_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_copyout");
    leave(ACCRT_COPYOUT, 0, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_copyout_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_copyout_async");
    leave(ACCRT_COPYOUT, 0, h, bytes, async, s);
}

void accrt_acc_copyout_finalize_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_copyout_finalize");
    leave(ACCRT_COPYOUT, ACCRT_FINALIZE, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_copyout_finalize_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_copyout_finalize_async");
    leave(ACCRT_COPYOUT, ACCRT_FINALIZE, h, bytes, async, s);
}

void accrt_acc_delete_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_delete");
    leave(ACCRT_DELETE, 0, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_delete_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_delete_async");
    leave(ACCRT_DELETE, 0, h, bytes, async, s);
}

void accrt_acc_delete_finalize_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_delete_finalize");
    leave(ACCRT_DELETE, ACCRT_FINALIZE, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_delete_finalize_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_delete_finalize_async");
    leave(ACCRT_DELETE, ACCRT_FINALIZE, h, bytes, async, s);
}

static void update(int self, void *h, size_t bytes, int async, const accrt_site *s) {
    if (!h || bytes == 0)
        return;
    accrt_check_async(async, s);
    accrt_init();
    if (accrt_host_current())
        return;
    accrt_prof_data(acc_ev_update_start, s, async, NULL, h, NULL, bytes, 1);
    if (self)
        accrt_update_self(h, bytes, routine_of(s), async, 0, s);
    else
        accrt_update_device(h, bytes, routine_of(s), async, 0, s);
    accrt_prof_data(acc_ev_update_end, s, async, NULL, h, NULL, bytes, 1);
}

void accrt_acc_update_device_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_update_device");
    update(0, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_update_device_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_update_device_async");
    update(0, h, bytes, async, s);
}

void accrt_acc_update_self_at(void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_update_self");
    update(1, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_update_self_async_at(void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_update_self_async");
    update(1, h, bytes, async, s);
}

/* ---- acc_map_data, acc_unmap_data (§3.2.21–3.2.22) ----
 * Entries of acc_map_data are marked mapped_by_user: deleting them never
 * frees the program's device memory. Guarded by the runtime lock. */

void accrt_acc_map_data_at(void *h, void *d, size_t bytes, SITE_PARAMS) {
    AT("acc_map_data");
    accrt_found f;
    accrt_entry *e;
    if (!h || !d)
        accrt_fatal_code(acc_error_invalid_null_pointer, s, "acc_map_data of a null pointer: host:%p device:%p", h,
                         d);
    if (bytes == 0 || accrt_host_current()) /* the host device: host memory is its own */
        return;
    accrt_lock();
    f = accrt_table_find(h, bytes);
    if (f.state != ACCRT_ABSENT)
        accrt_fatal_code(f.state == ACCRT_PRESENT_ALL ? acc_error_present : acc_error_partly_present, s,
                         "acc_map_data of host:%p-%p (%zu bytes), which overlaps data already present: name=%s "
                         "host:%p-%p (%zu bytes)",
                         h, (void *)((char *)h + bytes), bytes, nm(f.e->name), (void *)f.e->host,
                         (void *)(f.e->host + f.e->bytes), f.e->bytes);
    e = accrt_table_insert(h, bytes, d, "acc_map_data");
    e->dref = 1;
    e->mapped_by_user = 1;
    accrt_unlock();
}

void accrt_acc_unmap_data_at(void *h, SITE_PARAMS) {
    AT("acc_unmap_data");
    accrt_found f;
    if (!h || accrt_host_current())
        return;
    accrt_lock();
    f = accrt_table_find(h, 0);
    if (f.state != ACCRT_PRESENT_ALL)
        accrt_fatal_code(acc_error_not_present, s, "acc_unmap_data of host:%p, which is not present", h);
    if (!f.e->mapped_by_user || f.e->host != (char *)h)
        accrt_fatal_code(acc_error_invalid_argument, s,
                         "acc_unmap_data of host:%p, which acc_map_data did not map: present data name=%s "
                         "host:%p-%p (%zu bytes)",
                         h, nm(f.e->name), (void *)f.e->host, (void *)(f.e->host + f.e->bytes), f.e->bytes);
    if (f.e->sref > 0)
        accrt_fatal_code(acc_error_invalid_argument, s,
                         "acc_unmap_data of host:%p, which a data region still uses (structured reference count %ld)",
                         h, f.e->sref);
    accrt_entry_delete(f.e, ACCRT_SYNC, s);
    accrt_unlock();
}

/* ---- Addresses and presence (§3.2.23–3.2.25) ---- */

void *accrt_acc_deviceptr_at(void *h, SITE_PARAMS) {
    AT("acc_deviceptr");
    accrt_found f;
    void *d = NULL;
    if (!h || accrt_host_current())
        return h;
    accrt_lock();
    f = accrt_table_find(h, 0);
    if (f.state == ACCRT_PRESENT_ALL)
        d = f.e->dev + ((char *)h - f.e->host);
    else if (accrt_heap_shared(h, 1)) /* managed memory (-gpu=mem:managed) */
        d = h;
    accrt_unlock();
    if (d) /* as accrt_deviceptr: the caller may hand d to other CUDA work */
        accrt_wait(ACCRT_SYNC, s);
    return d;
}

void *acc_hostptr(void *d) {
    size_t i, n;
    void *h = NULL;
    if (!d || accrt_host_current())
        return d;
    accrt_lock();
    n = accrt_table_len();
    for (i = 0; i < n; i++) {
        accrt_entry *e = accrt_table_at(i);
        if ((char *)d >= e->dev && (char *)d < e->dev + e->bytes) {
            h = e->host + ((char *)d - e->dev);
            break;
        }
    }
    accrt_unlock();
    /* Outside memory acc_map_data gave it, a shared-memory device's
     * addresses are the host's, as in accrt_lookup_locked (§3.2.24). */
    if (!h && accrt_be_shared_memory)
        h = d;
    return h;
}

int acc_is_present(void *h, size_t bytes) {
    accrt_found f;
    if (!h)
        return bytes == 0;
    if (accrt_host_current())
        return 1;
    accrt_lock();
    f = accrt_table_find(h, bytes ? bytes : 1);
    if (f.state == ACCRT_ABSENT && accrt_heap_shared(h, bytes ? bytes : 1)) /* managed memory */
        f.state = ACCRT_PRESENT_ALL;
    accrt_unlock();
    return f.state == ACCRT_PRESENT_ALL;
}

/* ---- Copies (§3.2.26–3.2.28, §3.2.30) ---- */

static int memcpy_args(void *dst, void *src, size_t bytes, int async, const accrt_site *s) {
    if (bytes == 0)
        return 0;
    if (!dst || !src)
        accrt_fatal_code(acc_error_invalid_null_pointer, s, "%s with a null pointer: destination %p source %p",
                         routine_of(s), dst, src);
    accrt_check_async(async, s);
    accrt_init();
    return 1;
}

static void to_device(void *d, void *h, size_t bytes, int async, const accrt_site *s) {
    double t0;
    if (!memcpy_args(d, h, bytes, async, s))
        return;
    if (accrt_host_current()) {
        memmove(d, h, bytes);
        return;
    }
    accrt_lock();
    t0 = accrt_seconds();
    accrt_be_h2d(d, h, bytes, async, s);
    accrt_profile_transfer(s, ACCRT_H2D, NULL, bytes, accrt_seconds() - t0);
    accrt_unlock();
}

static void from_device(void *h, void *d, size_t bytes, int async, const accrt_site *s) {
    double t0;
    if (!memcpy_args(h, d, bytes, async, s))
        return;
    if (accrt_host_current()) {
        memmove(h, d, bytes);
        return;
    }
    accrt_lock();
    t0 = accrt_seconds();
    accrt_be_d2h(h, d, bytes, async, s);
    accrt_profile_transfer(s, ACCRT_D2H, NULL, bytes, accrt_seconds() - t0);
    accrt_unlock();
}

static void on_device(void *dst, void *src, size_t bytes, int async, const accrt_site *s) {
    if (!memcpy_args(dst, src, bytes, async, s))
        return;
    if (accrt_host_current()) {
        memmove(dst, src, bytes);
        return;
    }
    accrt_lock();
    accrt_be_d2d(dst, src, bytes, async, s);
    accrt_unlock();
}

void accrt_acc_memcpy_to_device_at(void *d, void *h, size_t bytes, SITE_PARAMS) {
    AT("acc_memcpy_to_device");
    to_device(d, h, bytes, ACCRT_SYNC, s);
}

void accrt_acc_memcpy_to_device_async_at(void *d, void *h, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_memcpy_to_device_async");
    to_device(d, h, bytes, async, s);
}

void accrt_acc_memcpy_from_device_at(void *h, void *d, size_t bytes, SITE_PARAMS) {
    AT("acc_memcpy_from_device");
    from_device(h, d, bytes, ACCRT_SYNC, s);
}

void accrt_acc_memcpy_from_device_async_at(void *h, void *d, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_memcpy_from_device_async");
    from_device(h, d, bytes, async, s);
}

void accrt_acc_memcpy_device_at(void *dst, void *src, size_t bytes, SITE_PARAMS) {
    AT("acc_memcpy_device");
    on_device(dst, src, bytes, ACCRT_SYNC, s);
}

void accrt_acc_memcpy_device_async_at(void *dst, void *src, size_t bytes, int async, SITE_PARAMS) {
    AT("acc_memcpy_device_async");
    on_device(dst, src, bytes, async, s);
}

/* The device copy of [h, h+bytes), which must be present. */
static char *present_dev(void *h, size_t bytes, const char *what, const accrt_site *s) {
    accrt_found f = accrt_table_find(h, bytes);
    if (f.state == ACCRT_ABSENT)
        accrt_fatal_code(acc_error_not_present, s, "%s: %s host:%p (%zu bytes) is not present on the device", routine_of(s),
                         what, h, bytes);
    if (f.state == ACCRT_PARTIAL)
        accrt_fatal_code(acc_error_partly_present, s,
                         "%s: %s host:%p-%p (%zu bytes) is partially present: it overlaps present name=%s "
                         "host:%p-%p (%zu bytes)",
                         routine_of(s), what, h, (void *)((char *)h + bytes), bytes, nm(f.e->name), (void *)f.e->host,
                         (void *)(f.e->host + f.e->bytes), f.e->bytes);
    return f.e->dev + ((char *)h - f.e->host);
}

static void d2d(void *dst, void *src, size_t bytes, int ndst, int nsrc, int async, const accrt_site *s) {
    char *d, *from;
    int prev;
    if (!memcpy_args(dst, src, bytes, async, s))
        return;
    need_device(ndst, current_type(), s);
    need_device(nsrc, current_type(), s);
    if (accrt_host_current()) { /* present host data is its own device copy */
        memmove(dst, src, bytes);
        return;
    }
    /* §3.2.30: dst is present on device ndst, src on nsrc; the copy is on
     * queue async of the source device. */
    accrt_lock();
    prev = accrt_dev_switch(ndst);
    d = present_dev(dst, bytes, "destination", s);
    accrt_dev_switch(nsrc);
    from = present_dev(src, bytes, "source", s);
    if (ndst == nsrc)
        accrt_be_d2d(d, from, bytes, async, s);
    else
        accrt_be_d2d_peer(d, ndst, from, nsrc, bytes, async, s);
    accrt_dev_switch(prev);
    accrt_unlock();
}

void accrt_acc_memcpy_d2d_at(void *dst, void *src, size_t bytes, int ndst, int nsrc, SITE_PARAMS) {
    AT("acc_memcpy_d2d");
    d2d(dst, src, bytes, ndst, nsrc, ACCRT_SYNC, s);
}

void accrt_acc_memcpy_d2d_async_at(void *dst, void *src, size_t bytes, int ndst, int nsrc, int async, SITE_PARAMS) {
    AT("acc_memcpy_d2d_async");
    d2d(dst, src, bytes, ndst, nsrc, async, s);
}

/* ---- Attachment (§3.2.29) ---- */

static void attach(int kind, unsigned flags, void **pp, int async, const accrt_site *s) {
    accrt_map m = one(kind, flags, routine_of(s), (void *)pp, sizeof *pp);
    if (!pp)
        return;
    accrt_check_async(async, s);
    accrt_init();
    if (accrt_host_current()) /* a host pointer points at its target's host device copy already */
        return;
    if (kind == ACCRT_ATTACH) {
        accrt_prof_data(acc_ev_enter_data_start, s, async, NULL, pp, NULL, sizeof *pp, 1);
        accrt_enter_data(&m, 1, async, s);
        accrt_prof_data(acc_ev_enter_data_end, s, async, NULL, pp, NULL, sizeof *pp, 1);
    } else {
        accrt_prof_data(acc_ev_exit_data_start, s, async, NULL, pp, NULL, sizeof *pp, 1);
        accrt_exit_data(&m, 1, async, s);
        accrt_prof_data(acc_ev_exit_data_end, s, async, NULL, pp, NULL, sizeof *pp, 1);
    }
}

void accrt_acc_attach_at(void **pp, SITE_PARAMS) {
    AT("acc_attach");
    attach(ACCRT_ATTACH, 0, pp, ACCRT_SYNC, s);
}

void accrt_acc_attach_async_at(void **pp, int async, SITE_PARAMS) {
    AT("acc_attach_async");
    attach(ACCRT_ATTACH, 0, pp, async, s);
}

void accrt_acc_detach_at(void **pp, SITE_PARAMS) {
    AT("acc_detach");
    attach(ACCRT_DETACH, 0, pp, ACCRT_SYNC, s);
}

void accrt_acc_detach_async_at(void **pp, int async, SITE_PARAMS) {
    AT("acc_detach_async");
    attach(ACCRT_DETACH, 0, pp, async, s);
}

void accrt_acc_detach_finalize_at(void **pp, SITE_PARAMS) {
    AT("acc_detach_finalize");
    attach(ACCRT_DETACH, ACCRT_FINALIZE, pp, ACCRT_SYNC, s);
}

void accrt_acc_detach_finalize_async_at(void **pp, int async, SITE_PARAMS) {
    AT("acc_detach_finalize_async");
    attach(ACCRT_DETACH, ACCRT_FINALIZE, pp, async, s);
}

/* ---- CUDA interoperability (Appendix A.2.1) ---- */

void *acc_get_current_cuda_device(void) {
    accrt_init();
    return accrt_be_cuda_device();
}

void *acc_get_current_cuda_context(void) {
    accrt_init();
    return accrt_be_cuda_context();
}

void *accrt_acc_get_cuda_stream_at(int async, SITE_PARAMS) {
    AT("acc_get_cuda_stream");
    accrt_check_async(async, s);
    accrt_init();
    if (accrt_host_current())
        return NULL;
    return accrt_be_cuda_stream(async, 1);
}

int accrt_acc_set_cuda_stream_at(int async, void *stream, SITE_PARAMS) {
    AT("acc_set_cuda_stream");
    accrt_check_async(async, s);
    accrt_init();
    return accrt_be_set_cuda_stream(async, stream, s);
}

/* ---- The standard names: calls with an unknown caller (through a
 * pointer, from code compiled without openacc.h's macros). ---- */

void acc_set_device_type(acc_device_t dev_type) { accrt_acc_set_device_type_at(dev_type, NULL, 0, NULL); }

void acc_set_device_num(int dev_num, acc_device_t dev_type) {
    accrt_acc_set_device_num_at(dev_num, dev_type, NULL, 0, NULL);
}

void acc_init(acc_device_t dev_type) { accrt_acc_init_at(dev_type, NULL, 0, NULL); }

void acc_init_device(int dev_num, acc_device_t dev_type) { accrt_acc_init_device_at(dev_num, dev_type, NULL, 0, NULL); }

void acc_shutdown(acc_device_t dev_type) { accrt_acc_shutdown_at(dev_type, NULL, 0, NULL); }

void acc_shutdown_device(int dev_num, acc_device_t dev_type) {
    accrt_acc_shutdown_device_at(dev_num, dev_type, NULL, 0, NULL);
}

int acc_async_test(int wait_arg) { return accrt_acc_async_test_at(wait_arg, NULL, 0, NULL); }

int acc_async_test_device(int wait_arg, int dev_num) {
    return accrt_acc_async_test_device_at(wait_arg, dev_num, NULL, 0, NULL);
}

int acc_async_test_all(void) { return accrt_acc_async_test_all_at(NULL, 0, NULL); }

int acc_async_test_all_device(int dev_num) { return accrt_acc_async_test_all_device_at(dev_num, NULL, 0, NULL); }

void acc_wait(int wait_arg) { accrt_acc_wait_at(wait_arg, NULL, 0, NULL); }

void acc_wait_device(int wait_arg, int dev_num) { accrt_acc_wait_device_at(wait_arg, dev_num, NULL, 0, NULL); }

void acc_wait_async(int wait_arg, int async_arg) { accrt_acc_wait_async_at(wait_arg, async_arg, NULL, 0, NULL); }

void acc_wait_device_async(int wait_arg, int async_arg, int dev_num) {
    accrt_acc_wait_device_async_at(wait_arg, async_arg, dev_num, NULL, 0, NULL);
}

void acc_wait_all(void) { accrt_acc_wait_all_at(NULL, 0, NULL); }

void acc_wait_all_device(int dev_num) { accrt_acc_wait_all_device_at(dev_num, NULL, 0, NULL); }

void acc_wait_all_async(int async_arg) { accrt_acc_wait_all_async_at(async_arg, NULL, 0, NULL); }

void acc_wait_all_device_async(int async_arg, int dev_num) {
    accrt_acc_wait_all_device_async_at(async_arg, dev_num, NULL, 0, NULL);
}

int acc_wait_any(int count, int wait_arg[]) { return accrt_acc_wait_any_at(count, wait_arg, NULL, 0, NULL); }

int acc_wait_any_device(int count, int wait_arg[], int dev_num) {
    return accrt_acc_wait_any_device_at(count, wait_arg, dev_num, NULL, 0, NULL);
}

void acc_set_default_async(int async_arg) { accrt_acc_set_default_async_at(async_arg, NULL, 0, NULL); }

void acc_async_wait(int wait_arg) { accrt_acc_async_wait_at(wait_arg, NULL, 0, NULL); }

void acc_async_wait_all(void) { accrt_acc_async_wait_all_at(NULL, 0, NULL); }

void *acc_malloc(size_t bytes) { return accrt_acc_malloc_at(bytes, NULL, 0, NULL); }

void acc_free(void *data_dev) { accrt_acc_free_at(data_dev, NULL, 0, NULL); }

void *acc_copyin(void *data_arg, size_t bytes) { return accrt_acc_copyin_at(data_arg, bytes, NULL, 0, NULL); }

void acc_copyin_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_copyin_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void *acc_create(void *data_arg, size_t bytes) { return accrt_acc_create_at(data_arg, bytes, NULL, 0, NULL); }

void acc_create_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_create_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void *acc_present_or_copyin(void *data_arg, size_t bytes) {
    return accrt_acc_present_or_copyin_at(data_arg, bytes, NULL, 0, NULL);
}

void *acc_pcopyin(void *data_arg, size_t bytes) { return accrt_acc_pcopyin_at(data_arg, bytes, NULL, 0, NULL); }

void *acc_present_or_create(void *data_arg, size_t bytes) {
    return accrt_acc_present_or_create_at(data_arg, bytes, NULL, 0, NULL);
}

void *acc_pcreate(void *data_arg, size_t bytes) { return accrt_acc_pcreate_at(data_arg, bytes, NULL, 0, NULL); }

void acc_copyout(void *data_arg, size_t bytes) { accrt_acc_copyout_at(data_arg, bytes, NULL, 0, NULL); }

void acc_copyout_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_copyout_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_copyout_finalize(void *data_arg, size_t bytes) {
    accrt_acc_copyout_finalize_at(data_arg, bytes, NULL, 0, NULL);
}

void acc_copyout_finalize_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_copyout_finalize_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_delete(void *data_arg, size_t bytes) { accrt_acc_delete_at(data_arg, bytes, NULL, 0, NULL); }

void acc_delete_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_delete_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_delete_finalize(void *data_arg, size_t bytes) { accrt_acc_delete_finalize_at(data_arg, bytes, NULL, 0, NULL); }

void acc_delete_finalize_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_delete_finalize_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_update_device(void *data_arg, size_t bytes) { accrt_acc_update_device_at(data_arg, bytes, NULL, 0, NULL); }

void acc_update_device_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_update_device_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_update_self(void *data_arg, size_t bytes) { accrt_acc_update_self_at(data_arg, bytes, NULL, 0, NULL); }

void acc_update_self_async(void *data_arg, size_t bytes, int async_arg) {
    accrt_acc_update_self_async_at(data_arg, bytes, async_arg, NULL, 0, NULL);
}

void acc_map_data(void *data_arg, void *data_dev, size_t bytes) {
    accrt_acc_map_data_at(data_arg, data_dev, bytes, NULL, 0, NULL);
}

void acc_unmap_data(void *data_arg) { accrt_acc_unmap_data_at(data_arg, NULL, 0, NULL); }

void *acc_deviceptr(void *data_arg) { return accrt_acc_deviceptr_at(data_arg, NULL, 0, NULL); }

void acc_memcpy_to_device(void *data_dev_dest, void *data_host_src, size_t bytes) {
    accrt_acc_memcpy_to_device_at(data_dev_dest, data_host_src, bytes, NULL, 0, NULL);
}

void acc_memcpy_to_device_async(void *data_dev_dest, void *data_host_src, size_t bytes, int async_arg) {
    accrt_acc_memcpy_to_device_async_at(data_dev_dest, data_host_src, bytes, async_arg, NULL, 0, NULL);
}

void acc_memcpy_from_device(void *data_host_dest, void *data_dev_src, size_t bytes) {
    accrt_acc_memcpy_from_device_at(data_host_dest, data_dev_src, bytes, NULL, 0, NULL);
}

void acc_memcpy_from_device_async(void *data_host_dest, void *data_dev_src, size_t bytes, int async_arg) {
    accrt_acc_memcpy_from_device_async_at(data_host_dest, data_dev_src, bytes, async_arg, NULL, 0, NULL);
}

void acc_memcpy_device(void *data_dev_dest, void *data_dev_src, size_t bytes) {
    accrt_acc_memcpy_device_at(data_dev_dest, data_dev_src, bytes, NULL, 0, NULL);
}

void acc_memcpy_device_async(void *data_dev_dest, void *data_dev_src, size_t bytes, int async_arg) {
    accrt_acc_memcpy_device_async_at(data_dev_dest, data_dev_src, bytes, async_arg, NULL, 0, NULL);
}

void acc_attach(void **ptr_addr) { accrt_acc_attach_at(ptr_addr, NULL, 0, NULL); }

void acc_attach_async(void **ptr_addr, int async_arg) { accrt_acc_attach_async_at(ptr_addr, async_arg, NULL, 0, NULL); }

void acc_detach(void **ptr_addr) { accrt_acc_detach_at(ptr_addr, NULL, 0, NULL); }

void acc_detach_async(void **ptr_addr, int async_arg) { accrt_acc_detach_async_at(ptr_addr, async_arg, NULL, 0, NULL); }

void acc_detach_finalize(void **ptr_addr) { accrt_acc_detach_finalize_at(ptr_addr, NULL, 0, NULL); }

void acc_detach_finalize_async(void **ptr_addr, int async_arg) {
    accrt_acc_detach_finalize_async_at(ptr_addr, async_arg, NULL, 0, NULL);
}

void acc_memcpy_d2d(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest, int dev_num_src) {
    accrt_acc_memcpy_d2d_at(data_arg_dest, data_arg_src, bytes, dev_num_dest, dev_num_src, NULL, 0, NULL);
}

void acc_memcpy_d2d_async(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest, int dev_num_src, int async_arg_src) {
    accrt_acc_memcpy_d2d_async_at(data_arg_dest, data_arg_src, bytes, dev_num_dest, dev_num_src, async_arg_src, NULL, 0, NULL);
}

void *acc_get_cuda_stream(int async_arg) { return accrt_acc_get_cuda_stream_at(async_arg, NULL, 0, NULL); }

int acc_set_cuda_stream(int async_arg, void *stream) {
    return accrt_acc_set_cuda_stream_at(async_arg, stream, NULL, 0, NULL);
}
