/* data.c: data clauses, enter/exit data, update and present lookups
 * (OpenACC 3.4 §2.6.5–2.6.8, §2.7, §2.14). Everything here runs under the
 * runtime lock; the backend moves the bytes. */
#include "accrt_impl.h"

#include <stdlib.h>
#include <string.h>

/* Set in accrt_map.flags by accrt_enter when it took a structured reference,
 * cleared by accrt_exit. */
#define ENTERED (1u << 31)

static const char *nm(const char *name) { return name ? name : "?"; }

static char *devaddr(const accrt_entry *e, const void *host) { return e->dev + ((const char *)host - e->host); }

ACCRT_NORETURN static void partial(const accrt_map *m, const accrt_entry *e, const accrt_site *s) {
    accrt_fatal(s,
                "variable in data clause is partially present on device 1: name=%s host:%p-%p (%zu bytes) "
                "overlaps present name=%s host:%p-%p (%zu bytes)",
                nm(m->name), m->host, (void *)((char *)m->host + m->bytes), m->bytes, nm(e->name), (void *)e->host,
                (void *)(e->host + e->bytes), e->bytes);
}

ACCRT_NORETURN static void absent(const char *clause, const char *name, const void *host, const accrt_site *s) {
    accrt_fatal(s, "data in %s clause was not found on device 1: name=%s host:%p", clause, nm(name), host);
}

/* Finds m's range, which must be wholly present or wholly absent. */
static accrt_entry *find(const accrt_map *m, const accrt_site *s) {
    accrt_found f = accrt_table_find(m->host, m->bytes);
    if (f.state == ACCRT_PARTIAL)
        partial(m, f.e, s);
    return f.e;
}

/* The device value of the host pointer *pp (§2.6.8): 1 and its target's
 * device address in *out when the target is present, else 0. */
static int translate_target(void **pp, void **out) {
    accrt_found t;
    if (*pp == NULL)
        return 0;
    t = accrt_table_find(*pp, 0);
    if (t.state != ACCRT_PRESENT_ALL)
        return 0;
    *out = devaddr(t.e, *pp);
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
    if (count > 0 && translate_target(pp, &d))
        accrt_be_h2d(devaddr(c->e, pp), &d, sizeof d, c->async, c->s);
}

static void h2d(accrt_entry *e, void *host, size_t bytes, const char *name, int async, const accrt_site *s) {
    xfer_ctx c;
    double t0 = accrt_seconds();
    accrt_be_h2d(devaddr(e, host), host, bytes, async, s);
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
    accrt_attach_each(host, (char *)host + bytes, count_ptr, &n);
    if (n > 0) {
        sp.ptr = malloc(n * sizeof *sp.ptr);
        sp.val = malloc(n * sizeof *sp.val);
        if (!sp.ptr || !sp.val)
            accrt_fatal(s, "out of host memory");
        accrt_attach_each(host, (char *)host + bytes, save_ptr, &sp);
    }
    t0 = accrt_seconds();
    accrt_be_d2h(host, devaddr(e, host), bytes, async, s);
    accrt_profile_transfer(s, ACCRT_D2H, name, bytes, accrt_seconds() - t0);
    if (n > 0) {
        accrt_wait(async, s);
        for (i = 0; i < n; i++)
            *sp.ptr[i] = sp.val[i];
        free(sp.ptr);
        free(sp.val);
    }
}

static accrt_entry *create(accrt_map *m, int copy, int async, const accrt_site *s) {
    void *dev = accrt_be_alloc(m->host, m->bytes, (m->flags & ACCRT_ZERO) != 0, async, s);
    accrt_entry *e = accrt_table_insert(m->host, m->bytes, dev, m->name);
    if (copy)
        h2d(e, m->host, m->bytes, m->name, async, s);
    return e;
}

static void delete_entry(accrt_entry *e, int async, const accrt_site *s) {
    accrt_attach_remove_range(e->host, e->host + e->bytes);
    accrt_be_free(e->dev, e->bytes, async, s);
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
    if (!translate_target(pp, &d))
        return 0;
    count = accrt_attach_slot(pp, 1);
    if (*count == 0)
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
        if (f.state == ACCRT_PRESENT_ALL)
            accrt_be_h2d(devaddr(f.e, pp), pp, sizeof *pp, async, s);
    }
}

static void release(accrt_entry *e, int copyout, accrt_map *m, int async, const accrt_site *s) {
    int last = e->sref == 0 && e->dref == 0;
    if ((copyout && last) || (m->flags & ACCRT_ALWAYSOUT))
        d2h(e, m->host, m->bytes, m->name, async, s);
    if (last)
        delete_entry(e, async, s);
}

