/* race.c: ACCC_CHECK=race on -acc=emulate: two iterations of one
 * partitioned loop that touch the same element of a device copy, one of
 * them writing it.
 *
 * OpenACC 3.4 §2.9: the iterations of a gang, worker or vector loop run in
 * any order and at once, with no synchronisation between them; the code
 * of an iteration outside an inner partitioned loop, and two instances of
 * an inner loop that one outer iteration runs, are ordered. Kernels have
 * a variant instrumented for this check (codegen/kernel/race.go): each
 * partitioned loop says where an instance starts (accrt_race_loop), each
 * iteration (accrt_race_iter) and the end (accrt_race_end); each load
 * and store of memory reached through a pointer passes its address
 * (accrt_race_access). Atomic constructs, reductions, private copies and
 * gang-redundant code (outside every partitioned loop) are not checked.
 *
 * The shadow of a device copy holds, per granule of its elements (the
 * largest power of two, at most 8, that divides the element size and the
 * first access's), the last write and two reads in the current launch
 * (the last read, and one of another iteration than the last read's
 * that a write of that iteration races with): when each happened (a
 * stamp, which every gang, loop instance and iteration start advances),
 * its source line and its context, the iteration and gang loop of each of
 * the outermost levels (one per iteration, in a table of the launch's).
 * An earlier access A of the same gang conflicts with the access
 * B being made when, at some level k of B's loops, A came after the
 * instance of level k started (T_k <= A) and before B's iteration of it
 * did (A < S_k): A ran in another iteration of the same instance. An
 * access of another gang conflicts when, at the outermost level where
 * they differ, both run the same gang loop (the gangs share its
 * iterations) in different iterations. Accesses of different launches are
 * ordered, and so are those of kernels that different host threads
 * launch (emulate runs a kernel on its launching thread).
 */
#define _GNU_SOURCE
#include "accrt_impl.h"
#include "accrt_emulate.h"

#if !defined(ACCRT_BACKEND_EMULATE)
#error "race.c is part of the emulate backend"
#endif

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

enum { MAX_LEVELS = 16, KEPT = 3 }; /* loop levels followed, and those whose iterations a context keeps */

/* The iteration an access ran in, at each of the outermost levels: one
 * per iteration of the launch, in a table of the thread's. */
typedef struct {
    int depth;            /* the partitioned loops around it */
    unsigned gloop[KEPT]; /* per level: the gang loop instance (its number in the gang), 0 for other loops */
    accrt_llong it[KEPT]; /* per level: the iteration (index value or counter) */
} context;

/* An access as the shadow keeps it. */
typedef struct {
    accrt_ullong t;   /* its stamp; 0: none */
    unsigned ctx;     /* its context */
    int line;         /* its source line */
    const char *file;
} access;

/* The shadow of a device copy: a write and two reads per granule. */
typedef struct {
    size_t shift, n, len; /* granules of 1 << shift bytes */
    access *w, *r, *r2;
} shadow;

enum { W_W = 1, R_W = 2 };

/* A loop level: an instance of a partitioned loop running. */
typedef struct {
    accrt_ullong T, S; /* the stamps of the instance's start and of the current iteration's */
    accrt_llong idx;   /* the current iteration */
    unsigned gloop;    /* a gang loop: its instance's number in the gang */
    unsigned ctx;      /* the current iteration's context */
    const char *file, *index;
    int line;
} level;

/* The state of the launch the host thread runs. Each thread runs its
 * kernels: stamps carry the thread's number in their top bits (THREAD),
 * and the stamps of different threads say nothing of their order and are
 * not compared. */
enum { THREAD = 40 };
static unsigned threads;               /* the threads that launched a kernel */
static __thread accrt_ullong thread;   /* this thread's number (from 1) */
static __thread accrt_ullong now;      /* the stamp */
static __thread accrt_ullong launch_t; /* the current launch's first stamp */
static __thread accrt_ullong gang_t;   /* the current gang's first stamp */
static __thread unsigned gloops;       /* the gang loop instances the current gang began */
static __thread level levels[MAX_LEVELS];
static __thread int depth;
static __thread unsigned cur; /* the context of the accesses now */
static __thread const char *kernel;
static __thread context *ctxs; /* the launch's contexts */
static __thread size_t nctx, capctx;
static __thread accrt_ullong ctx_t; /* the accesses since have contexts in the table */
enum { MAX_CTX = 1 << 20 };
#define NO_CTX (~0u)

