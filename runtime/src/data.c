/* data.c: data clauses, enter/exit data, update and present lookups
 * (OpenACC 3.4 §2.6.5–2.6.8, §2.7, §2.14). Everything here runs under the
 * runtime lock; the backend moves the bytes. */
#include "accrt_impl.h"
#include "acc_prof.h" /* event types of the directives */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Set in accrt_map.flags by accrt_enter when it took a structured reference,
 * cleared by accrt_exit. */
#define ENTERED (1u << 31)
/* Set by accrt_enter on an item whose range an earlier item of the same
 * construct maps too: the earlier item does the work of both (see
 * merge_same_ranges); this one only gets the device address. */
#define MERGED (1u << 30)
/* Set on an item that stands for a present clause too: absent data is an
 * error although its kind would create the data. */
#define MUST_BE_PRESENT (1u << 29)
#define INTERNAL_FLAGS (ENTERED | MERGED | MUST_BE_PRESENT)

static const char *nm(const char *name) { return name ? name : "?"; }

/* The profiling event of a directive (§5.1). The acc_* routines dispatch
 * their own events around these functions. */
static void directive_event(int event, const accrt_site *s, int async, int api) {
    if (accrt_prof_active && s && !accrt_api_routine(s))
        accrt_prof_other(event, s, async, api);
}

static char *devaddr(const accrt_entry *e, const void *host) { return e->dev + ((const char *)host - e->host); }

/* Separate memory: no range is shared. memory.c, linked in a program built
 * with a memory mode (-gpu=mem:managed, unified), replaces this. */
__attribute__((weak)) int accrt_heap_shared(const void *p, size_t bytes) {
    (void)p, (void)bytes;
    return 0;
}

/* Whether e's device copy is the host's bytes on a separate-memory backend:
 * managed (or unified) memory, which the device reaches where the host
 * has it, so that the entry only counts references (-gpu=mem:managed):
 * nothing to allocate, copy or free. */
static int in_place(const accrt_entry *e) { return !accrt_be_shared_memory && e->dev == e->host && !e->mapped_by_user; }

/* Messages number devices from 1, as NVHPC's do: device 1 is device
 * number 0 of acc_set_device_num. */
ACCRT_NORETURN static void partial(const accrt_map *m, const accrt_entry *e, const accrt_site *s) {
    accrt_fatal(s,
                "variable in data clause is partially present on device %d: name=%s host:%p-%p (%zu bytes) "
                "overlaps present name=%s host:%p-%p (%zu bytes)",
                accrt_dev() + 1, nm(m->name), m->host, (void *)((char *)m->host + m->bytes), m->bytes, nm(e->name),
                (void *)e->host, (void *)(e->host + e->bytes), e->bytes);
}

ACCRT_NORETURN static void absent(const char *clause, const char *name, const void *host, const accrt_site *s) {
    accrt_fatal(s, "data in %s clause was not found on device %d: name=%s host:%p", clause, accrt_dev() + 1, nm(name),
                host);
}

/* Finds m's range, which must be wholly present or wholly absent. */
static accrt_entry *find(const accrt_map *m, const accrt_site *s) {
    accrt_found f = accrt_table_find(m->host, m->bytes);
    if (accrt_debug)
        accrt_trace_lookup(m->name, m->host, m->bytes, f.e, f.state);
    if (f.state == ACCRT_PARTIAL)
        partial(m, f.e, s);
    return f.e;
}

/* The device value of the host pointer *pp (§2.6.8): 1 and its target's
 * device address in *out when the target is present, else 0. off is the
 * byte offset from *pp of the section that was mapped with the attach
 * (s.p[10:20] maps from s.p + 10): the device pointer is then the device
 * address of that section minus off, so that p[10] on the device is the
 * device copy of p[10]. */
static int translate_target(void **pp, size_t off, void **out) {
    accrt_found t;
    char *target;
    if (*pp == NULL)
        return 0;
    target = (char *)*pp + off;
    t = accrt_table_find(target, 0);
    if (t.state != ACCRT_PRESENT_ALL)
        return 0;
    *out = devaddr(t.e, target) - off;
    return 1;
}

typedef struct {
    accrt_entry *e;
    int async;
    const accrt_site *s;
} xfer_ctx;

/* After a copy to the device, attached pointers in the range point at
 * device data again. */
static void reattach(void **pp, long count, void *arg) {
    xfer_ctx *c = arg;
    void *d;
    if (count > 0 && !in_place(c->e) && translate_target(pp, 0, &d))
        accrt_be_h2d(devaddr(c->e, pp), &d, sizeof d, c->async, c->s);
}

