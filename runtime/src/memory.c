/* memory.c: the program's heap in the memory modes of -gpu=mem: (NVHPC's
 * managed, unified and separate:pinnedalloc). The driver builds this file
 * once per mode (ACCRT_MEMORY_MODE) and links the build of the program's
 * mode as an object of its own, before the runtime library
 * (runtimeLinkArgs); a program built for separate memory has none of it.
 *
 * It defines malloc, calloc, realloc, free, aligned_alloc, posix_memalign,
 * memalign, valloc, pvalloc and malloc_usable_size, which every object
 * and shared library of the program reaches through ELF symbol
 * interposition (glibc's manual, "Replacing malloc"; heap.c does the same
 * on emulate, and these strong definitions replace its weak ones), a
 * library built by plain gcc too. Their blocks come from memory the
 * backend hands out in chunks: CUDA managed memory (managed, unified) or
 * page-locked host memory (pinnedalloc) on the GPU (heap_cuda.cu), fresh
 * anonymous pages on emulate, where the data layer treats them as it does
 * managed memory on the GPU, so that CI tests the modes' meaning.
 *
 * Blocks up to SMALL_MAX bytes come from size classes (powers of two from
 * 16 bytes), each carved from chunks of CHUNK bytes of its own and kept on
 * a free list when freed; larger blocks get a chunk each, given back when
 * freed. Every chunk is in a table sorted by address, so that free,
 * realloc, malloc_usable_size and the data layer (accrt_heap_shared) tell
 * the blocks of this heap from those of the next allocator (glibc's,
 * found with dlsym(RTLD_NEXT) as in heap.c), which serves the calls made
 * before the program's constructors run, those of the runtime itself
 * (accrt_in_runtime, set while it holds its lock) and those made while
 * this file asks the backend for a chunk (the CUDA runtime allocates host
 * memory too: calling it back from there would recurse into its locks).
 * A chunk is asked for with the table's lock released. If the backend has
 * no memory to give (no GPU), the next allocator serves every block: the
 * data clauses then copy them, as in separate memory. */
#define _GNU_SOURCE
#include "accrt_impl.h"

#if !defined(ACCRT_MEMORY_MODE)
#error "memory.c is built with ACCRT_MEMORY_MODE set to ACCRT_MEM_MANAGED, ACCRT_MEM_UNIFIED or ACCRT_MEM_PINNED"
#endif
#if defined(ACCRT_BACKEND_SHARED)
#error "memory.c is for separate-memory backends"
#endif

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
    MIN_SHIFT = 4,                             /* the smallest class: 16 bytes, malloc's alignment */
    NCLASS = 12,                               /* 16 << 11 = 32 KiB */
    SMALL_MAX = 16 << (NCLASS - 1),            /* larger blocks get a chunk each */
    PAGE = 4096,                               /* the alignment of chunk starts and class slots */
    CHUNK = 8 << 20                            /* the memory of a size class grows by this */
};

/* The next allocator. */
static struct {
    void *(*malloc_)(size_t);
    void *(*realloc_)(void *, size_t);
    void (*free_)(void *);
    void *(*memalign_)(size_t, size_t);
    size_t (*usable_)(void *);
} next;

/* A chunk of the backend's memory. */
typedef struct {
    uintptr_t base;
    size_t bytes;
    int cls;        /* its size class, or -1: one large block */
    uintptr_t user; /* the large block's start (aligned in the chunk) */
} chunk;

static chunk *chunks; /* sorted by base, in pages of their own (mmap) */
static size_t nchunks, capchunks;
static void *freelist[NCLASS];
static char *carve[NCLASS], *carve_end[NCLASS]; /* the unused end of the class's last chunk */
static int lock;
/* 0 before the constructor, 1 serving, -1 the backend had no memory, 2
 * the program is exiting (at_exit) */
static int state;
static __thread int asking; /* this thread asks the backend for a chunk */

static void take(void) {
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE))
        sched_yield();
}
static void give(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }

/* ---- The backend's memory ---- */

static void *chunk_get(size_t bytes) {
#if defined(ACCRT_BACKEND_CUDA)
    return accrt_be_heap_chunk(bytes, ACCRT_MEMORY_MODE == ACCRT_MEM_PINNED);
#else
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#endif
}

