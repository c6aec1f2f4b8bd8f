/* trace.c: the run-time tools besides NV_ACC_TIME (profile.c), as NVHPC
 * names them:
 *
 *   NV_ACC_NOTIFY bits 4, 8 and 16: a line per region entry and exit,
 *     per wait, per device allocation and free, in NVHPC's layout (bits 1
 *     and 2, launches and transfers, are profile.c's);
 *   NV_ACC_DEBUG=1: a trace of the runtime's work on stderr, every line
 *     starting "ACC: ": regions, present lookups, allocations, transfers
 *     with host and device addresses, launches, waits; 2 adds the present
 *     table's changes (a mask, as NVHPC's: its other bits are ignored);
 *   NV_ACC_CUDA_STACKSIZE, NV_ACC_CUDA_HEAPSIZE: the device's per-thread
 *     stack and malloc heap (set by tools.cu on the GPU; parsed and
 *     ignored on the CPU targets);
 *   NVTX ranges "file:line construct" around every construct and
 *     transfer on the GPU (tools.cu), for nsys and ncu --nvtx-include.
 *
 * Each variable also has the NVCOMPILER_ACC_ and PGI_ACC_ spellings. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int accrt_tracing;
int accrt_debug;
size_t accrt_cuda_stack_size, accrt_cuda_heap_size;

#if defined(ACCRT_BACKEND_CUDA)
#define KIND "CUDA"
#else
#define KIND "host"
#endif

enum { NOTIFY_REGION = 4, NOTIFY_WAIT = 8, NOTIFY_ALLOC = 16 };

/* The value of NV_ACC_<suffix> in any of its spellings, or NULL; *name
 * is the spelling found. */
static const char *env(const char *suffix, const char **name) {
    static const char *const prefixes[] = {"NVCOMPILER_ACC_", "NV_ACC_", "PGI_ACC_"};
    static char buf[3][64];
    size_t i;
    for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        const char *v;
        snprintf(buf[i], sizeof buf[i], "%s%s", prefixes[i], suffix);
        v = getenv(buf[i]);
        if (v && *v) {
            *name = buf[i];
            return v;
        }
    }
    return NULL;
}

/* A size in bytes as NVHPC's users write it: 65536, 64K, 64Mb, 2G, 8GB
 * (K, M, G, T: powers of 1024; case and a trailing B do not matter). */
static size_t parse_size(const char *name, const char *v) {
    char *end;
    unsigned long long n;
    int shift = 0;
    errno = 0;
    n = strtoull(v, &end, 10);
    if (end != v && *end) {
        switch (toupper((unsigned char)*end)) {
        case 'K': shift = 10; end++; break;
        case 'M': shift = 20; end++; break;
        case 'G': shift = 30; end++; break;
        case 'T': shift = 40; end++; break;
        }
        if (*end == 'B' || *end == 'b')
            end++;
    }
    if (end == v || *end || v[0] == '-' || errno == ERANGE || n == 0 || (n << shift) >> shift != n)
        accrt_fatal(NULL, "%s=%s is not a size: a positive number of bytes, with K, M or G for binary kilo-, mega- "
                          "and gigabytes (65536, 64M, 2G)",
                    name, v);
    return (size_t)(n << shift);
}

