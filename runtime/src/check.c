/* check.c: the checks of -acc=emulate, which make the bugs a GPU hides
 * show up on the CPU, with the variable and the source lines involved.
 *
 * Always on: every device copy has guard bytes before and after it, and
 * a kernel that wrote past its section is reported when the copy goes.
 *
 * ACCC_CHECK=all (bounds, undefined, async; or a list of those and stale)
 * turns on the checks that cost more. Each device copy then gets pages of
 * its own (mmap), ending at the end of its last page, with an inaccessible
 * page before and after it, and the runtime uses page protection of both
 * copies to watch every access the program makes to mapped data between
 * runtime calls:
 *
 *   bounds: an access to the guard page after a device copy stops the
 *     program at the access, naming the variable, the element and the
 *     kernel; writes before the copy, into the rest of its first page, are
 *     found by canaries after each kernel. A data clause whose section
 *     starts in a live heap block and runs past its end stops the program
 *     before any copy (heap.c knows the blocks).
 *   undefined: a copy made without a copy from the host (create,
 *     copyout) holds 0xA5 bytes; a kernel read of an element that still
 *     holds them, and held them before any kernel wrote its page, reads
 *     data nothing wrote.
 *   stale: the first kernel write to a device page saves the page as it
 *     was (a snapshot), so that an element the kernels changed is one
 *     whose device value differs from its snapshot; the same for host
 *     pages and host writes. A host read of an element a kernel changed
 *     (with no copy to the host since) that still holds its old host
 *     value is a read of stale data (OpenACC 3.4 §2.6.4: the host and
 *     device copies are only made coherent by data clauses and update);
 *     so is a kernel read of an element the host changed and no update
 *     device sent. Not part of all: programs that test the data model
 *     read stale copies on purpose. Reads are checked an element at a
 *     time (the map's element size): each faulting access is checked,
 *     then single-stepped with the page open and the page closed again
 *     (x86-64 trap flag).
 *   async: the host pages of a transfer queued with async stay closed
 *     until the program waits for the queue (§2.16): a host access to the
 *     destination of a pending copy to the host, or a host write to the
 *     source of a pending copy to the device, is a race with the queue.
 *
 *   race (not part of all): two iterations of one partitioned loop that
 *     touch the same element of a device copy, one writing it (race.c,
 *     with the kernels' race variants; the registry here says which copy
 *     an address is in).
 *
 * Reports go to standard error, once per variable and kind; the program
 * goes on, and exits with status 1 at the end if there were any. A fault
 * at an address outside every mapped range (other data on a shared page)
 * opens that page until the next runtime call; a fault outside every
 * watched page is the program's own and crashes it as without checks.
 */
#define _GNU_SOURCE
#include "accrt_impl.h"

#if !defined(ACCRT_BACKEND_EMULATE)
#error "check.c is part of the emulate backend"
#endif

#include <errno.h>
#include <pthread.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

unsigned accrt_checks;

/* ---- Guard bytes of the default mode ---- */

enum { GUARD = 64, CANARY = 0xCB };

/* ---- Watched ranges ---- */

/* Page states: of device pages (DEV_DIRTY, UNDEF) and of host pages. */
enum {
    DEV_DIRTY = 1,  /* a kernel wrote the device page since the last transfer: dsnap holds it as it was */
    HOST_DIRTY = 2, /* the host wrote the host page since: hsnap holds it as it was */
    PEND_OUT = 4,   /* the host page is the destination of a queued copy to the host */
    PEND_IN = 8,    /* the host page is the source of a queued copy to the device */
    UNDEF = 16      /* the device page was created without a copy: unwritten elements hold 0xA5 bytes */
};
enum { P_NONE, P_READ, P_RW }; /* page protections, strongest first */
enum { MAX_CHECKS = 8 };       /* checked accesses per page between runtime calls */
enum { MAX_UNDEF_CHECKS = 32 }; /* kernel accesses per device page checked for undefined data */

typedef struct {
    unsigned char st, prot, checks;
    unsigned char undef_checks; /* kernel accesses checked for undefined data, over the whole run */
} page;

/* A transfer queued on an async queue: bytes [lo, hi) of a track. */
enum { MAX_PENDING = 8 };
typedef struct {
    size_t lo, hi;
    int q, out; /* out: a copy to the host */
    const accrt_site *s;
} pending;

/* A device copy ends where its last page ends (rounded down to the
 * element's alignment), so that an access past its end is an access to
 * the guard page after it; host byte host+i is device byte dev+i. */
typedef struct track {
    char *host, *dev;
    size_t bytes, elem;
    const char *name;
    char *base; /* the mapping: guard page, nd pages, guard page, then the snapshots */
    size_t len;
    char *hp0, *dp0; /* the first page of each copy */
    size_t nh, nd;   /* host pages, device pages */
    page *hpg, *dpg;
    char *dsnap, *hsnap; /* nd and nh pages */
    const accrt_site *writer, *created;
    pending pend[MAX_PENDING]; /* queued transfers of the host range not waited for */
    int npend;
    unsigned reported; /* kinds reported */
    int dead;          /* the device copy is gone, but a queued copy to or from the host pages is not waited for */
    int on_stack;      /* the host data is on the thread's stack, whose pages are never watched */
    int shared_host;   /* another device holds a copy of the same host data: its host pages are not watched */
    uintptr_t host_writer; /* the instruction of the last host write that dirtied a page */
    void *race;            /* ACCC_CHECK=race: the shadow of the device copy (race.c) */
} track;

static size_t pagesz;
static track **byhost; /* sorted by host */
static track **bydev;  /* sorted by base */
static size_t ntracks, captracks; /* byhost holds ntracks */
static size_t ndev;                /* bydev holds ndev: the tracks that are not dead */
static int arm_needed;
static unsigned long nreports;

static __thread int in_runtime;
static __thread const accrt_site *kernel_site;
static __thread char *step_page; /* the page single-stepped, and its protection after the step */
static __thread int step_prot;
static __thread int step_dev;
static __thread int altstack_done;

static char *page_of(const void *p) { return (char *)((uintptr_t)p & ~(uintptr_t)(pagesz - 1)); }

/* The host and device page (index) of byte i of t. */
static size_t hpage(const track *t, size_t i) { return (size_t)(t->host + i - t->hp0) / pagesz; }
static size_t dpage(const track *t, size_t i) { return (size_t)(t->dev + i - t->dp0) / pagesz; }