static void h2d(accrt_entry *e, void *host, size_t bytes, const char *name, int async, const accrt_site *s) {
    xfer_ctx c;
    double t0;
    if (in_place(e))
        return;
    t0 = accrt_seconds();
    if (accrt_tracing)
        accrt_trace_xfer(ACCRT_H2D, name, host, devaddr(e, host), bytes, async, s);
    accrt_be_h2d(devaddr(e, host), host, bytes, async, s);
    if (accrt_tracing)
        accrt_trace_xfer_end(s);
    accrt_profile_transfer(s, ACCRT_H2D, name, bytes, accrt_seconds() - t0);
    c.e = e;
    c.async = async;
    c.s = s;
    accrt_attach_each(host, (char *)host + bytes, reattach, &c);
}

typedef struct {
    void ***ptr;
    void **val;
    size_t n;
} saved_ptrs;

static void count_ptr(void **pp, long count, void *arg) {
    (void)pp;
    if (count > 0)
        ++*(size_t *)arg;
}

static void save_ptr(void **pp, long count, void *arg) {
    saved_ptrs *sp = arg;
    if (count > 0) {
        sp->ptr[sp->n] = pp;
        sp->val[sp->n++] = *pp;
    }
}

/* Copies to the host. Attached pointers in the range keep their host
 * values (§2.6.8): the copy waits for the queue, then puts them back. */
static void d2h(accrt_entry *e, void *host, size_t bytes, const char *name, int async, const accrt_site *s) {
    saved_ptrs sp = {NULL, NULL, 0};
    size_t n = 0, i;
    double t0;
    if (in_place(e))
        return;
    accrt_attach_each(host, (char *)host + bytes, count_ptr, &n);
    if (n > 0) {
        sp.ptr = malloc(n * sizeof *sp.ptr);
        sp.val = malloc(n * sizeof *sp.val);
        if (!sp.ptr || !sp.val)
            accrt_fatal(s, "out of host memory");
        accrt_attach_each(host, (char *)host + bytes, save_ptr, &sp);
    }
    t0 = accrt_seconds();
    if (accrt_tracing)
        accrt_trace_xfer(ACCRT_D2H, name, host, devaddr(e, host), bytes, async, s);
    accrt_be_d2h(host, devaddr(e, host), bytes, async, s);
    if (accrt_tracing)
        accrt_trace_xfer_end(s);
    accrt_profile_transfer(s, ACCRT_D2H, name, bytes, accrt_seconds() - t0);
    if (n > 0) {
        accrt_wait(async, s);
        for (i = 0; i < n; i++)
            *sp.ptr[i] = sp.val[i];
        free(sp.ptr);
        free(sp.val);
    }
}

/* The name of a data clause kind, for messages. */
static const char *clause_name(int kind) {
    static const char *const names[] = {"copy",    "copyin",    "copyout", "create", "no_create",
                                        "present", "deviceptr", "attach",  "detach", "delete"};
    return kind >= 0 && kind < (int)(sizeof names / sizeof names[0]) ? names[kind] : "data";
}

static accrt_entry *create(accrt_map *m, int copy, int async, const accrt_site *s) {
    void *dev;
    if (m->host == NULL)
        accrt_fatal(s, "%s of %zu bytes at a null pointer: name=%s (the section names no host memory)",
                    clause_name(m->kind), m->bytes, nm(m->name));
    if (!accrt_be_shared_memory && !(m->flags & ACCRT_CAPTURE) && accrt_heap_shared(m->host, m->bytes)) {
        /* managed or unified memory: the device uses the host's bytes
         * (§2.6.1: data in shared memory is not copied); capture (§2.7.4)
         * asks for a copy of its own */
        dev = m->host;
    } else if (accrt_be_shared_memory && (m->flags & ACCRT_CAPTURE)) {
        /* §2.7.4 capture: a discrete copy on a shared-memory device; the
         * shared backend's copies move bytes whenever dev != host. */
        dev = malloc(m->bytes);
        if (!dev)
            accrt_fatal(s, "out of memory capturing %zu bytes: name=%s", m->bytes, nm(m->name));
        if (m->flags & ACCRT_ZERO)
            memset(dev, 0, m->bytes);
    } else {
#if defined(ACCRT_BACKEND_EMULATE)
        accrt_check_next(m->name, m->elem);
#endif
        dev = accrt_be_alloc(m->host, m->bytes, (m->flags & ACCRT_ZERO) != 0, async, s);
    }
    if (dev != m->host && accrt_tracing)
        accrt_trace_alloc(1, m->name, m->host, dev, m->bytes, s);
    if (dev != m->host) /* device memory of its own (§5.1.2 acc_ev_alloc) */
        accrt_prof_data(acc_ev_alloc, s, async, m->name, m->host, dev, m->bytes, 0);
    accrt_entry *e = accrt_table_insert(m->host, m->bytes, dev, m->name);
    if (accrt_tracing)
        accrt_trace_table(1, e);
    accrt_prof_data(acc_ev_create, s, async, m->name, m->host, dev, m->bytes, 0);
    if ((m->flags & ACCRT_PIN) && !accrt_be_shared_memory && !in_place(e))
        e->pinned = accrt_be_pin(m->host, m->bytes, s);
    if (copy)
        h2d(e, m->host, m->bytes, m->name, async, s);
    return e;
}