/* The variables and kinds reported: each once. */
enum { MAX_REPORTED = 64 };
static struct {
    const char *name;
    int kind;
} reported[MAX_REPORTED];
static int nreported;
static pthread_mutex_t report_mu = PTHREAD_MUTEX_INITIALIZER;

/* Whether this kind of report for the variable name is new. */
static int first(const char *name, int kind) {
    int i, fresh = 1;
    pthread_mutex_lock(&report_mu);
    for (i = 0; i < nreported && fresh; i++)
        if (reported[i].kind == kind && strcmp(reported[i].name, name) == 0)
            fresh = 0;
    if (fresh && nreported < MAX_REPORTED) {
        reported[nreported].name = name;
        reported[nreported++].kind = kind;
    }
    pthread_mutex_unlock(&report_mu);
    return fresh;
}

/* The copies found last, a few per thread (a kernel's loop reads several
 * arrays), valid while no copy went since (gen). */
enum { CACHED = 4 };
typedef struct {
    char *dev;
    size_t bytes, elem;
    const char *name;
    void **slot;
} copy;
static unsigned gen; /* copies gone */
static __thread copy cache[CACHED];
static __thread unsigned cache_gen, cache_next;

int accrt_race_launch(const char *name) {
    if (!(accrt_checks & ACCRT_CHECK_RACE))
        return 0;
    if (!thread) {
        thread = __sync_add_and_fetch(&threads, 1);
        now = thread << THREAD;
    }
    launch_t = ++now;
    depth = 0;
    nctx = 0;
    ctx_t = launch_t;
    kernel = name;
    return 1;
}

void accrt_race_gang(void) {
    gang_t = ++now;
    gloops = 0;
    depth = 0;
}

void accrt_race_loop(int gang, const char *file, int line, const char *index) {
    if (depth < MAX_LEVELS) {
        level *l = &levels[depth];
        l->T = ++now;
        l->S = ~0ull;
        l->idx = 0;
        l->gloop = gang ? ++gloops : 0;
        l->file = file;
        l->line = line;
        l->index = index;
    }
    depth++;
}

int accrt_race_iter(accrt_llong i) {
    if (depth == 0 || depth > MAX_LEVELS)
        return 0;
    levels[depth - 1].S = ++now;
    levels[depth - 1].idx = i;
    levels[depth - 1].ctx = cur = NO_CTX; /* made by the iteration's first access (context_of) */
    return 0;
}

void accrt_race_end(void) {
    if (depth > 0)
        depth--;
    if (depth > 0 && depth <= MAX_LEVELS)
        cur = levels[depth - 1].ctx;
}

/* The context of the current iteration of level k, made with those of
 * the levels around it where the iterations have none yet. The table
 * holds at most MAX_CTX: when it is full it starts again (ctx_t), and the
 * accesses before that lose their contexts (their iterations are not
 * known, and those of other gangs are not compared). */
static unsigned context_of(int k) {
    context *c;
    int j;
    if (levels[k].ctx != NO_CTX)
        return levels[k].ctx;
    if (k > 0)
        context_of(k - 1);
    if (nctx == MAX_CTX) {
        nctx = 0;
        ctx_t = now + 1;
        for (j = 0; j < MAX_LEVELS; j++)
            levels[j].ctx = NO_CTX;
        for (j = 0; j < k; j++)
            context_of(j);
    }
    if (nctx == capctx) {
        size_t n = capctx ? 2 * capctx : 1u << 16;
        void *p = capctx ? mremap(ctxs, capctx * sizeof *ctxs, n * sizeof *ctxs, MREMAP_MAYMOVE)
                         : mmap(NULL, n * sizeof *ctxs, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED)
            accrt_fatal(NULL, "ACCC_CHECK=race: out of memory for the iterations of a launch");
        ctxs = p;
        capctx = n;
    }
    c = &ctxs[nctx];
    if (k > 0)
        *c = ctxs[levels[k - 1].ctx];
    else
        memset(c, 0, sizeof *c);
    c->depth = k + 1;
    if (k < KEPT) {
        c->gloop[k] = levels[k].gloop;
        c->it[k] = levels[k].idx;
    }
    return levels[k].ctx = (unsigned)nctx++;
}

