/* profile.c: per-construct counters printed at exit when NV_ACC_TIME,
 * PGI_ACC_TIME or ACCC_TIME is set (in the spirit of PGI_ACC_TIME), and a
 * trace line per transfer and launch when NV_ACC_NOTIFY or ACCC_NOTIFY is
 * set. Counters are keyed by the address of the construct's static site. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include "acc_prof.h"
#include "openacc.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int accrt_profiling;
int accrt_notify;

/* A count of timed events: total, max, min (NVHPC's columns). */
typedef struct {
    long n;
    double total, max, min;
} timing;

static void add_time(timing *t, double secs) {
    if (t->n == 0 || secs > t->max)
        t->max = secs;
    if (t->n == 0 || secs < t->min)
        t->min = secs;
    t->n++;
    t->total += secs;
}

typedef struct {
    const accrt_site *site;
    long regions;
    timing kernel, elapsed, xfer[2];
    unsigned long long xfer_bytes[2];
    unsigned gangs, workers, vlen; /* the last launch's */
} counters;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static counters *tab; /* open addressing, power-of-two size */
static size_t ntab, captab;

#if defined(ACCRT_BACKEND_CUDA)
/* The multicore code of a -acc=gpu,multicore program runs on the host
 * (fallback.c), and so do the host versions: its launches are the host's,
 * and a program that never started the GPU ran on the host. */
#define KIND (accrt_host_current() ? "host" : "CUDA")
#define DEVICE_NAME (__atomic_load_n(&accrt_device_started, __ATOMIC_ACQUIRE) ? "NVIDIA" : "host")
#elif defined(ACCRT_BACKEND_EMULATE)
#define KIND "host"
#define DEVICE_NAME "emulated"
#else
#define KIND "host"
#define DEVICE_NAME "host"
#endif

static counters *slot(const accrt_site *s) {
    size_t i, mask;
    if (2 * (ntab + 1) > captab) {
        size_t c = captab ? 2 * captab : 64, j;
        counters *t = calloc(c, sizeof *t);
        if (!t)
            accrt_fatal(NULL, "out of host memory for profile counters");
        for (j = 0; j < captab; j++) {
            if (!tab[j].site)
                continue;
            for (i = ((size_t)tab[j].site >> 4) & (c - 1); t[i].site; i = (i + 1) & (c - 1))
                ;
            t[i] = tab[j];
        }
        free(tab);
        tab = t;
        captab = c;
    }
    mask = captab - 1;
    for (i = ((size_t)s >> 4) & mask; tab[i].site && tab[i].site != s; i = (i + 1) & mask)
        ;
    if (!tab[i].site) {
        tab[i].site = s;
        ntab++;
    }
    return &tab[i];
}

/* The file and function a site is listed under: calls of the runtime API
 * from an unknown caller under "(unknown file)" and the routine. */
static const char *site_file(const accrt_site *s) { return s->file ? s->file : "(unknown file)"; }

static const char *site_func(const accrt_site *s) {
    const char *r;
    if (s->func)
        return s->func;
    r = accrt_api_routine(s);
    return r ? r : "(unknown function)";
}

static int by_site(const void *a, const void *b) {
    const accrt_site *x = ((const counters *)a)->site, *y = ((const counters *)b)->site;
    int c = strcmp(site_file(x), site_file(y));
    if (c == 0)
        c = strcmp(site_func(x), site_func(y));
    return c != 0 ? c : (x->line > y->line) - (x->line < y->line);
}

static long us(double secs) { return (long)(secs * 1e6 + 0.5); }