void accrt_trace_init(void) {
    const char *name, *v = env("DEBUG", &name);
    if (v) {
        /* NVHPC's value is a mask (job scripts set 0x800 too): bit 1
         * traces, bit 2 adds the table; other bits are NVHPC's own */
        char *end;
        long bits;
        errno = 0;
        bits = strtol(v, &end, 0);
        if (*end || bits < 0 || errno == ERANGE)
            accrt_fatal(NULL, "%s=%s: the values are 0 (off), 1 (trace the runtime's work) and 2 (and the present "
                              "table's changes)",
                        name, v);
        accrt_debug = bits & 2 ? 2 : (int)(bits & 1);
        if (bits & ~3L)
            fprintf(stderr, "accc: warning: %s=%s: bits other than 1 and 2 (NVHPC's own) are ignored\n", name, v);
    }
    if ((v = env("CUDA_STACKSIZE", &name)) != NULL)
        accrt_cuda_stack_size = parse_size(name, v);
    if ((v = env("CUDA_HEAPSIZE", &name)) != NULL)
        accrt_cuda_heap_size = parse_size(name, v);
#if defined(ACCRT_BACKEND_CUDA)
    accrt_tracing = 1; /* the NVTX ranges */
#else
    accrt_tracing = accrt_debug || (accrt_notify & (NOTIFY_REGION | NOTIFY_WAIT | NOTIFY_ALLOC));
#endif
}

/* NVHPC's threadid: 1 for the first host thread that calls the runtime. */
int accrt_thread_num(void) {
    static __thread int id;
    static int next;
    if (!id)
        id = __atomic_add_fetch(&next, 1, __ATOMIC_RELAXED);
    return id;
}

/* The open ranges of this thread: the sites of the constructs it is in
 * (outermost first), each marked when a kernel launch opened it (a
 * compute construct without data clauses has no region entry). */
enum { MAXOPEN = 64 };
static __thread struct {
    const accrt_site *s;
    int by_launch, async;
} open_sites[MAXOPEN];
static __thread int nopen;

static const char *construct(const accrt_site *s) { return s->construct ? s->construct : "construct"; }

#if defined(ACCRT_BACKEND_CUDA)
/* An NVTX range's file: the base name, as "jacobi.c:42 parallel loop". */
static const char *base(const char *file) {
    const char *b = file ? strrchr(file, '/') : NULL;
    return b ? b + 1 : file ? file : "(unknown file)";
}

/* The range names of the sites this thread entered last, by address:
 * formatting a name costs more than pushing the range. */
enum { NNAMES = 64 };
static __thread struct {
    const accrt_site *s;
    char name[120];
} names[NNAMES];

static const char *range_name(const accrt_site *s) {
    size_t i = ((uintptr_t)s >> 4) & (NNAMES - 1);
    if (names[i].s != s) {
        snprintf(names[i].name, sizeof names[i].name, "%s:%d %s", base(s->file), s->line, construct(s));
        names[i].s = s;
    }
    return names[i].name;
}
#endif

static void push(const accrt_site *s, int by_launch, int async) {
#if defined(ACCRT_BACKEND_CUDA)
    if (accrt_nvtx_enabled())
        accrt_nvtx_push(range_name(s));
#endif
    if (nopen < MAXOPEN) {
        open_sites[nopen].s = s;
        open_sites[nopen].by_launch = by_launch;
        open_sites[nopen].async = async;
    }
    nopen++;
}

/* Closes the ranges down to s's; nothing if s has none open. */
static int pop(const accrt_site *s) {
    int i;
    for (i = nopen < MAXOPEN ? nopen : MAXOPEN; i-- > 0 && open_sites[i].s != s;)
        ;
    if (i < 0)
        return 0;
    while (nopen > i) {
        nopen--;
#if defined(ACCRT_BACKEND_CUDA)
        if (accrt_nvtx_enabled())
            accrt_nvtx_pop();
#endif
    }
    return 1;
}

/* file=F function=G line=L device=D threadid=T, the fields known. */
static void where(const accrt_site *s) {
    if (s && s->file && *s->file)
        fprintf(stderr, " file=%s", s->file);
    if (s && s->func && *s->func)
        fprintf(stderr, " function=%s", s->func);
    if (s && s->line > 0)
        fprintf(stderr, " line=%d", s->line);
    fprintf(stderr, " device=%d threadid=%d", accrt_dev(), accrt_thread_num());
}

/* The start of an NV_ACC_DEBUG line, indented by the open regions. */
static void debug_line(void) {
    int i;
    fputs("ACC: ", stderr);
    for (i = 0; i < nopen; i++)
        fputs("  ", stderr);
}