static void chunk_put(void *p, size_t bytes) {
#if defined(ACCRT_BACKEND_CUDA)
    (void)bytes;
    accrt_be_heap_chunk_free(p, ACCRT_MEMORY_MODE == ACCRT_MEM_PINNED);
#else
    munmap(p, bytes);
#endif
}

#if defined(ACCRT_BACKEND_CUDA)
#include <link.h>

/* The code of the CUDA driver's libraries (libcuda.so, libnvidia-*.so),
 * found once the first chunk started it: their allocations are served by
 * the next allocator, since the driver may hold its locks while it
 * allocates (loading a module at a kernel's first launch), and asking it
 * for a chunk there could wait on them. */
enum { MAX_DRIVER_RANGES = 32 };
static uintptr_t driver_lo[MAX_DRIVER_RANGES], driver_hi[MAX_DRIVER_RANGES];
static int ndriver;

static int note_driver(struct dl_phdr_info *info, size_t size, void *arg) {
    const char *base = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;
    int i;
    (void)size, (void)arg;
    base = base ? base + 1 : info->dlpi_name;
    if (!base || (strncmp(base, "libcuda.so", 10) != 0 && strncmp(base, "libnvidia-", 10) != 0))
        return 0;
    for (i = 0; i < info->dlpi_phnum && ndriver < MAX_DRIVER_RANGES; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD && (info->dlpi_phdr[i].p_flags & PF_X)) {
            driver_lo[ndriver] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
            driver_hi[ndriver] = driver_lo[ndriver] + info->dlpi_phdr[i].p_memsz;
            ndriver++;
        }
    return 0;
}

static int from_driver(uintptr_t pc) {
    int i;
    for (i = 0; i < ndriver; i++)
        if (pc >= driver_lo[i] && pc < driver_hi[i])
            return 1;
    return 0;
}
#define FROM_DRIVER from_driver((uintptr_t)__builtin_return_address(0))
#else
#define FROM_DRIVER 0
#endif

/* Whether the chunk holding a block is asked for now: the thread is not in
 * the runtime or in a call to the backend, and the backend gives memory.
 * The entry points also leave the CUDA driver's own calls to the next
 * allocator (FROM_DRIVER). */
static int serving(void) {
    return __atomic_load_n(&state, __ATOMIC_ACQUIRE) == 1 && !asking && !accrt_in_runtime;
}

/* ---- The table of chunks (under lock) ---- */

/* The index of the chunk holding a, or -1. */
static long find_locked(uintptr_t a) {
    size_t lo = 0, hi = nchunks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (chunks[mid].base <= a)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && a < chunks[lo - 1].base + chunks[lo - 1].bytes)
        return (long)lo - 1;
    return -1;
}

static int add_locked(chunk c) {
    size_t i = 0, lo = 0, hi = nchunks;
    if (nchunks == capchunks) {
        size_t cap = capchunks ? 2 * capchunks : 1024;
        void *g = mmap(NULL, cap * sizeof *chunks, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (g == MAP_FAILED)
            return 0;
        if (chunks) {
            memcpy(g, chunks, nchunks * sizeof *chunks);
            munmap(chunks, capchunks * sizeof *chunks);
        }
        chunks = g;
        capchunks = cap;
    }
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (chunks[mid].base < c.base)
            lo = mid + 1;
        else
            hi = mid;
    }
    i = lo;
    memmove(chunks + i + 1, chunks + i, (nchunks - i) * sizeof *chunks);
    chunks[i] = c;
    nchunks++;
    return 1;
}

/* ---- Blocks ---- */

static int class_of(size_t n) {
    int k = 0;
    while (((size_t)16 << k) < n)
        k++;
    return k;
}

static uintptr_t align_up(uintptr_t a, size_t align) { return (a + align - 1) & ~(uintptr_t)(align - 1); }

/* A block of n bytes aligned to align (a power of two) from the backend's
 * memory, or NULL with errno ENOMEM. */