/* The part [*lo, *hi) of t's bytes on host page k (or device page k). */
static void host_part(const track *t, size_t k, size_t *lo, size_t *hi) {
    char *a = t->hp0 + k * pagesz, *b = a + pagesz;
    *lo = a > t->host ? (size_t)(a - t->host) : 0;
    *hi = b < t->host + t->bytes ? (size_t)(b - t->host) : t->bytes;
}
static void dev_part(const track *t, size_t k, size_t *lo, size_t *hi) {
    char *a = t->dp0 + k * pagesz, *b = a + pagesz;
    *lo = a > t->dev ? (size_t)(a - t->dev) : 0;
    *hi = b < t->dev + t->bytes ? (size_t)(b - t->dev) : t->bytes;
}

/* Whether a device page holding bytes [lo, hi) of t has state bits st
 * (host: the host pages of those bytes). */
static int dev_has(const track *t, size_t lo, size_t hi, unsigned st) {
    size_t k;
    if (hi <= lo)
        return 0;
    for (k = dpage(t, lo); k <= dpage(t, hi - 1); k++)
        if (t->dpg[k].st & st)
            return 1;
    return 0;
}
static int host_has(const track *t, size_t lo, size_t hi, unsigned st) {
    size_t k;
    if (hi <= lo)
        return 0;
    for (k = hpage(t, lo); k <= hpage(t, hi - 1); k++)
        if (t->hpg[k].st & st)
            return 1;
    return 0;
}

static int prot_bits(int p) { return p == P_NONE ? PROT_NONE : p == P_READ ? PROT_READ : PROT_READ | PROT_WRITE; }

static void protect(char *pg, size_t n, int p) {
    if (mprotect(pg, n * pagesz, prot_bits(p)) != 0) {
        static const char m[] = "accc check: mprotect failed\n";
        (void)!write(2, m, sizeof m - 1);
        _exit(1);
    }
}

static const char *nm(const track *t) { return t->name ? t->name : "?"; }

/* ---- Reports ---- */

static uintptr_t exe_base;

static int first_object(struct dl_phdr_info *info, size_t size, void *arg) {
    (void)size;
    *(uintptr_t *)arg = info->dlpi_addr;
    return 1;
}

/* The addresses of the executable's loaded segments, [r[0], r[1]). */
static int exe_range(struct dl_phdr_info *info, size_t size, void *arg) {
    uintptr_t *r = arg;
    int i;
    (void)size;
    for (i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD) {
            uintptr_t lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr, hi = lo + info->dlpi_phdr[i].p_memsz;
            if (!r[1] || lo < r[0])
                r[0] = lo;
            if (hi > r[1])
                r[1] = hi;
        }
    return 1;
}

/* Where pc is in the program: "file:line (function)" from addr2line (the
 * line needs -g), or the address. Only async-signal-safe calls. */
static void where(uintptr_t pc, char *buf, size_t size) {
    int fd[2];
    pid_t pid;
    char out[512], arg[32];
    ssize_t n, got = 0;
    snprintf(buf, size, "pc %#lx", (unsigned long)pc);
    if (pc == 0 || pipe(fd) != 0)
        return;
    snprintf(arg, sizeof arg, "%#lx", (unsigned long)(pc - exe_base));
    pid = fork();
    if (pid == 0) {
        char *argv[] = {"addr2line", "-f", "-e", "/proc/self/exe", arg, NULL};
        char exe[64];
        snprintf(exe, sizeof exe, "/proc/%ld/exe", (long)getppid());
        argv[3] = exe;
        dup2(fd[1], 1);
        close(fd[0]);
        close(2);
        execvp("addr2line", argv);
        _exit(127);
    }
    close(fd[1]);
    while (pid > 0 && got < (ssize_t)sizeof out - 1 && (n = read(fd[0], out + got, sizeof out - 1 - got)) > 0)
        got += n;
    close(fd[0]);
    if (pid > 0)
        waitpid(pid, NULL, 0);
    out[got] = 0;
    {
        char *fn = out, *nl = strchr(out, '\n'), *loc, *nl2, *disc;
        if (!nl)
            return;
        *nl = 0;
        loc = nl + 1;
        nl2 = strchr(loc, '\n');
        if (nl2)
            *nl2 = 0;
        disc = strstr(loc, " (discriminator");
        if (disc)
            *disc = 0;
        if (*fn == '?' && *loc == '?')
            return;
        {
            /* gcc may name the generated file for a line of the source:
             * dir/NAME.acc.c:L is NAME.c:L */
            char *gen = strstr(loc, ".acc.c:"), *slash;
            if (gen) {
                memmove(gen, gen + 4, strlen(gen + 4) + 1);
                slash = strrchr(loc, '/');
                if (slash && slash < gen)
                    loc = slash + 1;
            }
        }
        if (*loc == '?' || strchr(loc, ':') == NULL || strstr(loc, ":0") == loc + strlen(loc) - 2)
            snprintf(buf, size, "in %.120s (build with -g for the line)", fn);
        else
            snprintf(buf, size, "at %.180s (%.120s)", loc, fn);
    }
}

static uintptr_t fault_pc(void *uc) {
#if defined(__x86_64__)
    return (uintptr_t)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)((ucontext_t *)uc)->uc_mcontext.pc;
#else
    (void)uc;
    return 0;
#endif
}

static int fault_is_write(void *uc) {
#if defined(__x86_64__)
    return (((ucontext_t *)uc)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
    (void)uc;
    return 0;
#endif
}

static const char *site_str(const accrt_site *s, char *buf, size_t size) {
    if (!s)
        snprintf(buf, size, "an unknown construct");
    else if (s->func && *s->func)
        snprintf(buf, size, "%s:%d (%s)", s->file ? s->file : "?", s->line, s->func);
    else
        snprintf(buf, size, "%s:%d", s->file ? s->file : "?", s->line);
    return buf;
}

enum { R_STALE_HOST = 1, R_STALE_DEV = 2, R_ASYNC = 4, R_UNDEF = 8 };

/* Whether this kind of report for t is new (reported once per variable). */
static int first_report(track *t, unsigned kind) {
    if (t && (t->reported & kind))
        return 0;
    if (t)
        t->reported |= kind;
    nreports++;
    return 1;
}

/* The element of t at byte offset off, as "name: element i" text. */
static void element(const track *t, size_t off, char *buf, size_t size) {
    if (t->elem > 0)
        snprintf(buf, size, "'%s', element %zu of the section (byte offset %zu)", nm(t), off / t->elem, off);
    else
        snprintf(buf, size, "'%s', byte offset %zu", nm(t), off);
}

/* ---- The registry ---- */

static track *host_track(const char *x) {
    size_t lo = 0, hi = ntracks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (byhost[mid]->host <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && x < byhost[lo - 1]->host + byhost[lo - 1]->bytes)
        return byhost[lo - 1];
    return NULL;
}

/* A track with an armed host page at pg (for a fault outside every range). */
static track *host_page_track(const char *pg, size_t *k) {
    size_t i;
    for (i = 0; i < ntracks; i++) {
        track *t = byhost[i];
        if (pg >= t->hp0 && pg < t->hp0 + t->nh * pagesz) {
            *k = (size_t)(pg - t->hp0) / pagesz;
            return t;
        }
    }
    return NULL;
}

static track *dev_track(const char *x) {
    size_t lo = 0, hi = ndev;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bydev[mid]->base <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && x < bydev[lo - 1]->base + bydev[lo - 1]->len)
        return bydev[lo - 1];
    return NULL;
}