static const char *queue_name(int async, char *buf, size_t size) {
    if (async == ACCRT_SYNC)
        return "acc_async_sync";
    if (async == ACCRT_ASYNC_NOVAL)
        return "acc_async_noval";
    snprintf(buf, size, "%d", async);
    return buf;
}

/* A compute construct's region (NVHPC: "compute region"); data, host
 * data and declare are data regions; the executable directives keep
 * their names ("enter data construct"). */
static int is_compute(const accrt_site *s) {
    const char *c = s->construct;
    return c && (strncmp(c, "parallel", 8) == 0 || strncmp(c, "serial", 6) == 0 || strncmp(c, "kernels", 7) == 0);
}

static int is_executable(const accrt_site *s) {
    const char *c = s->construct;
    return c && (strcmp(c, "enter data") == 0 || strcmp(c, "exit data") == 0 || strcmp(c, "update") == 0);
}

/* The NV_ACC_NOTIFY and NV_ACC_DEBUG lines of a region's entry or exit. */
static void region_lines(int enter, const accrt_site *s, int async) {
    char q[32];
    if ((accrt_notify & NOTIFY_REGION) && !accrt_api_routine(s)) { /* acc_* routines are no regions */
        /* NVHPC: "Enter enter data construct file=... threadid=1" and
         * "Leave enter data t.c main:27 device=0 threadid=1" */
        const char *what = is_compute(s) ? "compute region" : is_executable(s) ? construct(s) : "data region";
        if (enter) {
            fprintf(stderr, "Enter %s%s", what, is_executable(s) ? " construct" : "");
            where(s);
        } else {
            fprintf(stderr, "Leave %s %s %s:%d device=%d threadid=%d", what, s->file ? s->file : "(unknown file)",
                    s->func && *s->func ? s->func : "(file scope)", s->line, accrt_dev(), accrt_thread_num());
        }
        fputc('\n', stderr);
    }
    if (accrt_debug) {
        debug_line();
        fprintf(stderr, "%s %s", enter ? "enter" : "leave", construct(s));
        where(s);
        fprintf(stderr, " queue=%s\n", queue_name(async, q, sizeof q));
    }
}

void accrt_trace_region(int enter, const accrt_site *s, int async) {
    if (!s || (!enter && !pop(s)))
        return;
    region_lines(enter, s, async);
    if (enter)
        push(s, 0, async);
}

void accrt_trace_launch(int begin, const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers,
                        unsigned vlen, int async) {
    char q[32];
    int top = nopen > 0 && nopen <= MAXOPEN ? nopen - 1 : -1;
    if (!s)
        return;
    if (begin) {
        if (top < 0 || open_sites[top].s != s) {
            region_lines(1, s, async);
            push(s, 1, async);
        }
        if (accrt_debug) {
            debug_line();
            fprintf(stderr, "launch %s gangs=%u workers=%u vector_length=%u queue=%s\n", kernel ? kernel : "?", gangs,
                    workers, vlen, queue_name(async, q, sizeof q));
        }
    } else if (top >= 0 && open_sites[top].s == s && open_sites[top].by_launch) {
        async = open_sites[top].async;
        pop(s);
        region_lines(0, s, async);
    }
}

void accrt_trace_lookup(const char *name, const void *host, size_t bytes, const accrt_entry *e, int state) {
    if (!accrt_debug)
        return;
    debug_line();
    fprintf(stderr, "present? %s host=%p bytes=%zu: ", name ? name : "?", host, bytes);
    if (state == ACCRT_PRESENT_ALL)
        fprintf(stderr, "present dev=%p (in %s host=%p bytes=%zu refs=%ld+%ld)\n",
                (void *)(e->dev + ((const char *)host - e->host)), e->name ? e->name : "?", (void *)e->host, e->bytes,
                e->sref, e->dref);
    else if (state == ACCRT_PARTIAL)
        fprintf(stderr, "partly present (overlaps %s host=%p bytes=%zu)\n", e->name ? e->name : "?", (void *)e->host,
                e->bytes);
    else
        fputs("absent\n", stderr);
}

