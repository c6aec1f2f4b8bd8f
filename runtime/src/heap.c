/* heap.c: the size of every live heap block, for the bounds check of
 * ACCC_CHECK (emulate only, check.c): a data clause whose section starts
 * inside a block the program allocated and runs past its end would copy
 * the blocks after it (the program's other data, the allocator's own)
 * without a fault, since the heap around the block is memory the program
 * has.
 *
 * The emulate runtime defines malloc, calloc, realloc, free, memalign,
 * aligned_alloc, posix_memalign, valloc and pvalloc, which the program and
 * glibc's own calls (strdup, fopen, ...) reach through ELF symbol
 * interposition (glibc's manual, "Replacing malloc"); each calls the
 * function of that name the program would have called without them, the
 * next definition after the executable's (dlsym(RTLD_NEXT): glibc's, or
 * that of a sanitizer's runtime such as -fsanitize=address, or of a
 * preloaded allocator), so blocks are laid out as without them and every
 * block goes back to the allocator it came from. Only where ACCC_CHECK
 * asks for the bounds check (read once before main) do they note each
 * block in a table of their own, in pages of their own (mmap): its start,
 * the size the program asked for and the caller. Otherwise each is a test
 * and a jump. The definitions are weak: a static link (-static) takes
 * glibc's own, and the check goes without heap blocks. Blocks from before
 * the table was on, and frees of unknown pointers, pass through.
 *
 * A range may start inside a block (p + 5): the block that holds it is
 * the one with the greatest start at or below it, since live blocks do
 * not overlap. Blocks smaller than SMALL_MAX have their start marked in a
 * bitmap per 4096 bytes (one bit per GRAIN bytes), so that finding it
 * looks at most at SMALL_MAX / 4096 + 1 bitmaps; the others (few: each is
 * large) are in an array sorted by start. The sizes and the bitmaps are
 * hash tables (open addressing, under one lock), so a malloc or free
 * costs the same with a million live blocks as with ten. */
#define _GNU_SOURCE
#include "accrt_impl.h"

#if !defined(ACCRT_BACKEND_EMULATE)
#error "heap.c is part of the emulate backend"
#endif

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The allocator after the executable's definitions. */
typedef struct {
    void *(*malloc_)(size_t);
    void *(*calloc_)(size_t, size_t);
    void *(*realloc_)(void *, size_t);
    void (*free_)(void *);
    void *(*memalign_)(size_t, size_t);
    void *(*aligned_alloc_)(size_t, size_t);
    int (*posix_memalign_)(void **, size_t, size_t);
    void *(*valloc_)(size_t);
    void *(*pvalloc_)(size_t);
} allocator;

enum {
    GRAIN = 16,                 /* glibc's blocks start at multiples of 16 (MALLOC_ALIGNMENT) */
    PAGE_SHIFT = 12,            /* the pages of the bitmaps: 4096 bytes, whatever the system's */
    SLOTS = (1 << PAGE_SHIFT) / GRAIN,
    SMALL_MAX = 64 * 1024       /* blocks below this size are found by the bitmaps */
};

/* A live block. */
typedef struct {
    uintptr_t addr; /* 0: a free slot of the table */
    size_t size;    /* what the program asked for */
    uintptr_t pc;   /* the return address of the allocating call */
} block;

/* The starts of the small blocks of one page. */
typedef struct {
    uintptr_t key; /* the page number + 1; 0: a free slot */
    uint64_t bits[SLOTS / 64];
} pagebits;

/* An open-addressing hash table (linear probing) of entries of esz bytes,
 * each starting with its nonzero uintptr_t key. */
typedef struct {
    char *e;
    size_t esz, n, cap; /* cap: a power of two */
    unsigned shift;     /* 64 - log2(cap) */
    int grouped;        /* keys are addresses: those of a page go to neighbouring slots */
} table;

/* UNRESOLVED until the first call finds the next allocator, then PASS,
 * or TRACK from before main where ACCC_CHECK asks for bounds. */