void accrt_entry_delete(accrt_entry *e, int async, const accrt_site *s) {
    /* §5.1.2: acc_ev_delete before the data is disassociated, acc_ev_free
     * before device memory of its own is freed */
    accrt_prof_data(acc_ev_delete, s, async, e->name, e->host, e->dev, e->bytes, 0);
    if (!e->mapped_by_user && e->dev != e->host)
        accrt_prof_data(acc_ev_free, s, async, e->name, e->host, e->dev, e->bytes, 0);
    if (accrt_tracing && !e->mapped_by_user && e->dev != e->host)
        accrt_trace_alloc(0, e->name, e->host, e->dev, e->bytes, s);
    if (accrt_tracing)
        accrt_trace_table(0, e);
    accrt_attach_remove_range(e->host, e->host + e->bytes);
    if (e->pinned)
        accrt_be_unpin(e->pinned, s);
    if (e->mapped_by_user) {
        /* acc_map_data: the program's memory, never freed here */
    } else if (accrt_be_shared_memory && e->dev != e->host) {
        free(e->dev); /* a captured copy */
    } else if (in_place(e)) {
        /* managed memory: the program's block, freed by the program */
    } else {
#if defined(ACCRT_BACKEND_EMULATE)
        accrt_check_release(e->dev, e->bytes, e->name, s);
#endif
        accrt_be_free(e->dev, e->bytes, async, s);
    }
    accrt_table_remove(e);
}

/* Attach action (§2.6.8): the pointer at pp must be present (unless the
 * attach is implied by a pointer section); the first attach points its
 * device copy at the device copy of its target. A NULL or absent target
 * is left alone, as acc_attach does (§3.2.34). */
static int attach(accrt_map *m, int async, const accrt_site *s) {
    void **pp = m->host;
    accrt_found f = accrt_table_find(pp, sizeof *pp);
    long *count;
    void *d;
    if (f.state != ACCRT_PRESENT_ALL) {
        if (m->flags & ACCRT_IMPLICIT)
            return 0;
        absent("ATTACH", m->name, pp, s);
    }
    m->dev = devaddr(f.e, pp);
    if (!translate_target(pp, m->row_off, &d))
        return 0;
    count = accrt_attach_slot(pp, 1);
    if (*count == 0 && !in_place(f.e)) /* in managed memory the host's pointer is the device's */
        accrt_be_h2d(m->dev, &d, sizeof d, async, s);
    ++*count;
    return 1;
}

/* Detach action (§2.6.8): the last detach restores the host value. */
static void detach(accrt_map *m, int finalize, int async, const accrt_site *s) {
    void **pp = m->host;
    long *count = accrt_attach_slot(pp, 0);
    accrt_found f;
    if (!count)
        return;
    if (finalize || --*count <= 0) {
        accrt_attach_drop(pp);
        f = accrt_table_find(pp, sizeof *pp);
        if (f.state == ACCRT_PRESENT_ALL && !in_place(f.e))
            accrt_be_h2d(devaddr(f.e, pp), pp, sizeof *pp, async, s);
    }
}

static void release(accrt_entry *e, int copyout, accrt_map *m, int async, const accrt_site *s) {
    int last = e->sref == 0 && e->dref == 0;
    if ((copyout && last) || (m->flags & ACCRT_ALWAYSOUT))
        d2h(e, m->host, m->bytes, m->name, async, s);
    if (last)
        accrt_entry_delete(e, async, s);
}

/* One item of a structured construct's entry: present-or-create with a
 * structured reference (§2.6.5, §2.7). Sets ENTERED when the exit has
 * something to undo. */
static void enter_item(accrt_map *m, int async, const accrt_site *s) {
    accrt_entry *e;
    m->flags &= ~ENTERED;
    if (m->kind == ACCRT_DEVICEPTR) {
        m->dev = m->host;
        return;
    }
    if (m->kind == ACCRT_ATTACH) {
        if (attach(m, async, s))
            m->flags |= ENTERED;
        return;
    }
    if (m->bytes == 0) { /* zero-length section: nothing to map */
        m->dev = accrt_lookup_locked(m->host);
        return;
    }
    e = find(m, s);
    if (!e && (m->kind == ACCRT_PRESENT || (m->flags & MUST_BE_PRESENT))) {
        /* managed memory is present wherever the device reaches it: an
         * entry that only counts references */
        if (!(m->flags & ACCRT_CAPTURE) && accrt_heap_shared(m->host, m->bytes))
            e = create(m, 0, async, s);
        else
            absent("PRESENT", m->name, m->host, s);
    }
    switch (m->kind) {
    case ACCRT_PRESENT:
        break;
    case ACCRT_NO_CREATE:
        if (!e) {
            m->dev = m->host; /* §2.7.11: the local address */
            return;
        }
        break;
    case ACCRT_COPY:
    case ACCRT_COPYIN:
        if (e && (m->flags & ACCRT_ALWAYSIN))
            h2d(e, m->host, m->bytes, m->name, async, s);
        else if (!e)
            e = create(m, 1, async, s);
        break;
    case ACCRT_COPYOUT:
    case ACCRT_CREATE:
        if (!e)
            e = create(m, 0, async, s);
        break;
    default:
        accrt_fatal(s, "internal error: clause kind %d on a structured construct: name=%s", m->kind, nm(m->name));
    }
    e->sref++;
    m->dev = devaddr(e, m->host);
    m->flags |= ENTERED;
}