void accrt_enter(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    accrt_lock();
    accrt_profile_region(s);
    for (i = 0; i < n; i++, m++) {
        accrt_entry *e;
        m->flags &= ~ENTERED;
        if (m->kind == ACCRT_DEVICEPTR) {
            m->dev = m->host;
            continue;
        }
        if (m->kind == ACCRT_ATTACH) {
            if (attach(m, async, s))
                m->flags |= ENTERED;
            continue;
        }
        if (m->bytes == 0) { /* zero-length section: nothing to map */
            m->dev = accrt_lookup_locked(m->host);
            continue;
        }
        e = find(m, s);
        switch (m->kind) {
        case ACCRT_PRESENT:
            if (!e)
                absent("PRESENT", m->name, m->host, s);
            break;
        case ACCRT_NO_CREATE:
            if (!e) {
                m->dev = m->host; /* §2.7.11: the local address */
                continue;
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
            accrt_fatal(s, "internal error: clause kind %d on a structured construct: name=%s", m->kind,
                        nm(m->name));
        }
        e->sref++;
        m->dev = devaddr(e, m->host);
        m->flags |= ENTERED;
    }
    accrt_unlock();
    accrt_construct_done(async, s);
}

void accrt_exit(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    accrt_lock();
    /* In reverse: pointers are detached before their targets go. */
    for (i = n - 1; i >= 0; i--) {
        accrt_map *mi = &m[i];
        accrt_found f;
        if (!(mi->flags & ENTERED))
            continue;
        mi->flags &= ~ENTERED;
        if (mi->kind == ACCRT_ATTACH) {
            detach(mi, 0, async, s);
            continue;
        }
        f = accrt_table_find(mi->host, mi->bytes);
        if (f.state != ACCRT_PRESENT_ALL || f.e->sref <= 0)
            accrt_fatal(s, "data of a structured data region was unmapped before the end of the region: name=%s host:%p",
                        nm(mi->name), mi->host);
        f.e->sref--;
        release(f.e, mi->kind == ACCRT_COPY || mi->kind == ACCRT_COPYOUT, mi, async, s);
    }
    accrt_unlock();
    accrt_construct_done(async, s);
}

void accrt_enter_data(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    accrt_lock();
    accrt_profile_region(s);
    for (i = 0; i < n; i++, m++) {
        accrt_entry *e;
        if (m->kind == ACCRT_ATTACH) {
            attach(m, async, s);
            continue;
        }
        if (m->kind != ACCRT_COPYIN && m->kind != ACCRT_CREATE)
            accrt_fatal(s, "internal error: clause kind %d on enter data: name=%s", m->kind, nm(m->name));
        if (m->bytes == 0) {
            m->dev = accrt_lookup_locked(m->host);
            continue;
        }
        e = find(m, s);
        if (!e)
            e = create(m, m->kind == ACCRT_COPYIN, async, s);
        else if (m->kind == ACCRT_COPYIN && (m->flags & ACCRT_ALWAYSIN))
            h2d(e, m->host, m->bytes, m->name, async, s);
        e->dref++;
        m->dev = devaddr(e, m->host);
    }
    accrt_unlock();
    accrt_construct_done(async, s);
}

void accrt_exit_data(accrt_map *m, int n, int async, const accrt_site *s) {
    int i;
    accrt_lock();
    accrt_profile_region(s);
    for (i = 0; i < n; i++, m++) {
        accrt_entry *e;
        int fin = (m->flags & ACCRT_FINALIZE) != 0;
        if (m->kind == ACCRT_DETACH) {
            detach(m, fin, async, s);
            continue;
        }
        if (m->kind != ACCRT_COPYOUT && m->kind != ACCRT_DELETE)
            accrt_fatal(s, "internal error: clause kind %d on exit data: name=%s", m->kind, nm(m->name));
        if (m->bytes == 0)
            continue;
        /* §2.7.9, §2.7.12: absent data, or no dynamic reference: no action. */
        e = find(m, s);
        if (!e || e->dref == 0)
            continue;
        e->dref = fin ? 0 : e->dref - 1;
        release(e, m->kind == ACCRT_COPYOUT, m, async, s);
    }
    accrt_unlock();
    accrt_construct_done(async, s);
}

static void update(int self, void *host, size_t bytes, const char *name, int async, int if_present,
                   const accrt_site *s) {
    accrt_found f;
    if (bytes == 0)
        return;
    accrt_lock();
    accrt_profile_region(s);
    f = accrt_table_find(host, bytes);
    if (f.state == ACCRT_PARTIAL) {
        accrt_map m;
        m.name = name;
        m.host = host;
        m.bytes = bytes;
        partial(&m, f.e, s);
    }
    if (f.state == ACCRT_ABSENT) {
        if (!if_present)
            absent(self ? "update self" : "update device", name, host, s);
    } else if (self) {
        d2h(f.e, host, bytes, name, async, s);
    } else {
        h2d(f.e, host, bytes, name, async, s);
    }
    accrt_unlock();
    accrt_construct_done(async, s);
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
        return accrt_be_shared_memory ? (void *)host : NULL;
    return devaddr(f.e, host);
}

void *accrt_deviceptr(void *host, const char *name, const accrt_site *s) {
    accrt_found f;
    void *d;
    if (host == NULL)
        return NULL;
    accrt_lock();
    f = accrt_table_find(host, 0);
    if (f.state != ACCRT_PRESENT_ALL)
        absent("PRESENT", name, host, s);
    d = devaddr(f.e, host);
    accrt_unlock();
    /* The caller may hand d to other CUDA work: finish what the
     * synchronous queue still runs (see accrt_construct_done). */
    accrt_wait(ACCRT_SYNC, s);
    return d;
}

void *accrt_lookup(const void *host, size_t bytes) {
    accrt_found f;
    void *d = NULL;
    accrt_lock();
    f = accrt_table_find(host, bytes);
    if (f.state == ACCRT_PRESENT_ALL)
        d = devaddr(f.e, host);
    accrt_unlock();
    accrt_wait(ACCRT_SYNC, NULL); /* as accrt_deviceptr */
    return d;
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