static void *heap_alloc(size_t n, size_t align) {
    if (n == 0)
        n = 1;
    if (align < 16)
        align = 16;
    if (n <= SMALL_MAX && align <= PAGE) {
        int k = class_of(n > align ? n : align);
        size_t size = (size_t)16 << k;
        char *p = NULL, *c;
        take();
        if ((p = freelist[k]) != NULL) {
            freelist[k] = *(void **)p;
        } else if (carve[k] && carve_end[k] - carve[k] >= (ptrdiff_t)size) {
            p = carve[k];
            carve[k] += size;
        }
        give();
        if (p)
            return p;
        asking = 1;
        c = chunk_get(CHUNK);
        asking = 0;
        if (!c) {
            errno = ENOMEM;
            return NULL;
        }
        take();
        if (!add_locked((chunk){(uintptr_t)c, CHUNK, k, 0})) {
            give();
            chunk_put(c, CHUNK);
            errno = ENOMEM;
            return NULL;
        }
        /* Slots start at a page boundary, so each is aligned to its size
         * (up to PAGE). The rest of the class's previous chunk, less than
         * a slot unless another thread added a chunk meanwhile, is left. */
        p = (char *)align_up((uintptr_t)c, PAGE);
        carve[k] = p + size;
        carve_end[k] = c + CHUNK;
        give();
        return p;
    } else {
        size_t bytes, pad = align > PAGE ? align : 0;
        char *c;
        if (n > (size_t)-1 - pad - PAGE) {
            errno = ENOMEM;
            return NULL;
        }
        bytes = align_up(n + pad, PAGE);
        asking = 1;
        c = chunk_get(bytes);
        asking = 0;
        if (!c) {
            errno = ENOMEM;
            return NULL;
        }
        {
            chunk ch = {(uintptr_t)c, bytes, -1, align_up((uintptr_t)c, align)};
            int ok;
            take();
            ok = add_locked(ch);
            give();
            if (!ok) {
                chunk_put(c, bytes);
                errno = ENOMEM;
                return NULL;
            }
            return (void *)ch.user;
        }
    }
}

/* The bytes usable at p, a block of this heap, and its chunk's index in
 * *at (under lock); 0 if p is not one. */
static size_t usable_locked(void *p, long *at) {
    long i = find_locked((uintptr_t)p);
    *at = i;
    if (i < 0)
        return 0;
    if (chunks[i].cls >= 0)
        return (size_t)16 << chunks[i].cls;
    return chunks[i].base + chunks[i].bytes - (uintptr_t)p;
}

/* Frees p if it is a block of this heap; 0 if it is not. */
static int heap_free(void *p) {
    long i;
    chunk c;
    if (__atomic_load_n(&nchunks, __ATOMIC_RELAXED) == 0)
        return 0;
    take();
    if ((i = find_locked((uintptr_t)p)) < 0) {
        give();
        return 0;
    }
    c = chunks[i];
    if (__atomic_load_n(&state, __ATOMIC_ACQUIRE) == 2) { /* the backend may be gone: leave the block alone */
        give();
        return 1;
    }
    if (c.cls >= 0) {
        *(void **)p = freelist[c.cls];
        freelist[c.cls] = p;
        give();
        return 1;
    }
    memmove(chunks + i, chunks + i + 1, (nchunks - (size_t)i - 1) * sizeof *chunks);
    nchunks--;
    give();
    asking = 1;
    chunk_put((void *)c.base, c.bytes);
    asking = 0;
    return 1;
}

/* ---- The next allocator, found as heap.c finds it ---- */

/* What dlsym allocates while it finds the next allocator (never freed). */
static char early[16384] __attribute__((aligned(64)));
static size_t early_used;
static int resolving, resolved;

static void *early_alloc(size_t n) {
    size_t off = __atomic_fetch_add(&early_used, (n + 63) / 64 * 64, __ATOMIC_RELAXED);
    return off + n <= sizeof early ? early + off : NULL;
}

static int is_early(const void *p) { return (const char *)p >= early && (const char *)p < early + sizeof early; }

/* glibc's allocator under the names it exports for wrappers: where dlsym
 * finds no next allocator (a -static link). */