enum { UNRESOLVED, PASS, TRACK };
static int state;
static int lock;
static table blocks = {NULL, sizeof(block), 0, 0, 0, 1};
static table pages = {NULL, sizeof(pagebits), 0, 0, 0, 0};
static block *large; /* sorted by addr */
static size_t nlarge, caplarge;

static void take(void) {
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE))
        sched_yield();
}
static void give(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }

/* Memory for the tables: pages of their own, never the program's heap. */
static void *pages_alloc(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static uintptr_t *key_at(const table *t, size_t i) { return (uintptr_t *)(t->e + i * t->esz); }
/* The slot where the search for key k starts: a hash of k, or for a
 * grouped table, a hash of k's page plus k's place in it, so that the
 * blocks of one page, which a program often allocates and frees in a
 * row, share cache lines. */
static size_t home(const table *t, uintptr_t k) {
    if (t->grouped)
        return (size_t)((((uint64_t)(k >> PAGE_SHIFT) * 0x9E3779B97F4A7C15ull) >> t->shift) +
                        ((k >> 4) & (SLOTS - 1))) &
               (t->cap - 1);
    return (size_t)(((uint64_t)k * 0x9E3779B97F4A7C15ull) >> t->shift);
}

static void *find(const table *t, uintptr_t k) {
    size_t i;
    if (t->cap == 0)
        return NULL;
    for (i = home(t, k); *key_at(t, i) != 0; i = (i + 1) & (t->cap - 1))
        if (*key_at(t, i) == k)
            return key_at(t, i);
    return NULL;
}

/* The entry of key k, zeroed where new; NULL without memory for it. */
static void *insert(table *t, uintptr_t k) {
    size_t i;
    if (2 * (t->n + 1) > t->cap) {
        table g = *t;
        size_t j;
        g.cap = t->cap ? 2 * t->cap : 4096;
        for (g.shift = 64; (1ull << (64 - g.shift)) < g.cap; g.shift--)
            ;
        g.n = 0;
        g.e = pages_alloc(g.cap * g.esz);
        if (!g.e)
            return NULL;
        for (j = 0; j < t->cap; j++)
            if (*key_at(t, j) != 0) {
                for (i = home(&g, *key_at(t, j)); *key_at(&g, i) != 0; i = (i + 1) & (g.cap - 1))
                    ;
                memcpy(key_at(&g, i), key_at(t, j), g.esz);
                g.n++;
            }
        if (t->e)
            munmap(t->e, t->cap * t->esz);
        *t = g;
    }
    for (i = home(t, k); *key_at(t, i) != 0; i = (i + 1) & (t->cap - 1))
        if (*key_at(t, i) == k)
            return key_at(t, i);
    memset(key_at(t, i), 0, t->esz);
    *key_at(t, i) = k;
    t->n++;
    return key_at(t, i);
}

/* Removes entry e of t, moving back the entries after it that probing
 * would no longer find. */
static void erase(table *t, void *e) {
    size_t i = (size_t)((char *)e - t->e) / t->esz, j = i, mask = t->cap - 1;
    for (;;) {
        size_t h;
        j = (j + 1) & mask;
        if (*key_at(t, j) == 0)
            break;
        h = home(t, *key_at(t, j));
        if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
            memcpy(key_at(t, i), key_at(t, j), t->esz);
            i = j;
        }
    }
    *key_at(t, i) = 0;
    t->n--;
}

static int is_small(uintptr_t a, size_t size) { return size < SMALL_MAX && a % GRAIN == 0; }