/* The registry lives in pages of its own (mmap), never on a page of the
 * program's heap that may be watched: the fault handler reads it. */
static void *meta_alloc(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void insert_sorted(track **a, size_t n, track *t, int dev) {
    size_t i = n;
    while (i > 0 && (dev ? a[i - 1]->base > t->base : a[i - 1]->host > t->host)) {
        a[i] = a[i - 1];
        i--;
    }
    a[i] = t;
}

static void remove_from(track **a, size_t n, track *t) {
    size_t i;
    for (i = 0; i < n; i++)
        if (a[i] == t) {
            memmove(a + i, a + i + 1, (n - i - 1) * sizeof *a);
            return;
        }
}

/* ---- Protections ---- */

/* The pending transfer of t that an access of the element at byte offset
 * off races with (any access of a copy's destination; a write of a
 * copy's source), or NULL. */
static const pending *pending_at(const track *t, size_t off, int write) {
    int i;
    for (i = 0; i < t->npend; i++)
        if (off >= t->pend[i].lo && off < t->pend[i].hi && (t->pend[i].out || write))
            return &t->pend[i];
    return NULL;
}

/* PEND_OUT and PEND_IN for host page k of t, from its pending transfers. */
static unsigned pend_flags(const track *t, size_t k) {
    size_t lo, hi;
    unsigned f = 0;
    int i;
    host_part(t, k, &lo, &hi);
    for (i = 0; i < t->npend; i++)
        if (t->pend[i].lo < hi && lo < t->pend[i].hi)
            f |= t->pend[i].out ? PEND_OUT : PEND_IN;
    return f;
}

static int want_host(const track *t, size_t k) {
    const page *p = &t->hpg[k];
    size_t lo, hi;
    if (t->on_stack || t->shared_host)
        return P_RW;
    host_part(t, k, &lo, &hi);
    if ((p->st & PEND_OUT) || ((accrt_checks & ACCRT_CHECK_STALE) && dev_has(t, lo, hi, DEV_DIRTY)))
        return P_NONE;
    if ((p->st & PEND_IN) || ((accrt_checks & ACCRT_CHECK_STALE) && !(p->st & HOST_DIRTY)))
        return P_READ;
    return P_RW;
}

static int want_dev(const track *t, size_t k) {
    const page *p = &t->dpg[k];
    size_t lo, hi;
    if ((accrt_checks & ACCRT_CHECK_UNDEF) && (p->st & UNDEF) && p->undef_checks < MAX_UNDEF_CHECKS)
        return P_NONE;
    if (!(accrt_checks & ACCRT_CHECK_STALE))
        return P_RW;
    dev_part(t, k, &lo, &hi);
    if (!(p->st & DEV_DIRTY) && host_has(t, lo, hi, HOST_DIRTY))
        return P_NONE;
    if (!(p->st & DEV_DIRTY))
        return P_READ;
    return P_RW;
}

/* Sets every watched page to the protection its state asks for. A host
 * page that two ranges share gets the stronger of theirs. */
static void arm(void) {
    size_t i, k;
    char *prev_pg = NULL;
    int prev_want = P_RW;
    if (!arm_needed)
        return;
    arm_needed = 0;
    for (i = 0; i < ntracks; i++) {
        track *t = byhost[i];
        for (k = 0; k < t->nh; k++) {
            page *p = &t->hpg[k];
            int h = want_host(t, k);
            char *hp = t->hp0 + k * pagesz;
            if (hp == prev_pg && prev_want < h)
                h = prev_want;
            p->checks = 0;
            /* the record first: the page may be the stack arm runs on */
            if (h != p->prot || hp == prev_pg) {
                p->prot = (unsigned char)h;
                protect(hp, 1, h);
            }
            prev_pg = hp;
            prev_want = h;
        }
        for (k = 0; k < t->nd && !t->dead; k++) {
            page *p = &t->dpg[k];
            int d = want_dev(t, k);
            p->checks = 0;
            if (d != p->prot) {
                p->prot = (unsigned char)d;
                protect(t->dp0 + k * pagesz, 1, d);
            }
        }
    }
}

/* Opens the host and device pages of bytes [lo, hi) of t. */
static void open_range(track *t, size_t lo, size_t hi) {
    size_t k;
    for (k = hpage(t, lo); k <= hpage(t, hi - 1); k++)
        if (t->hpg[k].prot != P_RW) {
            t->hpg[k].prot = P_RW;
            protect(t->hp0 + k * pagesz, 1, P_RW);
        }
    for (k = dpage(t, lo); k <= dpage(t, hi - 1); k++)
        if (t->dpg[k].prot != P_RW) {
            t->dpg[k].prot = P_RW;
            protect(t->dp0 + k * pagesz, 1, P_RW);
        }
    arm_needed = 1;
}

/* ---- The fault handler ---- */

static struct sigaction old_segv, old_trap;
static void reap_overlapping(const char *host, size_t bytes);

static size_t granule(const track *t) {
    size_t e = t->elem;
    return e == 1 || e == 2 || e == 4 || e == 8 || e == 16 ? e : 1;
}

/* Whether the element of t at byte offset off is stale on the host
 * (on_host: kernels changed it and the host did not) or on the device
 * (the host changed it and kernels did not), and differs between the
 * copies. */
static int stale(const track *t, size_t off, int on_host) {
    size_t g = granule(t), i, lo = off / g * g, hi = lo + g;
    int found = 0;
    if (hi > t->bytes)
        hi = t->bytes;
    in_runtime++; /* a page read here that is closed opens */
    for (i = lo; i < hi && !found; i++) {
        const page *d = &t->dpg[dpage(t, i)], *h = &t->hpg[hpage(t, i)];
        size_t dpo = (size_t)(t->dev + i - t->dp0), hpo = (size_t)(t->host + i - t->hp0);
        /* the copy that changed (w) and the one that may be stale (r) */
        const page *wp = on_host ? d : h, *rp = on_host ? h : d;
        unsigned wdirty = on_host ? DEV_DIRTY : HOST_DIRTY, rdirty = on_host ? HOST_DIRTY : DEV_DIRTY;
        const char *w = on_host ? t->dev + i : t->host + i, *r = on_host ? t->host + i : t->dev + i;
        const char *wsnap = on_host ? t->dsnap + dpo : t->hsnap + hpo, *rsnap = on_host ? t->hsnap + hpo : t->dsnap + dpo;
        char wv, rv;
        if (!(wp->st & wdirty))
            continue;
        wv = *w, rv = *r;
        if (wv == *wsnap || wv == rv || ((rp->st & rdirty) && rv != *rsnap))
            continue;
        found = 1;
    }
    in_runtime--;
    return found;
}

/* Records prot as the protection of host page pg in every range on it. */
static void set_host_prot(const char *pg, int prot) {
    size_t i;
    for (i = 0; i < ntracks; i++) {
        track *u = byhost[i];
        if (pg >= u->hp0 && pg < u->hp0 + u->nh * pagesz)
            u->hpg[(size_t)(pg - u->hp0) / pagesz].prot = (unsigned char)prot;
    }
}

/* Whether the element of t at byte offset off of the device copy was
 * never written: its page was created without a copy, and its bytes are
 * still the 0xA5 fill (and were so before any kernel wrote the page).
 * Without an element size, the aligned 8 bytes around it must be. */
static int undefined(const track *t, size_t off) {
    size_t g = t->elem == 1 || t->elem == 2 || t->elem == 4 || t->elem == 8 || t->elem == 16 ? t->elem : 8;
    size_t lo = off / g * g, hi = lo + g, i;
    if (hi > t->bytes)
        hi = t->bytes;
    for (i = lo; i < hi; i++) {
        size_t po = (size_t)(t->dev + i - t->dp0);
        const page *p = &t->dpg[po / pagesz];
        if (!(p->st & UNDEF) || (unsigned char)t->dev[i] != 0xA5 ||
            ((p->st & DEV_DIRTY) && (unsigned char)t->dsnap[po] != 0xA5))
            return 0;
    }
    return 1;
}

/* Opens pg for one instruction, then sets it to prot again. A fault on
 * another page in the middle of a step (an instruction that touches two
 * watched pages) leaves the first open until the next runtime call. */
static void step(void *uc, char *pg, int prot, int dev) {
#if defined(__x86_64__)
    if (step_page && step_page != pg) {
        track *t = step_dev ? dev_track(step_page) : NULL;
        if (t)
            t->dpg[(size_t)(step_page - t->dp0) / pagesz].prot = P_RW;
        else if (!step_dev)
            set_host_prot(step_page, P_RW);
        arm_needed = 1;
    }
    protect(pg, 1, P_RW);
    step_page = pg;
    step_prot = prot;
    step_dev = dev;
    ((ucontext_t *)uc)->uc_mcontext.gregs[REG_EFL] |= 0x100;
#else
    (void)uc, (void)prot, (void)dev;
    protect(pg, 1, P_RW); /* no single step here: the page stays open until the next runtime call */
    arm_needed = 1;
#endif
}

static void report_stale_host(track *t, size_t off, uintptr_t pc) {
    char el[160], at[320], ks[160];
    if (accrt_cmp_running)
        return; /* an autocompare host version (compare.c) */
    if (!first_report(t, R_STALE_HOST))
        return;
    element(t, off, el, sizeof el);
    where(pc, at, sizeof at);
    fprintf(stderr,
            "ACCC CHECK: host read of stale data: %s, read %s\n"
            "  the kernel at %s changed it on the device, and no copyout or update self has copied it to the host "
            "since;\n"
            "  add '#pragma acc update self(%s)' before the host reads it\n",
            el, at, site_str(t->writer, ks, sizeof ks), nm(t));
}

static void report_stale_dev(track *t, size_t off, uintptr_t pc) {
    char el[160], at[320], ks[160], hw[320];
    if (accrt_cmp_running)
        return; /* an autocompare host version (compare.c) */
    if (!first_report(t, R_STALE_DEV))
        return;
    element(t, off, el, sizeof el);
    where(pc, at, sizeof at);
    where(t->host_writer, hw, sizeof hw);
    fprintf(stderr,
            "ACCC CHECK: kernel read of stale data: %s, read %s by the kernel of %s\n"
            "  the host changed it (a write %s) after it was copied to the device, and no update device has "
            "copied it since;\n"
            "  add '#pragma acc update device(%s)' before the construct\n",
            el, at, site_str(kernel_site, ks, sizeof ks), hw, nm(t));
}

static void report_async(track *t, const pending *pd, size_t off, int write, uintptr_t pc) {
    char el[160], at[320], ks[160];
    int out = pd->out;
    char q[64], wq[32];
    if (accrt_cmp_running)
        return; /* an autocompare host version (compare.c) */
    if (pd->q == ACCRT_ASYNC_NOVAL) {
        snprintf(q, sizeof q, "the default async queue");
        snprintf(wq, sizeof wq, "(acc_async_noval)");
    } else {
        snprintf(q, sizeof q, "async queue %d", pd->q);
        snprintf(wq, sizeof wq, "(%d)", pd->q);
    }
    if (!first_report(t, R_ASYNC))
        return;
    element(t, off, el, sizeof el);
    where(pc, at, sizeof at);
    fprintf(stderr,
            "ACCC CHECK: host %s of %s %s while the copy %s by the construct at %s on %s may still run;\n"
            "  add '#pragma acc wait%s' before the host %s it\n",
            write ? "write" : "read", el, at, out ? "to the host" : "to the device", site_str(pd->s, ks, sizeof ks),
            q, wq, write ? "writes" : "reads");
}

static void report_undef(track *t, size_t off, uintptr_t pc) {
    char el[160], at[320], ks[160], cs[160];
    if (!first_report(t, R_UNDEF))
        return;
    element(t, off, el, sizeof el);
    where(pc, at, sizeof at);
    fprintf(stderr,
            "ACCC CHECK: kernel read of undefined data: %s, read %s by the kernel of %s\n"
            "  its device copy was created at %s without a copy from the host (create or copyout), and nothing "
            "wrote this element since;\n"
            "  use copyin or copy if the kernel needs the host values, or write the element before reading it\n",
            el, at, site_str(kernel_site, ks, sizeof ks), site_str(t->created, cs, sizeof cs));
}

ACCRT_NORETURN static void report_bounds(track *t, const char *x, int write, uintptr_t pc) {
    char at[320], ks[160];
    long off = (long)(x - t->dev);
    fflush(stdout);
    where(pc, at, sizeof at);
    if (off >= (long)t->bytes) {
        if (t->elem)
            fprintf(stderr,
                    "ACCC CHECK: out of bounds: %s of '%s' past the end of its device copy: element %ld of a section "
                    "of %zu elements, %s",
                    write ? "write" : "read", nm(t), off / (long)t->elem, t->bytes / t->elem, at);
        else
            fprintf(stderr, "ACCC CHECK: out of bounds: %s of '%s' %ld bytes past the end of its device copy, %s",
                    write ? "write" : "read", nm(t), off - (long)t->bytes, at);
    } else {
        fprintf(stderr, "ACCC CHECK: out of bounds: %s of '%s' %ld bytes before the start of its device copy, %s",
                write ? "write" : "read", nm(t), -off, at);
    }
    if (kernel_site)
        fprintf(stderr, " in the kernel of %s\n", site_str(kernel_site, ks, sizeof ks));
    else
        fprintf(stderr, "\n");
    _exit(1);
}

static int handle(char *x, int write, void *uc) {
    char *pg = page_of(x);
    track *t;
    size_t k;
    if ((t = dev_track(x)) != NULL) {
        page *p;
        if (pg < t->dp0 || pg >= t->dp0 + t->nd * pagesz)
            report_bounds(t, x, write, fault_pc(uc));
        k = (size_t)(pg - t->dp0) / pagesz;
        p = &t->dpg[k];
        protect(pg, 1, P_RW);
        p->prot = P_RW;
        if (in_runtime) {
            arm_needed = 1;
            return 1;
        }
        if ((p->st & UNDEF) && p->undef_checks < 255)
            p->undef_checks++;
        if (write && !(p->st & DEV_DIRTY)) {
            memcpy(t->dsnap + k * pagesz, pg, pagesz);
            p->st |= DEV_DIRTY;
            t->writer = kernel_site;
        } else if (!write && x >= t->dev) {
            size_t off = (size_t)(x - t->dev);
            if ((accrt_checks & ACCRT_CHECK_UNDEF) && (p->st & UNDEF) && undefined(t, off))
                report_undef(t, off, fault_pc(uc));
            else if ((accrt_checks & ACCRT_CHECK_STALE) && stale(t, off, 0))
                report_stale_dev(t, off, fault_pc(uc));
        }
        if (want_dev(t, k) != P_RW && p->checks < MAX_CHECKS) {
            p->checks++;
            step(uc, pg, want_dev(t, k), 1);
        } else {
            arm_needed = 1;
        }
        return 1;
    }
    if ((t = host_track(x)) != NULL && !t->shared_host) {
        page *p;
        size_t off = (size_t)(x - t->host);
        k = (size_t)(pg - t->hp0) / pagesz;
        p = &t->hpg[k];
        protect(pg, 1, P_RW);
        set_host_prot(pg, P_RW);
        if (in_runtime) {
            arm_needed = 1;
            return 1;
        }
        if (t->npend > 0) {
            const pending *pd = pending_at(t, off, write);
            if (pd)
                report_async(t, pd, off, write, fault_pc(uc));
        }
        if (write) {
            if (!(p->st & HOST_DIRTY)) {
                memcpy(t->hsnap + k * pagesz, pg, pagesz);
                p->st |= HOST_DIRTY;
                t->host_writer = fault_pc(uc);
            }
        } else if ((accrt_checks & ACCRT_CHECK_STALE) && !t->dead && stale(t, off, 1)) {
            report_stale_host(t, off, fault_pc(uc));
        }
        if (want_host(t, k) != P_RW && p->checks < MAX_CHECKS) {
            p->checks++;
            step(uc, pg, want_host(t, k), 0);
        } else {
            arm_needed = 1;
        }
        return 1;
    }
    if ((t = host_page_track(pg, &k)) != NULL) {
        /* other data on a watched page: open it until the next runtime call */
        protect(pg, 1, P_RW);
        set_host_prot(pg, P_RW);
        arm_needed = 1;
        return 1;
    }
    return 0;
}

static void on_segv(int sig, siginfo_t *si, void *uc) {
    int saved = errno;
    (void)sig;
    if (!handle(si->si_addr, fault_is_write(uc), uc))
        sigaction(SIGSEGV, &old_segv, NULL); /* not ours: fault again, as without checks */
    errno = saved;
}

static void on_trap(int sig, siginfo_t *si, void *uc) {
    int saved = errno;
    (void)si;
    if (!step_page) {
        sigaction(SIGTRAP, &old_trap, NULL);
        raise(sig);
        return;
    }
#if defined(__x86_64__)
    ((ucontext_t *)uc)->uc_mcontext.gregs[REG_EFL] &= ~0x100;
#endif
    if (step_dev) {
        track *t = dev_track(step_page);
        if (t)
            t->dpg[(size_t)(step_page - t->dp0) / pagesz].prot = (unsigned char)step_prot;
    } else {
        set_host_prot(step_page, step_prot);
    }
    protect(step_page, 1, step_prot);
    step_page = NULL;
    errno = saved;
}

/* Signals are handled on a stack of their own: the thread's stack may be
 * a watched page. */
static void altstack(void) {
    stack_t ss;
    if (altstack_done)
        return;
    altstack_done = 1;
    ss.ss_size = 64 * 1024;
    ss.ss_sp = mmap(NULL, ss.ss_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ss.ss_flags = 0;
    if (ss.ss_sp != MAP_FAILED)
        sigaltstack(&ss, NULL);
}

/* ---- Runtime hooks ---- */

static void at_exit_checks(void) {
    if (nreports > 0) {
        fflush(stdout);
        fprintf(stderr, "ACCC CHECK: %lu problem%s found (ACCC_CHECK); exit status 1\n", nreports,
                nreports == 1 ? "" : "s");
        fflush(stderr);
        _exit(1);
    }
}

void accrt_check_init(void) {
    const char *v = getenv("ACCC_CHECK");
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {{"bounds", ACCRT_CHECK_BOUNDS},
                   {"stale", ACCRT_CHECK_STALE},
                   {"async", ACCRT_CHECK_ASYNC},
                   {"undefined", ACCRT_CHECK_UNDEF},
                   {"gangs", ACCRT_CHECK_GANGS},
                   {"race", ACCRT_CHECK_RACE}};
    pagesz = (size_t)sysconf(_SC_PAGESIZE);
    if (!v || !*v || strcmp(v, "0") == 0 || strcmp(v, "none") == 0)
        return;
    if (strcmp(v, "all") == 0 || strcmp(v, "1") == 0) {
        accrt_checks = ACCRT_CHECK_ALL;
    } else {
        char buf[256], *tok, *save;
        snprintf(buf, sizeof buf, "%s", v);
        for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            size_t i;
            if (strcmp(tok, "all") == 0) {
                accrt_checks |= ACCRT_CHECK_ALL;
                continue;
            }
            for (i = 0; i < sizeof names / sizeof names[0]; i++)
                if (strcmp(tok, names[i].name) == 0)
                    break;
            if (i == sizeof names / sizeof names[0])
                accrt_fatal(NULL, "ACCC_CHECK=%s: unknown check '%s' (known: all, bounds, stale, async, undefined, gangs, race, none)", v, tok);
            accrt_checks |= names[i].bit;
        }
    }
    dl_iterate_phdr(first_object, &exe_base);
    {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_segv;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &old_segv);
        sa.sa_sigaction = on_trap;
        sigaction(SIGTRAP, &sa, &old_trap);
    }
    altstack();
    atexit(at_exit_checks);
}