/* n with thousands separators, as NVHPC prints times: 1,619. */
static const char *grouped(long n, char *buf, size_t size) {
    char digits[32];
    int len, i, o = 0;
    len = snprintf(digits, sizeof digits, "%ld", n < 0 ? -n : n);
    if (n < 0 && (size_t)o + 1 < size)
        buf[o++] = '-';
    for (i = 0; i < len && (size_t)o + 2 < size; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = 0;
    return buf;
}

static void print_timing(const char *indent, const char *what, const timing *t) {
    char a[32], b[32], c[32], d[32];
    fprintf(stderr, "%s%s time(us): total=%s max=%s min=%s avg=%s\n", indent, what, grouped(us(t->total), a, sizeof a),
            grouped(us(t->max), b, sizeof b), grouped(us(t->min), c, sizeof c),
            grouped(us(t->total / (double)(t->n ? t->n : 1)), d, sizeof d));
}

static const char *times(long n) { return n == 1 ? "time" : "times"; }

/* The summary at exit, in NVHPC's layout (NV_ACC_TIME): per file and
 * function the device time, then each construct: a compute region with
 * its kernels' launches, grid and block, device and elapsed times; a data
 * region (data, enter/exit data, update) with its transfers. */
static void print_summary(void) {
    size_t i, j, n = 0;
    counters *v;
    char a[32];
    pthread_mutex_lock(&mu);
    v = malloc((ntab ? ntab : 1) * sizeof *v);
    for (i = 0; v && i < captab; i++)
        if (tab[i].site)
            v[n++] = tab[i];
    pthread_mutex_unlock(&mu);
    if (!v)
        return;
    qsort(v, n, sizeof *v, by_site);
    fflush(stdout);
    fprintf(stderr, "\nAccelerator Kernel Timing data\n");
    for (i = 0; i < n; i = j) {
        double total = 0;
        /* the constructs of one function: v[i..j) */
        for (j = i; j < n && strcmp(site_file(v[j].site), site_file(v[i].site)) == 0 &&
                    strcmp(site_func(v[j].site), site_func(v[i].site)) == 0;
             j++)
            total += v[j].kernel.total + v[j].xfer[ACCRT_H2D].total + v[j].xfer[ACCRT_D2H].total;
        if (i == 0 || strcmp(site_file(v[i - 1].site), site_file(v[i].site)) != 0)
            fprintf(stderr, "%s\n", site_file(v[i].site));
        fprintf(stderr, "  %s  %s  devicenum=%d\n", site_func(v[i].site), DEVICE_NAME, accrt_dev());
        fprintf(stderr, "    time(us): %s\n", grouped(us(total), a, sizeof a));
        for (; i < j; i++) {
            counters *c = &v[i];
            int line = c->site->line;
            if (c->kernel.n) {
                /* a construct with no data clause counts its launches */
                long reached = c->regions ? c->regions : c->kernel.n;
                fprintf(stderr, "    %d: compute region reached %ld %s\n", line, reached, times(reached));
                fprintf(stderr, "        %d: kernel launched %ld %s\n", line, c->kernel.n, times(c->kernel.n));
                if (c->workers > 1)
                    fprintf(stderr, "            grid: [%u]  block: [%ux%u]\n", c->gangs, c->vlen, c->workers);
                else
                    fprintf(stderr, "            grid: [%u]  block: [%u]\n", c->gangs, c->vlen);
                print_timing("            ", "device", &c->kernel);
                print_timing("            ", "elapsed", &c->elapsed);
            } else {
                fprintf(stderr, "    %d: data region reached %ld %s\n", line, c->regions, times(c->regions));
            }
            if (c->xfer[ACCRT_H2D].n) {
                fprintf(stderr, "        %d: data copyin transfers: %ld\n", line, c->xfer[ACCRT_H2D].n);
                print_timing("             ", "device", &c->xfer[ACCRT_H2D]);
            }
            if (c->xfer[ACCRT_D2H].n) {
                fprintf(stderr, "        %d: data copyout transfers: %ld\n", line, c->xfer[ACCRT_D2H].n);
                print_timing("             ", "device", &c->xfer[ACCRT_D2H]);
            }
        }
    }
    free(v);
}

/* NV_ACC_NOTIFY's bits (NVHPC): 1 kernel launches, 2 data transfers,
 * here; 4 region entry and exit, 8 waits, 16 device allocations and
 * frees, in trace.c. A value that is not a positive number traces
 * launches and transfers. */
enum { NOTIFY_LAUNCH = 1, NOTIFY_TRANSFER = 2 };

/* The value of the first of names that is set, or NULL. */
static const char *env_first(const char *const *names) {
    for (; *names; names++) {
        const char *v = getenv(*names);
        if (v && *v)
            return v;
    }
    return NULL;
}

void accrt_profile_init(void) {
    static const char *const time_names[] = {"ACCC_TIME", "NVCOMPILER_ACC_TIME", "NV_ACC_TIME", "PGI_ACC_TIME", NULL};
    static const char *const notify_names[] = {"ACCC_NOTIFY", "NVCOMPILER_ACC_NOTIFY", "NV_ACC_NOTIFY", "PGI_ACC_NOTIFY",
                                               NULL};
    const char *t = env_first(time_names), *n = env_first(notify_names);
    accrt_profiling = t && strcmp(t, "0") != 0;
    if (n && strcmp(n, "0") != 0) {
        char *end;
        long bits = strtol(n, &end, 0);
        accrt_notify = *end || bits <= 0 ? NOTIFY_LAUNCH | NOTIFY_TRANSFER : (int)bits;
    }
    if (accrt_profiling)
        atexit(print_summary);
}

static void prof_transfer(const accrt_site *s, int dir, const char *name, size_t bytes);

/* A trace line's start: the fields of the site that are known. */
static void trace(const char *what, const accrt_site *s) {
    fputs(what, stderr);
    if (s->file && *s->file)
        fprintf(stderr, " file=%s", s->file);
    if (s->func && *s->func)
        fprintf(stderr, " function=%s", s->func);
    if (s->line > 0)
        fprintf(stderr, " line=%d", s->line);
    fprintf(stderr, " device=%d threadid=%d", accrt_dev(), accrt_thread_num());
}

void accrt_profile_transfer(const accrt_site *s, int dir, const char *name, size_t bytes, double secs) {
    counters *c;
    if (accrt_be_shared_memory || !s)
        return;
    if (accrt_prof_active)
        prof_transfer(s, dir, name, bytes);
    if (accrt_notify & NOTIFY_TRANSFER) {
        fprintf(stderr, "%s %s data ", dir == ACCRT_H2D ? "upload" : "download", KIND);
        trace("", s);
        fprintf(stderr, " variable=%s bytes=%zu\n", name ? name : "?", bytes);
    }
    if (!accrt_profiling)
        return;
    pthread_mutex_lock(&mu);
    c = slot(s);
    add_time(&c->xfer[dir], secs);
    c->xfer_bytes[dir] += bytes;
    pthread_mutex_unlock(&mu);
}

/* The launch in flight on this thread: its geometry and host start. */
static __thread unsigned launch_gangs, launch_workers, launch_vlen;
static __thread double launch_wall = -1;

void accrt_profile_launch(const accrt_site *s, double secs) {
    counters *c;
    double elapsed = launch_wall >= 0 ? accrt_seconds() - launch_wall : secs;
    launch_wall = -1;
    if (!accrt_profiling || !s)
        return;
    pthread_mutex_lock(&mu);
    c = slot(s);
    add_time(&c->kernel, secs);
    add_time(&c->elapsed, elapsed);
    c->gangs = launch_gangs;
    c->workers = launch_workers;
    c->vlen = launch_vlen;
    pthread_mutex_unlock(&mu);
}

void accrt_profile_region(const accrt_site *s) {
    if (!accrt_profiling || !s)
        return;
    pthread_mutex_lock(&mu);
    slot(s)->regions++;
    pthread_mutex_unlock(&mu);
}

void accrt_notify_launch(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen) {
    if (accrt_profiling) {
        launch_gangs = gangs;
        launch_workers = workers;
        launch_vlen = vlen;
        launch_wall = accrt_seconds();
    }
    if (!(accrt_notify & NOTIFY_LAUNCH) || !s)
        return;
    fprintf(stderr, "launch %s kernel ", KIND);
    trace("", s);
    fprintf(stderr, " kernel=%s num_gangs=%u num_workers=%u vector_length=%u\n", kernel ? kernel : "?", gangs,
            workers, vlen);
}

/* ------------------------------------------------------------------------
 * The OpenACC profiling and error callback interface (acc_prof.h, OpenACC
 * 3.4 chapter 5): registration, ACC_PROFLIB, and the dispatch of events.
 * Callbacks are kept per event; a dispatch copies the enabled ones under
 * the lock and calls them outside it, so a callback may register others
 * or call the runtime (not from acc_ev_error, which runs during an error).
 * ------------------------------------------------------------------------ */

/* The _OPENACC value of runtime.OpenACCVersion (embed.go). */
#define ACCRT_OPENACC_VERSION 202506

enum { NSLOT = acc_ev_wait_end + 2, MAXCB = 32 };

typedef struct {
    acc_prof_callback cb;
    int count;   /* registrations */
    int enabled; /* acc_toggle */
} registered;

typedef struct {
    registered *v;
    int n, cap;
    int off; /* the event toggled off */
} event_regs;

int accrt_prof_active;
static event_regs regs[NSLOT];
static pthread_mutex_t prof_mu = PTHREAD_MUTEX_INITIALIZER;
static __thread int thread_off;     /* acc_toggle_per_thread */
static __thread int thread_id = -1; /* acc_prof_info.thread_id */
static int next_thread_id;

/* The slot of an event, -1 for events that do not exist. */
static int ev_slot(acc_event_t ev) {
    if (ev > acc_ev_none && ev <= acc_ev_wait_end)
        return (int)ev;
    if (ev == acc_ev_error)
        return acc_ev_wait_end + 1;
    return -1;
}

static void reg_change(acc_event_t ev, acc_prof_callback cb, acc_register_t info, int on) {
    int slot = ev_slot(ev), i;
    event_regs *r;
    if (info == acc_toggle_per_thread) {
        thread_off = !on;
        return;
    }
    if (slot < 0)
        return;
    pthread_mutex_lock(&prof_mu);
    r = &regs[slot];
    for (i = 0; i < r->n && r->v[i].cb != cb; i++)
        ;
    if (info == acc_toggle) {
        if (!cb)
            r->off = !on;
        else if (i < r->n)
            r->v[i].enabled = on;
    } else if (on && cb) {
        if (i == r->n) {
            if (r->n == r->cap) {
                int c = r->cap ? 2 * r->cap : 4;
                registered *v = realloc(r->v, (size_t)c * sizeof *v);
                if (!v) {
                    pthread_mutex_unlock(&prof_mu);
                    return;
                }
                r->v = v;
                r->cap = c;
            }
            r->v[i].cb = cb;
            r->v[i].count = 0;
            r->v[i].enabled = 1;
            r->n++;
        }
        r->v[i].count++;
        __atomic_add_fetch(&accrt_prof_active, 1, __ATOMIC_RELAXED);
    } else if (!on && i < r->n) {
        if (--r->v[i].count == 0) {
            memmove(r->v + i, r->v + i + 1, (size_t)(r->n - i - 1) * sizeof *r->v);
            r->n--;
        }
        __atomic_sub_fetch(&accrt_prof_active, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&prof_mu);
}

void acc_prof_register(acc_event_t ev, acc_prof_callback cb, acc_register_t info) { reg_change(ev, cb, info, 1); }

void acc_prof_unregister(acc_event_t ev, acc_prof_callback cb, acc_register_t info) { reg_change(ev, cb, info, 0); }

/* The routines a tool may look up: openacc.h's queries. void (*)(void)
 * converts to any function pointer type without a warning. */
#define QUERY(f) ((acc_query_fn)(void (*)(void))(f))
acc_query_fn acc_prof_lookup(const char *name) {
    static const struct {
        const char *name;
        acc_query_fn fn;
    } fns[] = {
        {"acc_get_device_type", QUERY(acc_get_device_type)},
        {"acc_get_device_num", QUERY(acc_get_device_num)},
        {"acc_get_num_devices", QUERY(acc_get_num_devices)},
        {"acc_get_property", QUERY(acc_get_property)},
        {"acc_get_property_string", QUERY(acc_get_property_string)},
        {"acc_get_default_async", QUERY(acc_get_default_async)},
        {"acc_async_test", QUERY(acc_async_test)},
        {"acc_async_test_all", QUERY(acc_async_test_all)},
        {"acc_is_present", QUERY(acc_is_present)},
        {"acc_deviceptr", QUERY(acc_deviceptr)},
        {"acc_hostptr", QUERY(acc_hostptr)},
        {"acc_get_cuda_stream", QUERY(acc_get_cuda_stream)},
        {"acc_get_current_cuda_device", QUERY(acc_get_current_cuda_device)},
        {"acc_get_current_cuda_context", QUERY(acc_get_current_cuda_context)},
    };
    size_t i;
    for (i = 0; name && i < sizeof fns / sizeof fns[0]; i++)
        if (strcmp(name, fns[i].name) == 0)
            return fns[i].fn;
    return NULL;
}

/* A program that defines acc_register_library itself (§5.3.2). The
 * reference is hidden as well as weak: it binds only to a definition
 * linked into the program, never to another library's (libgomp, linked
 * for -acc=multicore, defines a stub that aborts). */
extern __attribute__((weak, visibility("hidden"))) void acc_register_library(acc_prof_reg, acc_prof_reg,
                                                                              acc_prof_lookup_func);

static void register_library(void (*reg)(acc_prof_reg, acc_prof_reg, acc_prof_lookup_func)) {
    reg(acc_prof_register, acc_prof_unregister, acc_prof_lookup);
}

/* ACC_PROFLIB (§5.3.3): a shared library whose acc_register_library is
 * called at initialisation; several may be given, separated by ':'. A
 * library that cannot be loaded is reported and skipped. */
void accrt_prof_load(void) {
    const char *libs = getenv("ACC_PROFLIB");
    if (acc_register_library)
        register_library(acc_register_library);
    while (libs && *libs) {
        const char *end = strchr(libs, ':');
        size_t n = end ? (size_t)(end - libs) : strlen(libs);
        char *path = malloc(n + 1);
        void *h, *sym;
        void (*fn)(acc_prof_reg, acc_prof_reg, acc_prof_lookup_func);
        if (!path)
            return;
        memcpy(path, libs, n);
        path[n] = 0;
        libs = end ? end + 1 : libs + n;
        if (n == 0) {
            free(path);
            continue;
        }
        h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
        sym = h ? dlsym(h, "acc_register_library") : NULL;
        if (!sym) {
            const char *err = dlerror();
            fprintf(stderr, "accc: warning: ACC_PROFLIB=%s: %s\n", path,
                    h ? "the library has no acc_register_library" : err ? err : "cannot load it");
            free(path);
            continue;
        }
        memcpy(&fn, &sym, sizeof fn);
        register_library(fn);
        free(path);
    }
}

/* The enabled callbacks of ev, copied into cbs; their number. */
static int callbacks(acc_event_t ev, acc_prof_callback *cbs) {
    int slot = ev_slot(ev), i, n = 0;
    if (!accrt_prof_active || thread_off || slot < 0)
        return 0;
    pthread_mutex_lock(&prof_mu);
    if (!regs[slot].off)
        for (i = 0; i < regs[slot].n && n < MAXCB; i++)
            if (regs[slot].v[i].enabled)
                cbs[n++] = regs[slot].v[i].cb;
    pthread_mutex_unlock(&prof_mu);
    return n;
}

static void fill(acc_prof_info *pi, acc_api_info *ai, acc_event_t ev, const accrt_site *s, int async) {
    memset(pi, 0, sizeof *pi);
    memset(ai, 0, sizeof *ai);
    if (thread_id < 0)
        thread_id = __atomic_fetch_add(&next_thread_id, 1, __ATOMIC_RELAXED);
    pi->event_type = ev;
    pi->valid_bytes = (int)sizeof *pi;
    pi->version = ACCRT_OPENACC_VERSION;
    pi->device_type = (acc_device_t)accrt_be_device_type();
    pi->device_number = accrt_dev();
    pi->thread_id = thread_id;
    pi->async = async;
    pi->async_queue = async == ACCRT_ASYNC_NOVAL ? accrt_default_async : async;
    if (s) {
        pi->src_file = s->file;
        pi->func_name = s->func;
        pi->line_no = s->line;
    }
    ai->device_api = accrt_be_device_type() == acc_device_nvidia ? acc_device_api_cuda : acc_device_api_none;
    ai->valid_bytes = (int)sizeof *ai;
    ai->device_type = pi->device_type;
    ai->vendor = -1;
    ai->device_handle = accrt_be_cuda_device();
    ai->async_handle = accrt_be_cuda_stream(async, 0);
}

static void dispatch(acc_event_t ev, const accrt_site *s, int async, acc_event_info *ei) {
    acc_prof_callback cbs[MAXCB];
    acc_prof_info pi;
    acc_api_info ai;
    int i, n = callbacks(ev, cbs);
    if (n == 0)
        return;
    fill(&pi, &ai, ev, s, async);
    for (i = 0; i < n; i++)
        cbs[i](&pi, ei, &ai);
}

static acc_construct_t parent(const accrt_site *s, int api, acc_construct_t otherwise) {
    return api || accrt_api_routine(s) ? acc_construct_runtime_api : otherwise;
}

void accrt_prof_other(int event, const accrt_site *s, int async, int api) {
    acc_event_info ei;
    if (!accrt_prof_active)
        return;
    memset(&ei, 0, sizeof ei);
    ei.other_event.event_type = (acc_event_t)event;
    ei.other_event.valid_bytes = (int)sizeof ei.other_event;
    ei.other_event.parent_construct = parent(s, api, acc_construct_runtime_api);
    ei.other_event.implicit = !api;
    dispatch((acc_event_t)event, s, async, &ei);
}

void accrt_prof_data(int event, const accrt_site *s, int async, const char *name, const void *host,
                     const void *dev, size_t bytes, int api) {
    acc_event_info ei;
    acc_construct_t c = acc_construct_data;
    if (!accrt_prof_active)
        return;
    if (event == acc_ev_enter_data_start || event == acc_ev_enter_data_end)
        c = acc_construct_enter_data;
    else if (event == acc_ev_exit_data_start || event == acc_ev_exit_data_end)
        c = acc_construct_exit_data;
    else if (event == acc_ev_update_start || event == acc_ev_update_end)
        c = acc_construct_update;
    memset(&ei, 0, sizeof ei);
    ei.data_event.event_type = (acc_event_t)event;
    ei.data_event.valid_bytes = (int)sizeof ei.data_event;
    ei.data_event.parent_construct = parent(s, api, c);
    ei.data_event.var_name = name;
    ei.data_event.bytes = bytes;
    ei.data_event.host_ptr = host;
    ei.data_event.device_ptr = dev;
    dispatch((acc_event_t)event, s, async, &ei);
}

/* The transfer a backend is making, for accrt_profile_transfer. */
static __thread const void *xfer_host, *xfer_dev;
static __thread int xfer_async = ACCRT_SYNC;

void accrt_prof_note_xfer(const void *host, const void *dev, int async) {
    xfer_host = host;
    xfer_dev = dev;
    xfer_async = async;
}

/* Upload and download events, both after the transfer was enqueued: the
 * hook comes from the transfer's completion in data.c. */
static void prof_transfer(const accrt_site *s, int dir, const char *name, size_t bytes) {
    int start = dir == ACCRT_H2D ? acc_ev_enqueue_upload_start : acc_ev_enqueue_download_start;
    accrt_prof_data(start, s, xfer_async, name, xfer_host, xfer_dev, bytes, 0);
    accrt_prof_data(start + 1, s, xfer_async, name, xfer_host, xfer_dev, bytes, 0);
    xfer_host = xfer_dev = NULL;
    xfer_async = ACCRT_SYNC;
}

static __thread const char *launch_kernel;
static __thread unsigned launch_shape[3];
static __thread int launch_async = ACCRT_SYNC;

static void launch_event(acc_event_t ev, const accrt_site *s) {
    acc_event_info ei;
    memset(&ei, 0, sizeof ei);
    ei.launch_event.event_type = ev;
    ei.launch_event.valid_bytes = (int)sizeof ei.launch_event;
    ei.launch_event.parent_construct = acc_construct_parallel;
    ei.launch_event.kernel_name = launch_kernel;
    ei.launch_event.num_gangs = launch_shape[0];
    ei.launch_event.num_workers = launch_shape[1];
    ei.launch_event.vector_length = launch_shape[2];
    dispatch(ev, s, launch_async, &ei);
}

void accrt_prof_launch_start(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers,
                             unsigned vlen, int async) {
    if (!accrt_prof_active)
        return;
    launch_kernel = kernel;
    launch_shape[0] = gangs;
    launch_shape[1] = workers;
    launch_shape[2] = vlen;
    launch_async = async;
    launch_event(acc_ev_enqueue_launch_start, s);
}

void accrt_prof_launch_end(const accrt_site *s) {
    if (!accrt_prof_active)
        return;
    launch_event(acc_ev_enqueue_launch_end, s);
    launch_kernel = NULL;
}

void accrt_prof_error(int code, const char *msg, const accrt_site *s) {
    acc_event_info ei;
    const char *cuda = msg ? strstr(msg, "CUDA error ") : NULL;
    if (!accrt_prof_active)
        return;
    memset(&ei, 0, sizeof ei);
    ei.error_event.event_type = acc_ev_error;
    ei.error_event.valid_bytes = (int)sizeof ei.error_event;
    ei.error_event.parent_construct = parent(s, 0, acc_construct_parallel);
    ei.error_event.error_code = (acc_error_t)code;
    ei.error_event.error_message = msg;
    if (cuda)
        ei.error_event.runtime_info = (size_t)strtoul(cuda + strlen("CUDA error "), NULL, 10);
    dispatch(acc_ev_error, s, ACCRT_SYNC, &ei);
}