/* The matching exit: detach, or drop the structured reference and copy
 * out and delete with the last reference. */
static void exit_item(accrt_map *m, int async, const accrt_site *s) {
    accrt_found f;
    if (!(m->flags & ENTERED))
        return;
    m->flags &= ~ENTERED;
    if (m->kind == ACCRT_ATTACH) {
        detach(m, 0, async, s);
        return;
    }
    f = accrt_table_find(m->host, m->bytes);
    if (f.state != ACCRT_PRESENT_ALL || f.e->sref <= 0)
        accrt_fatal(s, "data of a structured data region was unmapped before the end of the region: name=%s host:%p",
                    nm(m->name), m->host);
    f.e->sref--;
    release(f.e, m->kind == ACCRT_COPY || m->kind == ACCRT_COPYOUT, m, async, s);
}

/* Deep copy of p[lo:n][off:len] (see accrt_map): the pointer array is
 * item 0 of the expansion, the rows and their attachments follow. The
 * items are built on the fly from the host pointers, so entry and exit
 * see the same rows as long as the program does not change the row
 * pointers inside the region (§2.6.8 makes that undefined too). */

static size_t nrows(const accrt_map *m) { return m->bytes / sizeof(void *); }

static accrt_map row_map(const accrt_map *m, size_t i, int attach_ptr) {
    accrt_map r;
    void **rows = m->host;
    memset(&r, 0, sizeof r);
    r.name = m->name;
    if (attach_ptr) {
        r.kind = m->kind == ACCRT_DETACH ? ACCRT_DETACH : ACCRT_ATTACH;
        r.flags = (m->flags & ACCRT_FINALIZE) | ACCRT_IMPLICIT;
        r.host = &rows[i];
        r.bytes = sizeof(void *);
        r.row_off = m->row_off; /* a band of columns: attach at its start */
        return r;
    }
    r.kind = m->kind;
    r.flags = m->flags & ~(unsigned)ENTERED;
    r.host = rows[i] ? (char *)rows[i] + m->row_off : NULL;
    r.bytes = rows[i] ? m->row_bytes : 0;
    return r;
}

/* The pointer array: copied in (never out: it holds device addresses on
 * the device), or checked for presence. */
static int array_kind(int kind) {
    switch (kind) {
    case ACCRT_COPY:
    case ACCRT_COPYOUT:
    case ACCRT_CREATE:
        return ACCRT_COPYIN;
    case ACCRT_DELETE:
        return ACCRT_DELETE;
    }
    return kind;
}

/* Structured entry of a deep-copied section: array, rows, attachments.
 * The per-row ENTERED state is not kept: every row of a present/copy
 * clause is entered (or the program stops), and no_create rows that were
 * absent are skipped at exit by their presence. */
static void enter_rows(accrt_map *m, int async, const accrt_site *s) {
    size_t i, n = nrows(m);
    int kind = m->kind;
    m->kind = array_kind(kind);
    enter_item(m, async, s);
    m->kind = kind;
    if (!(m->flags & ENTERED))
        return;
    for (i = 0; i < n; i++) {
        accrt_map r = row_map(m, i, 0), a = row_map(m, i, 1);
        if (r.host == NULL || r.bytes == 0)
            continue;
        enter_item(&r, async, s);
        if (r.flags & ENTERED)
            enter_item(&a, async, s);
    }
}

static void exit_rows(accrt_map *m, int async, const accrt_site *s) {
    size_t i, n = nrows(m);
    int kind = m->kind;
    if (!(m->flags & ENTERED))
        return;
    for (i = n; i-- > 0;) {
        accrt_map r = row_map(m, i, 0), a = row_map(m, i, 1);
        accrt_found f;
        if (r.host == NULL || r.bytes == 0)
            continue;
        f = accrt_table_find(r.host, r.bytes);
        if (f.state != ACCRT_PRESENT_ALL || f.e->sref <= 0)
            continue; /* a no_create row that was absent */
        if (accrt_attach_slot(a.host, 0)) {
            a.flags |= ENTERED;
            exit_item(&a, async, s);
        }
        r.flags |= ENTERED;
        exit_item(&r, async, s);
    }
    m->kind = array_kind(kind);
    exit_item(m, async, s);
    m->kind = kind;
}