void accrt_check_enter_runtime(void) {
    if (accrt_checks) {
        altstack();
        in_runtime++;
    }
}

void accrt_check_leave_runtime(void) {
    if (accrt_checks && --in_runtime == 0)
        arm();
}

/* Whether [p, p+bytes) meets the calling thread's stack. The runtime
 * itself runs on those pages, and the signal frames of a thread without
 * an alternate stack go there: they are never watched. */
static __thread char *stack_lo, *stack_hi;

static int on_stack(const char *p, size_t bytes) {
    if (!stack_hi) {
        pthread_attr_t a;
        void *addr;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &a) == 0) {
            if (pthread_attr_getstack(&a, &addr, &size) == 0) {
                stack_lo = addr;
                stack_hi = (char *)addr + size;
            }
            pthread_attr_destroy(&a);
        }
        if (!stack_hi) { /* unknown: the pages around a local */
            char here;
            stack_lo = page_of(&here) - (8u << 20);
            stack_hi = page_of(&here) + (1u << 20);
        }
    }
    return p < stack_hi && p + bytes > stack_lo;
}

/* The name and element size of the next device copy (accrt_check_next). */
static const char *next_name;
static size_t next_elem;

void accrt_check_next(const char *name, size_t elem) {
    next_name = name;
    next_elem = elem;
}