void accrt_trace_alloc(int alloc, const char *name, const void *host, const void *dev, size_t bytes,
                       const accrt_site *s) {
    if (accrt_notify & NOTIFY_ALLOC) {
        /* NVHPC: "alloc  CUDA data  devaddr=0x7fff0b2fa000 bytes=819200 file=..." */
        fprintf(stderr, "%s " KIND " data  devaddr=%p bytes=%zu", alloc ? "alloc " : "delete", (void *)dev, bytes);
        where(s);
        fputc('\n', stderr);
    }
    if (accrt_debug) {
        debug_line();
        fprintf(stderr, "%s %s", alloc ? "alloc" : "free", name ? name : "?");
        if (host)
            fprintf(stderr, " host=%p", (void *)host);
        fprintf(stderr, " dev=%p bytes=%zu\n", (void *)dev, bytes);
    }
}

void accrt_trace_xfer(int dir, const char *name, const void *host, const void *dev, size_t bytes, int async,
                      const accrt_site *s) {
    char q[32];
    if (accrt_debug && !(accrt_be_shared_memory && host == dev)) {
        debug_line();
        if (dir == ACCRT_H2D)
            fprintf(stderr, "upload %s host=%p -> dev=%p bytes=%zu queue=%s\n", name ? name : "?", (void *)host,
                    (void *)dev, bytes, queue_name(async, q, sizeof q));
        else
            fprintf(stderr, "download %s dev=%p -> host=%p bytes=%zu queue=%s\n", name ? name : "?", (void *)dev,
                    (void *)host, bytes, queue_name(async, q, sizeof q));
    }
#if defined(ACCRT_BACKEND_CUDA)
    if (s && accrt_nvtx_enabled()) {
        char range[256];
        snprintf(range, sizeof range, "%s:%d %s %s", base(s->file), s->line, dir == ACCRT_H2D ? "upload" : "download",
                 name ? name : "?");
        accrt_nvtx_push(range);
    }
#else
    (void)s;
#endif
}

void accrt_trace_xfer_end(const accrt_site *s) {
#if defined(ACCRT_BACKEND_CUDA)
    if (s && accrt_nvtx_enabled())
        accrt_nvtx_pop();
#else
    (void)s;
#endif
}

void accrt_trace_wait(int async, const accrt_site *s) {
    char q[32];
    /* a wait directive or acc_wait waits; the runtime's own waits are
     * NVHPC's implicit waits */
    int explicit_wait = s && s->construct && strncmp(s->construct, "acc_wait", 8) == 0;
    const char *qn = async == ACCRT_WAIT_EVERY ? "all" : queue_name(async, q, sizeof q);
    explicit_wait |= s && s->construct && strcmp(s->construct, "wait") == 0;
    if (accrt_notify & NOTIFY_WAIT) {
        /* NVHPC: "Implicit wait  file=... threadid=1 queue=acc_async_sync" */
        fputs(explicit_wait ? "Wait " : "Implicit wait ", stderr);
        where(s);
        fprintf(stderr, " queue=%s\n", qn);
    }
    if (accrt_debug) {
        debug_line();
        fprintf(stderr, "%s queue=%s", explicit_wait ? "wait" : "implicit wait", qn);
        where(s);
        fputc('\n', stderr);
    }
}

void accrt_trace_table(int insert, const accrt_entry *e) {
    if (accrt_debug < 2)
        return;
    debug_line();
    fprintf(stderr, "present table %s %s host=%p-%p dev=%p bytes=%zu (%zu entries)\n", insert ? "+" : "-",
            e->name ? e->name : "?", (void *)e->host, (void *)(e->host + e->bytes), (void *)e->dev, e->bytes,
            accrt_table_len() + (insert ? 0 : -1));
}