/* Items of one construct that map the same host range. */
static int same_range(const accrt_map *a, const accrt_map *b) {
    return a->host == b->host && a->bytes == b->bytes && a->row_off == b->row_off && a->row_bytes == b->row_bytes;
}

static int copies_in(int kind) { return kind == ACCRT_COPY || kind == ACCRT_COPYIN; }
static int copies_out(int kind) { return kind == ACCRT_COPY || kind == ACCRT_COPYOUT; }

/* The items of a structured construct that map data with a reference
 * count (not attach, deviceptr, or zero-length sections). */
static int maps_range(const accrt_map *m) {
    switch (m->kind) {
    case ACCRT_COPY:
    case ACCRT_COPYIN:
    case ACCRT_COPYOUT:
    case ACCRT_CREATE:
    case ACCRT_NO_CREATE:
    case ACCRT_PRESENT:
        return m->bytes > 0;
    }
    return 0;
}

/* A variable in two data clauses of one construct (copyin(p[0:n])
 * copyout(p[0:n]); nothing in §2.7 forbids it) must not get a result
 * that depends on the order of the clauses, as it would with one
 * structured reference per item, where only the item that drops the last
 * one copies out. Items of the construct that map the same host range
 * (the same section, an array and a section covering it, explicit and
 * implicit items alike) act as the first of them, with the union of
 * their actions: it copies in if one of them copies in, out if one
 * copies out, creates absent data if one of them would (no_create
 * yields), demands present data if one is a present clause (the data
 * must be present at entry, §2.7.6), has all their modifiers, and takes
 * the one structured reference; the others are MERGED. Ranges that only
 * overlap stay separate items. */
static void merge_same_ranges(accrt_map *m, int n) {
    int i, j;
    for (i = 0; i < n; i++)
        m[i].flags &= ~(unsigned)MERGED;
    for (i = 0; i < n; i++) {
        int in, out, alloc, present, merged = 0;
        unsigned flags = m[i].flags;
        if (!maps_range(&m[i]) || (flags & MERGED))
            continue;
        in = copies_in(m[i].kind);
        out = copies_out(m[i].kind);
        alloc = in || out || m[i].kind == ACCRT_CREATE;
        present = m[i].kind == ACCRT_PRESENT || (flags & MUST_BE_PRESENT);
        for (j = i + 1; j < n; j++) {
            int k = m[j].kind;
            if (!maps_range(&m[j]) || !same_range(&m[i], &m[j]))
                continue;
            in |= copies_in(k);
            out |= copies_out(k);
            alloc |= copies_in(k) || copies_out(k) || k == ACCRT_CREATE;
            present |= k == ACCRT_PRESENT || (m[j].flags & MUST_BE_PRESENT);
            flags |= m[j].flags & ~(unsigned)INTERNAL_FLAGS;
            m[j].flags = (m[j].flags & ~(unsigned)ENTERED) | MERGED;
            merged = 1;
        }
        if (!merged)
            continue;
        m[i].kind = in && out ? ACCRT_COPY
                    : in      ? ACCRT_COPYIN
                    : out     ? ACCRT_COPYOUT
                    : alloc   ? ACCRT_CREATE
                    : present ? ACCRT_PRESENT
                              : ACCRT_NO_CREATE;
        m[i].flags = flags & ~(unsigned)MUST_BE_PRESENT;
        if (present && m[i].kind != ACCRT_PRESENT)
            m[i].flags |= MUST_BE_PRESENT;
    }
}

/* The host device (accrt_host_current): all host memory is present on it
 * at its own address and nothing moves; its entries take no reference, so
 * the matching exit has nothing to undo (it undoes the entries made while
 * the device was current, if the program switched inside the region). */
static int host_device(accrt_map *m, int n) {
    int i;
    if (!accrt_host_current())
        return 0;
    for (i = 0; i < n; i++) {
        m[i].dev = m[i].host;
        m[i].flags &= ~(unsigned)(ENTERED | MERGED);
    }
    return 1;
}

void accrt_enter(accrt_map *m, int n, int async, const accrt_site *s) {
    int i, j;
    accrt_init(); /* NV_ACC_NOTIFY, NV_ACC_DEBUG */
    if (host_device(m, n))
        return;
    if (accrt_tracing)
        accrt_trace_region(1, s, async);
    directive_event(acc_ev_enter_data_start, s, async, 0); /* outside the lock: callbacks may call the API */
    accrt_lock();
    accrt_profile_region(s);
    merge_same_ranges(m, n);
    for (i = 0; i < n; i++) {
        if (m[i].flags & MERGED)
            continue;
        if (m[i].row_bytes)
            enter_rows(&m[i], async, s);
        else
            enter_item(&m[i], async, s);
    }
    /* A merged item uses the device address of the item it merged into. */
    for (i = 0; i < n; i++)
        for (j = 0; (m[i].flags & MERGED) && j < i; j++)
            if (!(m[j].flags & MERGED) && maps_range(&m[j]) && same_range(&m[i], &m[j])) {
                m[i].dev = m[j].dev;
                break;
            }
    accrt_unlock();
    directive_event(acc_ev_enter_data_end, s, async, 0);
    accrt_construct_done(async, s);
}