/* The alignment of the end of a device copy: the largest power of two
 * that divides the element size, at most 16 (unknown: 16). */
static size_t end_align(size_t elem) {
    size_t a = 16;
    while (elem && a > 1 && elem % a != 0)
        a /= 2;
    return a;
}

/* Whether pc is in the program's executable (where can name its line). */
static int in_exe(uintptr_t pc) {
    static uintptr_t lo, hi;
    if (!hi) {
        uintptr_t r[2] = {0, 0};
        dl_iterate_phdr(exe_range, r);
        lo = r[0], hi = r[1];
    }
    return pc >= lo && pc < hi;
}

/* A section that starts inside a live heap block and runs past its end
 * copies the blocks after it, memory the program has, without a fault:
 * heap.c knows the size the program asked for of each block. */
static void check_heap_block(const char *host, size_t bytes, const char *name, size_t elem, const accrt_site *s) {
    const char *start;
    const void *caller;
    size_t size, off;
    char at[320], alloc[400] = "";
    if (bytes == 0 || !accrt_heap_block(host, &start, &size, &caller))
        return;
    off = (size_t)(host - start);
    if (bytes <= size - off)
        return;
    if (caller && in_exe((uintptr_t)caller)) {
        where((uintptr_t)caller - 1, at, sizeof at); /* the call, not the instruction after it */
        snprintf(alloc, sizeof alloc, ", allocated %s", at);
    }
    if (elem && off % elem == 0 && size % elem == 0 && bytes % elem == 0)
        accrt_fatal(s,
                    "out of bounds: the section %s (%zu elements) starts at element %zu of a heap block of %zu "
                    "elements (%zu bytes%s) and runs %zu element%s past its end: is the section longer than the "
                    "array?",
                    name ? name : "?", bytes / elem, off / elem, size / elem, size, alloc,
                    (off + bytes - size) / elem, off + bytes - size == elem ? "" : "s");
    accrt_fatal(s,
                "out of bounds: the section %s (%zu bytes) starts at byte %zu of a heap block of %zu bytes%s%s%s and "
                "runs %zu bytes past its end: is the section longer than the array?",
                name ? name : "?", bytes, off, size, *alloc ? " (" : "", *alloc ? alloc + 2 : "", *alloc ? ")" : "",
                off + bytes - size);
}