/* The index in large of the first block at or after a. */
static size_t large_index(uintptr_t a) {
    size_t lo = 0, hi = nlarge;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (large[mid].addr < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void forget_locked(block *b) {
    uintptr_t a = b->addr;
    if (is_small(a, b->size)) {
        pagebits *pb = find(&pages, (a >> PAGE_SHIFT) + 1);
        if (pb) {
            size_t s = (a & ((1u << PAGE_SHIFT) - 1)) / GRAIN;
            pb->bits[s / 64] &= ~(1ull << (s % 64));
            if (!(pb->bits[0] | pb->bits[1] | pb->bits[2] | pb->bits[3]))
                erase(&pages, pb);
        }
    } else {
        size_t i = large_index(a);
        if (i < nlarge && large[i].addr == a) {
            memmove(large + i, large + i + 1, (nlarge - i - 1) * sizeof *large);
            nlarge--;
        }
    }
    erase(&blocks, b);
}

/* Notes the block p of size bytes, allocated by the call returning to pc.
 * Without memory for the tables, the check goes without blocks. */
static void note(void *p, size_t size, uintptr_t pc) {
    uintptr_t a = (uintptr_t)p;
    block *b;
    size_t before;
    take();
    before = blocks.n;
    b = insert(&blocks, a);
    if (b && blocks.n == before) { /* a block freed behind the runtime's back */
        forget_locked(b);
        b = insert(&blocks, a);
    }
    if (!b)
        goto full;
    b->size = size;
    b->pc = pc;
    if (is_small(a, size)) {
        pagebits *pb = insert(&pages, (a >> PAGE_SHIFT) + 1);
        size_t s = (a & ((1u << PAGE_SHIFT) - 1)) / GRAIN;
        if (!pb)
            goto full;
        pb->bits[s / 64] |= 1ull << (s % 64);
    } else {
        size_t i = large_index(a);
        if (nlarge == caplarge) {
            size_t c = caplarge ? 2 * caplarge : 1024;
            block *g = pages_alloc(c * sizeof *g);
            if (!g)
                goto full;
            if (large) {
                memcpy(g, large, nlarge * sizeof *g);
                munmap(large, caplarge * sizeof *large);
            }
            large = g;
            caplarge = c;
        }
        memmove(large + i + 1, large + i, (nlarge - i) * sizeof *large);
        large[i] = *b;
        nlarge++;
    }
    give();
    return;
full:
    __atomic_store_n(&state, PASS, __ATOMIC_RELAXED);
    give();
}

/* Forgets block p; *old is what was known of it. */
static int forget(void *p, block *old) {
    block *b;
    int known = 0;
    take();
    if ((b = find(&blocks, (uintptr_t)p)) != NULL) {
        *old = *b;
        forget_locked(b);
        known = 1;
    }
    give();
    return known;
}

int accrt_heap_block(const void *x, const char **start, size_t *size, const void **caller) {
    uintptr_t a = (uintptr_t)x, best = 0, pg, last;
    block *b;
    size_t i;
    int found = 0;
    if (__atomic_load_n(&state, __ATOMIC_RELAXED) != TRACK || a == 0)
        return 0;
    take();
    /* the small blocks that may hold a start within SMALL_MAX - 1 below a */
    last = a >= SMALL_MAX ? (a - (SMALL_MAX - 1)) >> PAGE_SHIFT : 0;
    for (pg = a >> PAGE_SHIFT; !best; pg--) {
        pagebits *pb = find(&pages, pg + 1);
        if (pb) {
            int w = SLOTS / 64 - 1;
            uint64_t m;
            if (pg == a >> PAGE_SHIFT) { /* the slots at or below a */
                size_t s = (a & ((1u << PAGE_SHIFT) - 1)) / GRAIN;
                w = (int)(s / 64);
                m = pb->bits[w] & (s % 64 == 63 ? ~0ull : (2ull << (s % 64)) - 1);
            } else {
                m = pb->bits[w];
            }
            for (;;) {
                if (m) {
                    best = (pg << PAGE_SHIFT) + ((uintptr_t)w * 64 + 63 - (uintptr_t)__builtin_clzll(m)) * GRAIN;
                    break;
                }
                if (--w < 0)
                    break;
                m = pb->bits[w];
            }
        }
        if (pg == last)
            break;
    }
    i = large_index(a + 1);
    if (i > 0 && large[i - 1].addr > best)
        best = large[i - 1].addr;
    if (best && (b = find(&blocks, best)) != NULL && (a < b->addr + b->size || a == b->addr)) {
        *start = (const char *)b->addr;
        *size = b->size;
        *caller = (const void *)b->pc;
        found = 1;
    }
    give();
    return found;
}

/* ---- The allocator's entry points ---- */

/* What dlsym allocates while it finds the next allocator comes from here
 * (never freed). */
static char early[16384] __attribute__((aligned(64)));
static size_t early_used;
static int resolving;

static void *early_alloc(size_t n) {
    size_t off = __atomic_fetch_add(&early_used, (n + 63) / 64 * 64, __ATOMIC_RELAXED);
    return off + n <= sizeof early ? early + off : NULL;
}

static int is_early(const void *p) { return (const char *)p >= early && (const char *)p < early + sizeof early; }

/* glibc's allocator under the names it exports for allocators that wrap
 * it: where dlsym finds no next allocator (a -static link, where these
 * references bring in glibc's allocator, whose definitions replace the
 * weak ones here). */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

static int libc_posix_memalign(void **pp, size_t align, size_t n) {
    void *p;
    if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0 || align == 0)
        return EINVAL;
    if ((p = __libc_memalign(align, n)) == NULL)
        return ENOMEM;
    *pp = p;
    return 0;
}

static allocator next = {__libc_malloc, __libc_calloc, __libc_realloc, __libc_free, __libc_memalign,
                         __libc_memalign, libc_posix_memalign, __libc_valloc, __libc_pvalloc};

/* Sets the function pointer at fp to the next definition of name, if
 * there is one (else it stays glibc's). */
static void get(void *fp, const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (f)
        memcpy(fp, &f, sizeof f);
}

/* Finds the next allocator (once; two threads may both find it). Whether
 * to track is heap_init's. */
static void resolve(void) {
    __atomic_store_n(&resolving, 1, __ATOMIC_RELAXED);
    get(&next.malloc_, "malloc");
    get(&next.calloc_, "calloc");
    get(&next.realloc_, "realloc");
    get(&next.free_, "free");
    get(&next.memalign_, "memalign");
    get(&next.aligned_alloc_, "aligned_alloc");
    get(&next.posix_memalign_, "posix_memalign");
    get(&next.valloc_, "valloc");
    get(&next.pvalloc_, "pvalloc");
    __atomic_store_n(&resolving, 0, __ATOMIC_RELAXED);
    {
        int expect = UNRESOLVED;
        __atomic_compare_exchange_n(&state, &expect, PASS, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    }
}

/* Whether the caller must serve itself from early (dlsym is at work);
 * else the next allocator is known. */
static int unresolved(void) {
    if (__builtin_expect(__atomic_load_n(&state, __ATOMIC_ACQUIRE) != UNRESOLVED, 1))
        return 0;
    if (__atomic_load_n(&resolving, __ATOMIC_RELAXED))
        return 1;
    resolve();
    return 0;
}

#define CALLER ((uintptr_t)__builtin_return_address(0))
#define PASSING __builtin_expect(__atomic_load_n(&state, __ATOMIC_ACQUIRE) == PASS, 1)
#define ON (__atomic_load_n(&state, __ATOMIC_RELAXED) == TRACK)

__attribute__((weak)) void *malloc(size_t n) {
    void *p;
    if (PASSING)
        return next.malloc_(n);
    if (unresolved())
        return early_alloc(n);
    p = next.malloc_(n);
    if (p && ON)
        note(p, n, CALLER);
    return p;
}

__attribute__((weak)) void *calloc(size_t n, size_t size) {
    void *p;
    if (PASSING)
        return next.calloc_(n, size);
    if (unresolved())
        return size && n > (size_t)-1 / size ? NULL : early_alloc(n * size); /* zero: static memory */
    p = next.calloc_(n, size);
    if (p && ON)
        note(p, n * size, CALLER); /* no overflow: the allocation succeeded */
    return p;
}

__attribute__((weak)) void *realloc(void *p, size_t n) {
    block old;
    int known;
    void *q;
    if (PASSING && !is_early(p))
        return next.realloc_(p, n);
    if (unresolved() || is_early(p)) { /* early blocks keep their bytes: copy what may be there */
        q = n ? malloc(n) : NULL;
        if (q && p)
            memcpy(q, p, n < (size_t)(early + sizeof early - (char *)p) ? n : (size_t)(early + sizeof early - (char *)p));
        return q;
    }
    /* forgotten first: once freed, another thread may get the address */
    known = p && ON && forget(p, &old);
    q = next.realloc_(p, n);
    if (q && ON)
        note(q, n, CALLER);
    else if (known && n != 0) /* failed: p is as it was */
        note(p, old.size, old.pc);
    return q;
}

__attribute__((weak)) void free(void *p) {
    block old;
    if (PASSING && !is_early(p)) {
        next.free_(p);
        return;
    }
    if (!p || is_early(p) || unresolved())
        return;
    if (ON)
        forget(p, &old);
    next.free_(p);
}

__attribute__((weak)) void *memalign(size_t align, size_t n) {
    void *p;
    if (PASSING)
        return next.memalign_(align, n);
    if (unresolved())
        return align <= 64 ? early_alloc(n) : NULL;
    p = next.memalign_(align, n);
    if (p && ON)
        note(p, n, CALLER);
    return p;
}

__attribute__((weak)) void *aligned_alloc(size_t align, size_t n) {
    void *p;
    if (PASSING)
        return next.aligned_alloc_(align, n);
    if (unresolved())
        return align <= 64 ? early_alloc(n) : NULL;
    p = next.aligned_alloc_(align, n);
    if (p && ON)
        note(p, n, CALLER);
    return p;
}

__attribute__((weak)) int posix_memalign(void **pp, size_t align, size_t n) {
    int r;
    if (PASSING)
        return next.posix_memalign_(pp, align, n);
    if (unresolved())
        return align <= 64 && (*pp = early_alloc(n)) != NULL ? 0 : ENOMEM;
    r = next.posix_memalign_(pp, align, n);
    if (r == 0 && ON)
        note(*pp, n, CALLER);
    return r;
}

__attribute__((weak)) void *valloc(size_t n) {
    void *p;
    if (PASSING)
        return next.valloc_(n);
    if (unresolved())
        return NULL;
    p = next.valloc_(n);
    if (p && ON)
        note(p, n, CALLER);
    return p;
}

/* pvalloc rounds the size up to whole pages: all of them are the block's. */
__attribute__((weak)) void *pvalloc(size_t n) {
    void *p;
    size_t pg;
    if (PASSING)
        return next.pvalloc_(n);
    if (unresolved())
        return NULL;
    p = next.pvalloc_(n);
    pg = (size_t)sysconf(_SC_PAGESIZE);
    if (p && ON)
        note(p, n ? (n + pg - 1) / pg * pg : pg, CALLER);
    return p;
}

/* Whether ACCC_CHECK asks for the bounds check (all, 1, or a list naming
 * all or bounds); check.c reads the setting again, and reports a bad one. */
static int bounds_asked(const char *v) {
    const char *tok = v;
    if (strcmp(v, "1") == 0)
        return 1;
    while (*tok) {
        size_t n = strcspn(tok, ",");
        if ((n == 3 && strncmp(tok, "all", 3) == 0) || (n == 6 && strncmp(tok, "bounds", 6) == 0))
            return 1;
        tok += n;
        if (*tok == ',')
            tok++;
    }
    return 0;
}

/* A child of fork starts with the tables as they were, unlocked: fork
 * waits for the thread that has them. */
static void child(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }

/* Before main, so that the program's blocks are known from its start. */
__attribute__((constructor)) static void heap_init(void) {
    const char *v = getenv("ACCC_CHECK");
    if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == UNRESOLVED)
        resolve();
    if (v && bounds_asked(v) && pthread_atfork(take, give, child) == 0)
        __atomic_store_n(&state, TRACK, __ATOMIC_RELEASE);
}