void accrt_exit(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    directive_event(acc_ev_exit_data_start, s, async, 0); /* outside the lock: callbacks may call the API */
    accrt_lock();
    /* In reverse: pointers are detached before their targets go. */
    for (i = n - 1; i >= 0; i--) {
        if (m[i].row_bytes)
            exit_rows(&m[i], async, s);
        else
            exit_item(&m[i], async, s);
    }
    accrt_unlock();
    directive_event(acc_ev_exit_data_end, s, async, 0);
    accrt_construct_done(async, s);
    if (accrt_tracing)
        accrt_trace_region(0, s, async);
}

/* One item of enter data (§2.14.6): dynamic reference counts. */
static void enter_data_item(accrt_map *m, int async, const accrt_site *s) {
    accrt_entry *e;
    if (m->kind == ACCRT_ATTACH) {
        attach(m, async, s);
        return;
    }
    if (m->kind != ACCRT_COPYIN && m->kind != ACCRT_CREATE)
        accrt_fatal(s, "internal error: clause kind %d on enter data: name=%s", m->kind, nm(m->name));
    if (m->bytes == 0) {
        m->dev = accrt_lookup_locked(m->host);
        return;
    }
    e = find(m, s);
    if (!e)
        e = create(m, m->kind == ACCRT_COPYIN, async, s);
    else if (m->kind == ACCRT_COPYIN && (m->flags & ACCRT_ALWAYSIN))
        h2d(e, m->host, m->bytes, m->name, async, s);
    e->dref++;
    m->dev = devaddr(e, m->host);
}

/* One item of exit data (§2.14.7). */
static void exit_data_item(accrt_map *m, int async, const accrt_site *s) {
    accrt_entry *e;
    int fin = (m->flags & ACCRT_FINALIZE) != 0;
    if (m->kind == ACCRT_DETACH) {
        detach(m, fin, async, s);
        return;
    }
    if (m->kind != ACCRT_COPYOUT && m->kind != ACCRT_DELETE)
        accrt_fatal(s, "internal error: clause kind %d on exit data: name=%s", m->kind, nm(m->name));
    if (m->bytes == 0)
        return;
    /* §2.7.9, §2.7.12: absent data, or no dynamic reference: no action. */
    e = find(m, s);
    if (!e || e->dref == 0)
        return;
    e->dref = fin ? 0 : e->dref - 1;
    release(e, m->kind == ACCRT_COPYOUT, m, async, s);
}

/* enter data and exit data keep one dynamic reference per item, but
 * what moves must not depend on the order of the clauses either: items of
 * one directive that map the same range all have kind copy if one of them
 * has (other, the kind that moves nothing: enter data create(p)
 * copyin(p) copies in, exit data delete(p) copyout(p) copies out), and
 * all zero-fill if one of them has zero:. */
static void unite_dynamic(accrt_map *m, int n, int copy, int other) {
    int i, j;
    for (i = 0; i < n; i++) {
        if ((m[i].kind != copy && m[i].kind != other) || m[i].bytes == 0)
            continue;
        for (j = 0; j < n; j++)
            if (j != i && (m[j].kind == copy || m[j].kind == other) && same_range(&m[i], &m[j])) {
                if (m[j].kind == copy)
                    m[i].kind = copy;
                m[i].flags |= m[j].flags & ACCRT_ZERO;
            }
    }
}

void accrt_enter_data(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    size_t j;
    accrt_init(); /* NV_ACC_NOTIFY, NV_ACC_DEBUG */
    if (host_device(m, n))
        return;
    if (accrt_tracing)
        accrt_trace_region(1, s, async);
    directive_event(acc_ev_enter_data_start, s, async, 0); /* outside the lock: callbacks may call the API */
    accrt_lock();
    accrt_profile_region(s);
    unite_dynamic(m, n, ACCRT_COPYIN, ACCRT_CREATE);
    for (i = 0; i < n; i++) {
        accrt_map *mi = &m[i];
        int kind = mi->kind;
        if (!mi->row_bytes) {
            enter_data_item(mi, async, s);
            continue;
        }
        mi->kind = ACCRT_COPYIN; /* the pointer array */
        enter_data_item(mi, async, s);
        mi->kind = kind;
        for (j = 0; j < nrows(mi); j++) {
            accrt_map r = row_map(mi, j, 0), a = row_map(mi, j, 1);
            if (r.host == NULL || r.bytes == 0)
                continue;
            enter_data_item(&r, async, s);
            attach(&a, async, s);
        }
    }
    accrt_unlock();
    directive_event(acc_ev_enter_data_end, s, async, 0);
    accrt_construct_done(async, s);
    if (accrt_tracing)
        accrt_trace_region(0, s, async);
}