/* A device copy goes (check.c), with its shadow p. */
void accrt_race_free(void *p) {
    shadow *s = p;
    __sync_add_and_fetch(&gen, 1);
    if (!s)
        return;
    munmap(s->w, s->len);
    munmap(s, sizeof *s);
}

/* The level at which earlier access a conflicts with an access now,
 * or -1. */
static int conflict(const access *a) {
    int k, n = depth < MAX_LEVELS ? depth : MAX_LEVELS;
    const context *c;
    if (a->t < launch_t || (a->t >> THREAD) != thread)
        return -1; /* another launch, or another thread's */
    if (a->t >= gang_t) { /* this gang's */
        for (k = 0; k < n; k++)
            if (levels[k].T <= a->t && a->t < levels[k].S)
                return k;
        return -1;
    }
    if (a->t < ctx_t)
        return -1; /* its context is gone */
    c = &ctxs[a->ctx];
    for (k = 0; k < n && k < c->depth && k < KEPT; k++) {
        if (levels[k].gloop == 0 || c->gloop[k] != levels[k].gloop)
            return -1; /* not one gang loop: ordered, or gang-redundant */
        if (c->it[k] != levels[k].idx)
            return k;
    }
    return -1;
}

static void iteration(char *buf, size_t size, const level *l, int known, accrt_llong i) {
    if (!known)
        snprintf(buf, size, "%s%s?", l->index ? l->index : "", l->index ? "=" : ""); /* its context is gone */
    else if (l->index)
        snprintf(buf, size, "%s=%lld", l->index, i);
    else
        snprintf(buf, size, "iteration %lld", i);
}

static void report(int kind, const access *a, int k, const char *file, int line, int write, const copy *cp,
                   size_t off, size_t size) {
    const char *name = cp->name ? cp->name : "?";
    size_t elem = cp->elem, bytes = cp->bytes;
    const level *l = &levels[k];
    char el[200], ia[64], ib[64];
    int known;
    if (!first(name, kind))
        return;
    accrt_check_count();
    if (elem == bytes && size > 0 && !strchr(name, '[')) /* the whole array is the element */
        snprintf(el, sizeof el, "'%s[%zu]'", name, off / size);
    else if (elem == 0 || elem == size || strchr(name, '['))
        snprintf(el, sizeof el, strchr(name, '[') ? "'%s', element %zu" : "'%s[%zu]'", name,
                 elem ? off / elem : off / size);
    else
        snprintf(el, sizeof el, "'%s[%zu]', byte %zu of the element", name, off / elem, off % elem);
    known = a->t >= ctx_t && k < ctxs[a->ctx].depth && k < KEPT;
    iteration(ia, sizeof ia, l, known, known ? ctxs[a->ctx].it[k] : 0);
    iteration(ib, sizeof ib, l, 1, l->idx);
    fflush(stdout);
    if (kind == W_W)
        fprintf(stderr,
                "ACCC CHECK: race on %s (kernel %s): iterations %s and %s of the loop at %s:%d both write it "
                "(%s:%d, %s:%d)\n",
                el, kernel ? kernel : "?", ia, ib, l->file, l->line, a->file, a->line, file, line);
    else if (write)
        fprintf(stderr,
                "ACCC CHECK: race on %s (kernel %s): iteration %s of the loop at %s:%d reads it (%s:%d) and "
                "iteration %s writes it (%s:%d)\n",
                el, kernel ? kernel : "?", ia, l->file, l->line, a->file, a->line, ib, file, line);
    else
        fprintf(stderr,
                "ACCC CHECK: race on %s (kernel %s): iteration %s of the loop at %s:%d writes it (%s:%d) and "
                "iteration %s reads it (%s:%d)\n",
                el, kernel ? kernel : "?", ia, l->file, l->line, a->file, a->line, ib, file, line);
    fprintf(stderr, "  the iterations of a gang, worker or vector loop run in any order and at once "
                    "(OpenACC 3.4 §2.9): make the loop seq, or use a reduction or an atomic construct\n");
}