extern void *__libc_malloc(size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static size_t no_usable(void *p) {
    (void)p;
    return 0;
}

static void get(void *fp, const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (f)
        memcpy(fp, &f, sizeof f);
}

/* Whether the caller must serve itself from early (dlsym is at work). */
static int unresolved(void) {
    if (__builtin_expect(__atomic_load_n(&resolved, __ATOMIC_ACQUIRE), 1))
        return 0;
    if (__atomic_load_n(&resolving, __ATOMIC_RELAXED))
        return 1;
    __atomic_store_n(&resolving, 1, __ATOMIC_RELAXED);
    next.malloc_ = __libc_malloc;
    next.realloc_ = __libc_realloc;
    next.free_ = __libc_free;
    next.memalign_ = __libc_memalign;
    next.usable_ = no_usable;
    get(&next.malloc_, "malloc");
    get(&next.realloc_, "realloc");
    get(&next.free_, "free");
    get(&next.memalign_, "memalign");
    get(&next.usable_, "malloc_usable_size");
    __atomic_store_n(&resolving, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
    return 0;
}

/* ---- The allocator's entry points ---- */

void *malloc(size_t n) {
    if (unresolved())
        return early_alloc(n);
    if (!serving() || FROM_DRIVER)
        return next.malloc_(n);
    return heap_alloc(n, 16);
}

void *calloc(size_t n, size_t size) {
    void *p;
    if (size && n > (size_t)-1 / size) {
        errno = ENOMEM;
        return NULL;
    }
    if (unresolved())
        return early_alloc(n * size); /* static memory: zero */
    p = serving() && !FROM_DRIVER ? heap_alloc(n * size, 16) : next.malloc_(n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void free(void *p) {
    if (!p || is_early(p) || unresolved())
        return;
    if (!heap_free(p))
        next.free_(p);
}

void *realloc(void *p, size_t n) {
    size_t have;
    long at;
    void *q;
    if (unresolved() || is_early(p)) { /* early blocks keep their bytes: copy what may be there */
        q = n ? malloc(n) : NULL;
        if (q && p)
            memcpy(q, p, n < (size_t)(early + sizeof early - (char *)p) ? n : (size_t)(early + sizeof early - (char *)p));
        return q;
    }
    if (!p)
        return malloc(n);
    if (n == 0) { /* glibc's realloc(p, 0): frees p */
        free(p);
        return NULL;
    }
    take();
    have = nchunks ? usable_locked(p, &at) : (at = -1, 0);
    give();
    if (at < 0) { /* the next allocator's block */
        if (!serving() || FROM_DRIVER)
            return next.realloc_(p, n);
        have = next.usable_(p);
        if (have == 0) /* no malloc_usable_size: it cannot be moved */
            return next.realloc_(p, n);
    } else if (n <= have && (n > have / 2 || have <= 16 || have > SMALL_MAX)) {
        return p;
    }
    q = serving() && !FROM_DRIVER ? heap_alloc(n, 16) : next.malloc_(n);
    if (!q)
        return NULL;
    memcpy(q, p, n < have ? n : have);
    free(p);
    return q;
}

/* Whether align is a power of two. */
static int pow2(size_t align) { return align != 0 && (align & (align - 1)) == 0; }

/* A block aligned to align (a power of two) for the call returning to pc. */
static void *aligned(size_t align, size_t n, uintptr_t pc) {
    (void)pc;
    if (unresolved())
        return align <= 64 ? early_alloc(n) : NULL;
#if defined(ACCRT_BACKEND_CUDA)
    if (from_driver(pc))
        return next.memalign_(align, n);
#endif
    return serving() ? heap_alloc(n, align) : next.memalign_(align, n);
}

#define CALLER ((uintptr_t)__builtin_return_address(0))

void *aligned_alloc(size_t align, size_t n) {
    if (!pow2(align)) {
        errno = EINVAL;
        return NULL;
    }
    return aligned(align, n, CALLER);
}

void *memalign(size_t align, size_t n) {
    size_t a = 16;
    while (a < align) /* glibc rounds an alignment up to a power of two */
        a *= 2;
    return aligned(a, n, CALLER);
}

int posix_memalign(void **pp, size_t align, size_t n) {
    void *p;
    if (!pow2(align) || align % sizeof(void *) != 0)
        return EINVAL;
    if ((p = aligned(align, n, CALLER)) == NULL)
        return ENOMEM;
    *pp = p;
    return 0;
}

void *valloc(size_t n) { return aligned((size_t)sysconf(_SC_PAGESIZE), n, CALLER); }

void *pvalloc(size_t n) {
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    return aligned(pg, n ? (n + pg - 1) / pg * pg : pg, CALLER);
}

size_t malloc_usable_size(void *p) {
    size_t have;
    long at;
    if (!p || is_early(p) || unresolved())
        return 0;
    take();
    have = nchunks ? usable_locked(p, &at) : (at = -1, 0);
    give();
    return at >= 0 ? have : next.usable_(p);
}

/* ---- The data layer's question ---- */

/* Whether the device reaches [p, p + bytes) where the host has it
 * (data.c: data clauses then move nothing): a range in this heap's
 * managed memory, or any range with -gpu=mem:unified where the device
 * can access pageable host memory (HMM or ATS). Under the runtime lock. */
int accrt_heap_shared(const void *p, size_t bytes) {
    static int pageable = -1;
    long i;
    int in;
    if (ACCRT_MEMORY_MODE == ACCRT_MEM_PINNED)
        return 0;
    if (ACCRT_MEMORY_MODE == ACCRT_MEM_UNIFIED && pageable < 0) {
#if defined(ACCRT_BACKEND_CUDA)
        pageable = accrt_be_pageable_access();
#else
        pageable = 0; /* the emulated device: no HMM */
#endif
        if (!pageable)
            fprintf(stderr, "accc runtime: -gpu=mem:unified: the device cannot access pageable host memory here "
                            "(no HMM or ATS): heap data is in managed memory, as with -gpu=mem:managed; "
                            "globals and stack data are copied as the data clauses say\n");
    }
    if (pageable > 0)
        return 1;
    take();
    i = nchunks ? find_locked((uintptr_t)p) : -1;
    in = i >= 0 && (uintptr_t)p + bytes <= chunks[i].base + chunks[i].bytes;
    give();
    return in;
}

/* At exit, before the CUDA runtime's own exit handlers (registered before
 * this one, while the first chunk started it) can release its memory: the
 * C library's streams write out what their buffers (often blocks of this
 * heap) hold, and from then on blocks are neither served nor touched when
 * freed (glibc frees the stream buffers at its very end). */
static void at_exit(void) {
    fflush(NULL);
    __atomic_store_n(&state, 2, __ATOMIC_RELEASE);
}

/* Managed and unified memory: the host reads what kernels wrote where
 * they wrote it, with no copyout to wait for, so a synchronous construct
 * must be complete when it returns (OpenACC 3.4 §2.16: without async the
 * host waits for the construct). */
int accrt_heap_sync(void) { return ACCRT_MEMORY_MODE != ACCRT_MEM_PINNED; }

/* Says once, on stderr, that the mode's heap could not start: the data
 * clauses then copy heap data, as in separate memory, and a program that
 * relies on sharing it without clauses reads stale values. */
static void no_heap(void) {
    static const char *const mode[] = {"", "-gpu=mem:managed", "-gpu=mem:unified", "-gpu=mem:separate:pinnedalloc"};
#if defined(ACCRT_BACKEND_CUDA)
    const char *why = accrt_be_heap_error();
#else
    const char *why = strerror(errno);
#endif
    fprintf(stderr, "accc runtime: warning: %s: no %s memory for the heap (%s); heap data is copied as the data clauses say, as with -gpu=mem:separate\n",
            mode[ACCRT_MEMORY_MODE], ACCRT_MEMORY_MODE == ACCRT_MEM_PINNED ? "page-locked" : "managed", why);
}

/* A child of fork starts with the table as it was, unlocked: fork waits
 * for the thread that has it. */
static void child(void) { __atomic_store_n(&lock, 0, __ATOMIC_RELEASE); }

/* From the program's constructors on, the program's blocks come from
 * here. The first chunk is asked for now, so that the backend starts up
 * (the CUDA runtime's initialisation allocates host memory) while
 * `asking` sends its allocations to the next allocator. */
__attribute__((constructor)) static void memory_init(void) {
    void *c;
    unresolved();
    if (pthread_atfork(take, give, child) != 0)
        return; /* state 0: the next allocator serves every block */
    asking = 1;
    c = chunk_get(CHUNK);
    asking = 0;
    if (!c) {
        __atomic_store_n(&state, -1, __ATOMIC_RELEASE);
        no_heap();
        return;
    }
    take();
    if (!add_locked((chunk){(uintptr_t)c, CHUNK, 0, 0})) {
        give();
        chunk_put(c, CHUNK);
        __atomic_store_n(&state, -1, __ATOMIC_RELEASE);
        return;
    }
    carve[0] = (char *)align_up((uintptr_t)c, PAGE);
    carve_end[0] = (char *)c + CHUNK;
    give();
#if defined(ACCRT_BACKEND_CUDA)
    dl_iterate_phdr(note_driver, NULL);
#endif
    atexit(at_exit);
    __atomic_store_n(&state, 1, __ATOMIC_RELEASE);
}