void accrt_exit_data(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    size_t j;
    accrt_init(); /* NV_ACC_NOTIFY, NV_ACC_DEBUG */
    if (host_device(m, n))
        return;
    if (accrt_tracing)
        accrt_trace_region(1, s, async);
    directive_event(acc_ev_exit_data_start, s, async, 0); /* outside the lock: callbacks may call the API */
    accrt_lock();
    accrt_profile_region(s);
    unite_dynamic(m, n, ACCRT_COPYOUT, ACCRT_DELETE);
    for (i = 0; i < n; i++) {
        accrt_map *mi = &m[i];
        int kind = mi->kind;
        if (!mi->row_bytes) {
            exit_data_item(mi, async, s);
            continue;
        }
        for (j = nrows(mi); j-- > 0;) {
            accrt_map r = row_map(mi, j, 0), a = row_map(mi, j, 1);
            if (r.host == NULL || r.bytes == 0)
                continue;
            a.kind = ACCRT_DETACH;
            exit_data_item(&a, async, s);
            exit_data_item(&r, async, s);
        }
        mi->kind = ACCRT_DELETE; /* the pointer array */
        exit_data_item(mi, async, s);
        mi->kind = kind;
    }
    accrt_unlock();
    directive_event(acc_ev_exit_data_end, s, async, 0);
    accrt_construct_done(async, s);
    if (accrt_tracing)
        accrt_trace_region(0, s, async);
}

static void update(int self, void *host, size_t bytes, const char *name, int async, int if_present,
                   const accrt_site *s) {
    accrt_found f;
    accrt_init(); /* NV_ACC_NOTIFY, NV_ACC_DEBUG */
    if (bytes == 0 || accrt_host_current())
        return;
    if (accrt_tracing)
        accrt_trace_region(1, s, async);
    directive_event(acc_ev_update_start, s, async, 0);
    accrt_lock();
    accrt_profile_region(s);
    f = accrt_table_find(host, bytes);
    if (accrt_debug)
        accrt_trace_lookup(name, host, bytes, f.e, f.state);
    if (f.state == ACCRT_PARTIAL) {
        accrt_map m;
        m.name = name;
        m.host = host;
        m.bytes = bytes;
        partial(&m, f.e, s);
    }
    if (f.state == ACCRT_ABSENT) {
        if (!if_present && !accrt_heap_shared(host, bytes)) /* managed memory: nothing to move */
            absent(self ? "update self" : "update device", name, host, s);
    } else if (self) {
        d2h(f.e, host, bytes, name, async, s);
    } else {
        h2d(f.e, host, bytes, name, async, s);
    }
    accrt_unlock();
    directive_event(acc_ev_update_end, s, async, 0);
    accrt_construct_done(async, s);
    if (accrt_tracing)
        accrt_trace_region(0, s, async);
}

void accrt_update_self(void *host, size_t bytes, const char *name, int async, int if_present, const accrt_site *s) {
    update(1, host, bytes, name, async, if_present, s);
}

void accrt_update_device(void *host, size_t bytes, const char *name, int async, int if_present,
                         const accrt_site *s) {
    update(0, host, bytes, name, async, if_present, s);
}

/* The device address of a host address in a present range, or NULL. */
void *accrt_lookup_locked(const void *host) {
    accrt_found f = accrt_table_find(host, 0);
    if (f.state != ACCRT_PRESENT_ALL)
        return accrt_be_shared_memory || accrt_heap_shared(host, 1) ? (void *)host : NULL;
    return devaddr(f.e, host);
}

void *accrt_deviceptr(void *host, const char *name, const accrt_site *s) {
    accrt_found f;
    void *d;
    if (host == NULL || accrt_host_current())
        return host;
    accrt_lock();
    f = accrt_table_find(host, 0);
    if (accrt_debug)
        accrt_trace_lookup(name, host, 0, f.e, f.state);
    if (f.state == ACCRT_PRESENT_ALL)
        d = devaddr(f.e, host);
    else if (accrt_heap_shared(host, 1)) /* managed memory: the device uses the host's address */
        d = host;
    else
        absent("PRESENT", name, host, s);
    accrt_unlock();
    /* The caller may hand d to other CUDA work: finish what the
     * synchronous queue still runs (see accrt_construct_done). */
    accrt_wait(ACCRT_SYNC, s);
    return d;
}

void *accrt_use_device(void *host, const char *name, int if_present, const accrt_site *s) {
    accrt_found f;
    void *d;
    if (host == NULL || accrt_host_current())
        return host;
    accrt_lock();
    f = accrt_table_find(host, 0);
    if (accrt_debug)
        accrt_trace_lookup(name, host, 0, f.e, f.state);
    if (f.state != ACCRT_PRESENT_ALL) {
        if (!if_present) /* on every target, as present clauses */
            absent("use_device", name, host, s);
        accrt_unlock();
        return host;
    }
    d = devaddr(f.e, host);
    accrt_unlock();
    accrt_wait(ACCRT_SYNC, s); /* as accrt_deviceptr: the body may use d in other CUDA work */
    return d;
}