/* The shadow of the copy in *slot, made on its first access (of size
 * bytes): its granule is the largest power of two, at most 8, that
 * divides the element and that access. */
static shadow *shadow_of(void **slot, size_t bytes, size_t elem, size_t size) {
    shadow *s = *slot;
    size_t g = 8;
    if (s)
        return s;
    s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED)
        accrt_fatal(NULL, "ACCC_CHECK=race: out of memory for the shadow of a device copy");
    while (g > 1 && ((elem != 0 && elem % g != 0) || size % g != 0))
        g /= 2;
    for (s->shift = 0; (size_t)1 << s->shift < g; s->shift++)
        ;
    s->n = (bytes + g - 1) / g;
    s->len = 3 * (s->n ? s->n : 1) * sizeof(access);
    s->w = mmap(NULL, s->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (s->w == MAP_FAILED)
        accrt_fatal(NULL, "ACCC_CHECK=race: out of memory for the shadow of a device copy of %zu bytes", bytes);
    s->r = s->w + s->n;
    s->r2 = s->r + s->n;
    if (!__sync_bool_compare_and_swap(slot, NULL, s)) { /* another thread made one */
        munmap(s->w, s->len);
        munmap(s, sizeof *s);
        return *slot;
    }
    return s;
}

void *accrt_race_access(const volatile void *p, size_t size, int mode, const char *file, int line) {
    char *x = (char *)(uintptr_t)p;
    shadow *s;
    size_t off, i, lo, hi;
    int k;
    access b;
    copy *cp;
    if (depth == 0) /* gang-redundant code */
        return x;
    if (cache_gen != gen) {
        memset(cache, 0, sizeof cache);
        cache_gen = gen;
    }
    for (cp = cache; cp < cache + CACHED && !(cp->dev && x >= cp->dev && x < cp->dev + cp->bytes); cp++)
        ;
    if (cp == cache + CACHED) {
        copy c;
        if (!accrt_check_copy_of(x, &c.dev, &c.bytes, &c.elem, &c.name, &c.slot))
            return x; /* not a device copy: a local, private or acc_malloc memory */
        cp = &cache[cache_next++ % CACHED];
        *cp = c;
    }
    s = shadow_of(cp->slot, cp->bytes, cp->elem, size);
    off = (size_t)(x - cp->dev);
    b.t = now;
    if (cur == NO_CTX)
        cur = context_of((depth < MAX_LEVELS ? depth : MAX_LEVELS) - 1);
    b.ctx = cur;
    b.line = line;
    b.file = file;
    lo = off >> s->shift;
    hi = ((off + (size ? size : 1) - 1) >> s->shift) + 1;
    if (hi > s->n)
        hi = s->n;
    for (i = lo; i < hi; i++) {
        access *w = &s->w[i], *r = &s->r[i], *r2 = &s->r2[i];
        if (w->t && (k = conflict(w)) >= 0)
            report(mode ? W_W : R_W, w, k, file, line, 0, cp, off, size);
        if (mode && r->t && (k = conflict(r)) >= 0)
            report(R_W, r, k, file, line, 1, cp, off, size);
        else if (mode && r2->t && (k = conflict(r2)) >= 0)
            report(R_W, r2, k, file, line, 1, cp, off, size);
        if (mode)
            *w = b;
        else if (!r->t || conflict(r) < 0)
            *r = b; /* r ran before, or in this iteration: b is what a write can race with */
        else
            *r2 = b; /* r ran in another iteration, which a write of this one races with: it stays */
    }
    return x;
}