/* Device memory for a copy of [host, host+bytes). */
void *accrt_check_alloc(void *host, size_t bytes, int zero, int async, const accrt_site *s) {
    track *t;
    size_t nh, nd, lead, dspan, k, meta;
    const char *name = next_name;
    size_t elem = next_elem;
    next_name = NULL;
    next_elem = 0;
    if (async == ACCRT_SYNC)
        accrt_check_sync();
    if (!accrt_checks) {
        char *b = malloc(bytes + 2 * GUARD);
        if (!b)
            return NULL;
        memset(b, CANARY, GUARD);
        memset(b + GUARD, zero ? 0 : 0xA5, bytes);
        memset(b + GUARD + bytes, CANARY, GUARD);
        return b + GUARD;
    }
    if (accrt_checks & ACCRT_CHECK_BOUNDS)
        check_heap_block(host, bytes, name, elem, s);
    lead = (uintptr_t)host & (pagesz - 1);
    nh = (lead + (bytes ? bytes : 1) + pagesz - 1) / pagesz;
    nd = ((bytes ? bytes : 1) + end_align(elem) - 1 + pagesz - 1) / pagesz;
    meta = sizeof *t + (nh + nd) * sizeof(page);
    t = meta_alloc(meta);
    if (!t)
        return NULL;
    t->nh = nh;
    t->nd = nd;
    t->hpg = (page *)(t + 1);
    t->dpg = t->hpg + nh;
    dspan = nd * pagesz;
    t->len = dspan + 2 * pagesz;
    t->base = mmap(NULL, t->len + dspan + nh * pagesz, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (t->base == MAP_FAILED) {
        munmap(t, meta);
        return NULL;
    }
    t->host = host;
    t->bytes = bytes;
    t->name = name;
    t->elem = elem;
    t->created = s;
    t->hp0 = page_of(host);
    t->dp0 = t->base + pagesz;
    t->dev = (char *)((uintptr_t)(t->dp0 + dspan - bytes) & ~(uintptr_t)(end_align(elem) - 1));
    t->dsnap = t->base + t->len;
    t->hsnap = t->dsnap + dspan;
    memset(t->dp0, CANARY, dspan);
    memset(t->dev, zero ? 0 : 0xA5, bytes);
    protect(t->base, 1, P_NONE);
    protect(t->dp0 + dspan, 1, P_NONE);
    for (k = 0; k < nh; k++)
        t->hpg[k].prot = P_RW;
    for (k = 0; k < nd; k++) {
        t->dpg[k].prot = P_RW;
        t->dpg[k].st = zero ? 0 : UNDEF;
    }
    /* A section must name host memory: msync fails with ENOMEM on pages
     * the program does not have. */
    if (bytes > 0 && msync(t->hp0, nh * pagesz, MS_ASYNC) != 0 && errno == ENOMEM) {
        k = 0;
        while (k < nh && msync(t->hp0 + k * pagesz, pagesz, MS_ASYNC) == 0)
            k++;
        accrt_fatal(s,
                    "the section %s of %zu bytes at host address %p runs into memory the program does not have "
                    "(at byte offset %zu): is the section longer than the array?",
                    name ? name : "?", bytes, host, k * pagesz > lead ? k * pagesz - lead : 0);
    }
    t->on_stack = on_stack(host, bytes);
    reap_overlapping(host, bytes);
    {
        /* Copies of one host range on several devices (ACCC_EMULATE_DEVICES):
         * the host side belongs to none of them. */
        size_t i;
        for (i = 0; i < ntracks; i++) {
            track *u = byhost[i];
            if (u->host < (char *)host + bytes && (char *)host < u->host + u->bytes) {
                u->shared_host = t->shared_host = 1;
                arm_needed = 1;
            }
        }
    }
    if (ntracks == captracks) {
        size_t c = captracks ? 2 * captracks : 512;
        track **h = meta_alloc(c * sizeof *h), **d = meta_alloc(c * sizeof *d);
        if (!h || !d)
            accrt_fatal(s, "out of host memory");
        if (captracks) {
            memcpy(h, byhost, ntracks * sizeof *h);
            memcpy(d, bydev, ndev * sizeof *d);
        }
        /* the handler may still read the old arrays: they stay */
        byhost = h;
        bydev = d;
        captracks = c;
    }
    insert_sorted(byhost, ntracks++, t, 0);
    insert_sorted(bydev, ndev++, t, 1);
    arm_needed = 1;
    return t->dev;
}

static size_t meta_bytes(const track *t) { return sizeof *t + (t->nh + t->nd) * sizeof(page); }

/* Takes t out of the registry and gives back its pages. */
static void drop(track *t) {
    size_t k;
    remove_from(byhost, ntracks--, t);
    if (!t->dead)
        remove_from(bydev, ndev--, t);
    accrt_race_free(t->race);
    for (k = 0; k < t->nh; k++) { /* the host pages go back to what the program had */
        set_host_prot(t->hp0 + k * pagesz, P_RW);
        protect(t->hp0 + k * pagesz, 1, P_RW);
    }
    if (!t->dead)
        munmap(t->base, t->len + t->nd * pagesz + t->nh * pagesz);
    munmap(t, meta_bytes(t));
    arm_needed = 1;
}

/* Drops the gone copies (waiting for a queue) whose host range meets [host, host+bytes). */
static void reap_overlapping(const char *host, size_t bytes) {
    size_t i;
    for (i = 0; i < ntracks;) {
        track *t = byhost[i];
        if (t->dead && t->host < host + bytes && host < t->host + t->bytes)
            drop(t);
        else
            i++;
    }
}

/* Whether the guard bytes around a copy are intact; the first bad byte's
 * offset from dev (negative: before) in *off. */
static int guards_ok(const char *lo, const char *hi, const char *dev, size_t bytes, long *off) {
    const char *p;
    for (p = lo; p < dev; p++)
        if ((unsigned char)*p != CANARY) {
            *off = (long)(p - dev);
            return 0;
        }
    for (p = dev + bytes; p < hi; p++)
        if ((unsigned char)*p != CANARY) {
            *off = (long)(p - dev);
            return 0;
        }
    return 1;
}

/* Stops the program: a kernel wrote into the guard bytes of the device
 * copy of name, at byte offset off from its start (negative: before). */
ACCRT_NORETURN static void guard_report(const char *name, size_t bytes, size_t elem, long off, const char *when,
                                        const accrt_site *s) {
    if (off >= 0 && elem)
        accrt_fatal(s,
                    "out of bounds: a kernel wrote past the end of the device copy of '%s': element %ld of a section "
                    "of %zu elements (found %s)",
                    name ? name : "?", off / (long)elem, bytes / elem, when);
    if (off >= 0)
        accrt_fatal(s,
                    "out of bounds: a kernel wrote past the end of the device copy of '%s' (%zu bytes): byte %ld "
                    "after its end changed (found %s)",
                    name ? name : "?", bytes, off - (long)bytes, when);
    accrt_fatal(s,
                "out of bounds: a kernel wrote before the start of the device copy of '%s': byte %ld before it "
                "changed (found %s)",
                name ? name : "?", -off, when);
}

/* Checks the guard bytes of a device copy that is about to go. */
void accrt_check_release(void *dev, size_t bytes, const char *name, const accrt_site *s) {
    track *t;
    long off;
    if (!accrt_checks) {
        char *b = (char *)dev - GUARD;
        if (!guards_ok(b, b + 2 * GUARD + bytes, dev, bytes, &off))
            guard_report(name, bytes, 0, off, "when the data was released", s);
        return;
    }
    t = dev_track(dev);
    if (t) {
        in_runtime++;
        if (!guards_ok(t->dp0, t->dp0 + t->nd * pagesz, t->dev, t->bytes, &off))
            guard_report(nm(t), t->bytes, t->elem, off, "when the data was released", s);
        in_runtime--;
    }
}

/* Frees device memory of accrt_check_alloc. A copy with a queued
 * transfer of its host pages stays in the registry without its device
 * pages until the queue is waited for. */
void accrt_check_free(void *dev, int async) {
    track *t;
    size_t k;
    if (async == ACCRT_SYNC)
        accrt_check_sync();
    if (!accrt_checks) {
        free((char *)dev - GUARD);
        return;
    }
    t = dev_track(dev);
    if (!t)
        return;
    if (t->npend == 0) {
        drop(t);
        return;
    }
    remove_from(bydev, ndev--, t);
    t->dead = 1;
    accrt_race_free(t->race);
    t->race = NULL;
    munmap(t->base, t->len + t->nd * pagesz + t->nh * pagesz);
    for (k = 0; k < t->nh; k++)
        t->hpg[k].st &= PEND_IN | PEND_OUT;
    arm_needed = 1;
}

/* The queue async names (acc_async_noval: the default async queue). */
static int queue_of(int async) {
    return async == ACCRT_ASYNC_NOVAL && accrt_default_async != ACCRT_ASYNC_NOVAL ? accrt_default_async : async;
}

/* A copy between a host range and its device copy (dir ACCRT_H2D or
 * ACCRT_D2H); async >= 0 or ACCRT_ASYNC_NOVAL marks it pending until the
 * queue is waited for. Pages the copy wholly covers are coherent again. */
void accrt_check_copy(void *dev, void *host, size_t bytes, int dir, int async, const accrt_site *s) {
    track *t;
    size_t k, lo, hi, plo, phi;
    if (async == ACCRT_SYNC)
        accrt_check_sync();
    t = accrt_checks ? host_track(host) : NULL;
    in_runtime++;
    if (!t || t->dead || bytes == 0 || (char *)dev != t->dev + ((char *)host - t->host)) {
        if (dir == ACCRT_H2D)
            memcpy(dev, host, bytes);
        else
            memcpy(host, dev, bytes);
        in_runtime--;
        return;
    }
    lo = (size_t)((char *)host - t->host);
    hi = lo + bytes;
    open_range(t, lo, hi);
    if (dir == ACCRT_H2D)
        memcpy(dev, host, bytes);
    else
        memcpy(host, dev, bytes);
    for (k = hpage(t, lo); k <= hpage(t, hi - 1); k++) {
        host_part(t, k, &plo, &phi);
        if (lo <= plo && hi >= phi)
            t->hpg[k].st &= (unsigned char)~HOST_DIRTY;
    }
    if ((accrt_checks & ACCRT_CHECK_ASYNC) && async != ACCRT_SYNC) {
        pending *pd;
        if (t->npend == MAX_PENDING) /* the oldest goes unwatched */
            memmove(t->pend, t->pend + 1, --t->npend * sizeof *t->pend);
        pd = &t->pend[t->npend++];
        pd->lo = lo;
        pd->hi = hi;
        pd->q = queue_of(async);
        pd->out = dir == ACCRT_D2H;
        pd->s = s;
        for (k = hpage(t, lo); k <= hpage(t, hi - 1); k++)
            t->hpg[k].st |= (unsigned char)pend_flags(t, k);
    }
    for (k = dpage(t, lo); k <= dpage(t, hi - 1); k++) {
        dev_part(t, k, &plo, &phi);
        if (lo <= plo && hi >= phi)
            t->dpg[k].st &= (unsigned char)~(DEV_DIRTY | UNDEF);
    }
    in_runtime--;
}

/* The host waited for queue q (all queues: q == ACCRT_SYNC - 1). */
void accrt_check_waited(int q) {
    size_t i, k;
    int locked = 0;
    if (!(accrt_checks & ACCRT_CHECK_ASYNC))
        return;
    if (!in_runtime) { /* a wait of the program's: the registry is the runtime's */
        accrt_lock();
        locked = 1;
    }
    if (q != ACCRT_SYNC - 1)
        q = queue_of(q);
    for (i = 0; i < ntracks;) {
        track *t = byhost[i];
        int j, n = 0;
        if (t->npend == 0) {
            i++;
            continue;
        }
        for (j = 0; j < t->npend; j++)
            if (q != ACCRT_SYNC - 1 && t->pend[j].q != q)
                t->pend[n++] = t->pend[j];
        if (n != t->npend) {
            t->npend = n;
            for (k = 0; k < t->nh; k++)
                t->hpg[k].st = (unsigned char)((t->hpg[k].st & ~(PEND_IN | PEND_OUT)) | pend_flags(t, k));
            arm_needed = 1;
        }
        if (t->dead && t->npend == 0) {
            drop(t);
            continue;
        }
        i++;
    }
    if (locked)
        accrt_unlock(); /* re-arms */
}

void accrt_check_launch_begin(const accrt_site *s, int async) {
    kernel_site = s;
    if (async == ACCRT_SYNC)
        accrt_check_sync();
    if (accrt_checks) {
        accrt_lock();
        accrt_unlock(); /* arms the pages for the kernel */
    }
}

/* Synchronous work comes after everything queued before it, which the
 * host then has waited for (docs/architecture.md: NVHPC's legacy default
 * stream). */
void accrt_check_sync(void) { accrt_check_waited(ACCRT_SYNC - 1); }

/* Clears UNDEF of device page k of t, which a kernel wrote, where no
 * element on it is unwritten any more (see undefined). */
static void settle(track *t, size_t k) {
    size_t lo, hi, i, g = t->elem == 1 || t->elem == 2 || t->elem == 4 || t->elem == 8 || t->elem == 16 ? t->elem : 8;
    dev_part(t, k, &lo, &hi);
    for (i = lo / g * g; i < hi; i += g)
        if (undefined(t, i))
            return;
    t->dpg[k].st &= (unsigned char)~UNDEF;
    arm_needed = 1;
}

/* After a kernel: the canaries in the slack before each device copy, and
 * the device pages the kernel wrote whole. */
void accrt_check_launch_end(const accrt_site *s) {
    size_t i, k;
    long off;
    kernel_site = NULL;
    if (!accrt_checks)
        return;
    accrt_lock();
    for (i = 0; i < ntracks; i++) {
        track *t = byhost[i];
        if (t->dead)
            continue;
        if (!guards_ok(t->dp0, t->dp0 + t->nd * pagesz, t->dev, t->bytes, &off))
            guard_report(nm(t), t->bytes, t->elem, off, "after the kernel", s);
        for (k = 0; k < t->nd && (accrt_checks & ACCRT_CHECK_UNDEF); k++)
            if ((t->dpg[k].st & (UNDEF | DEV_DIRTY)) == (UNDEF | DEV_DIRTY) &&
                t->dpg[k].undef_checks < MAX_UNDEF_CHECKS)
                settle(t, k);
    }
    arm_needed = 1;
    accrt_unlock(); /* re-arms */
}

/* The device copy that holds p, for race.c: its range, name, element
 * size and the slot of its race shadow. */
int accrt_check_copy_of(const void *p, char **dev, size_t *bytes, size_t *elem, const char **name, void ***race) {
    track *t = dev_track(p);
    if (!t || (const char *)p < t->dev || (const char *)p >= t->dev + t->bytes)
        return 0;
    *dev = t->dev;
    *bytes = t->bytes;
    *elem = t->elem;
    *name = t->name;
    *race = &t->race;
    return 1;
}

/* A report of race.c: the program exits with status 1. */
void accrt_check_count(void) { nreports++; }

/* deviceptr (§2.7.5): p must be device memory; on emulate, a device copy
 * or acc_malloc memory. */
void accrt_check_deviceptr(const void *p, const char *name, const accrt_site *s) {
    int ok;
    if (!accrt_checks || p == NULL)
        return;
    accrt_lock();
    /* managed memory (-gpu=mem:managed, memory.c) is the device's too */
    ok = dev_track(p) != NULL || accrt_acc_malloc_owns(p) || accrt_heap_shared(p, 1);
    accrt_unlock();
    if (ok)
        return;
    if (host_track(p) != NULL) {
        track *t = host_track(p);
        accrt_fatal(s, "deviceptr(%s): %p is the host address of '%s', not device memory (use present, or "
                       "acc_deviceptr to get the device address)",
                    name ? name : "?", p, nm(t));
    }
    accrt_fatal(s,
                "deviceptr(%s): %p is not device memory (it is neither from acc_malloc nor a device address of "
                "mapped data); on a GPU the kernel would read host memory",
                name ? name : "?", p);
}