accrt_scope accrt_scope_begin(accrt_map *m, int n, const accrt_site *s) {
    accrt_scope sc;
    sc.m = m;
    sc.n = n;
    sc.s = s;
    accrt_enter(m, n, ACCRT_SYNC, s);
    return sc;
}

void accrt_scope_end(accrt_scope *sc) { accrt_exit(sc->m, sc->n, ACCRT_SYNC, sc->s); }

/* declare at file scope (§2.13): the data lives on every device for the
 * whole program. The constructors map it on the device current when they
 * run; each other device gets it when a thread first selects that device
 * (accrt_declare_replay from acc_set_device_num and the like), from a
 * copy of the constructor's items (which nothing reads afterwards), in
 * declaration order. */
typedef struct {
    accrt_map *m;
    int n;
    const accrt_site *s;
} global_decl;

static global_decl *decls;
static size_t ndecls, capdecls;
static size_t decls_entered[ACCRT_MAXDEV]; /* per device, the first ndecls entered */
static pthread_mutex_t decl_mu = PTHREAD_MUTEX_INITIALIZER;

void accrt_declare_replay(void) {
    int d;
    if (accrt_host_current()) /* the host device has no data environment (this starts the runtime) */
        return;
    d = accrt_dev(); /* after accrt_init: ACC_DEVICE_NUM */
    for (;;) {
        global_decl g;
        accrt_map *m;
        pthread_mutex_lock(&decl_mu);
        if (decls_entered[d] >= ndecls) {
            pthread_mutex_unlock(&decl_mu);
            return;
        }
        g = decls[decls_entered[d]++];
        pthread_mutex_unlock(&decl_mu);
        m = malloc((size_t)g.n * sizeof *m); /* entered for good: never freed */
        if (!m)
            accrt_fatal(g.s, "out of host memory");
        memcpy(m, g.m, (size_t)g.n * sizeof *m);
        accrt_enter(m, g.n, ACCRT_SYNC, g.s);
        if (accrt_tracing) /* no exit will close its trace region */
            accrt_trace_region(0, g.s, ACCRT_SYNC);
    }
}

void accrt_declare_global(accrt_map *m, int n, const accrt_site *s) {
    accrt_map *copy = malloc((size_t)n * sizeof *copy);
    if (!copy)
        accrt_fatal(s, "out of host memory");
    memcpy(copy, m, (size_t)n * sizeof *copy);
    pthread_mutex_lock(&decl_mu);
    if (ndecls == capdecls) {
        size_t c = capdecls ? 2 * capdecls : 16;
        global_decl *g = realloc(decls, c * sizeof *g);
        if (!g)
            accrt_fatal(s, "out of host memory");
        decls = g;
        capdecls = c;
    }
    decls[ndecls].m = copy;
    decls[ndecls].n = n;
    decls[ndecls].s = s;
    ndecls++;
    pthread_mutex_unlock(&decl_mu);
    accrt_declare_replay(); /* on the host device: when the program selects the device */
}

void *accrt_lookup(const void *host, size_t bytes) {
    accrt_found f;
    void *d = NULL;
    if (accrt_host_current())
        return (void *)host;
    accrt_lock();
    f = accrt_table_find(host, bytes);
    if (f.state == ACCRT_PRESENT_ALL)
        d = devaddr(f.e, host);
    else if (f.state == ACCRT_ABSENT && accrt_heap_shared(host, bytes ? bytes : 1))
        d = (void *)host;
    accrt_unlock();
    accrt_wait(ACCRT_SYNC, NULL); /* as accrt_deviceptr */
    return d;
}

int accrt_blocks_disjoint(const void *a, const void *b) {
    accrt_found fa, fb;
    int r = 0;
    if (accrt_host_current())
        return 0;
    accrt_lock();
    fa = accrt_table_find(a, 0);
    fb = accrt_table_find(b, 0);
    if (fa.state == ACCRT_PRESENT_ALL && fb.state == ACCRT_PRESENT_ALL && fa.e != fb.e)
        r = accrt_disjoint(fa.e->dev, fa.e->bytes, fb.e->dev, fb.e->bytes);
    accrt_unlock();
    return r;
}

long accrt_refcount(const void *host, int dynamic) {
    accrt_found f;
    long c = -1;
    accrt_lock();
    f = accrt_table_find(host, 0);
    if (f.state == ACCRT_PRESENT_ALL)
        c = dynamic ? f.e->dref : f.e->sref;
    accrt_unlock();
    return c;
}

long accrt_attach_count(void *const *ptr) {
    long *c, n = 0;
    accrt_lock();
    c = accrt_attach_slot(ptr, 0);
    if (c)
        n = *c;
    accrt_unlock();
    return n;
}
