/* present.c: the present table (OpenACC 3.4 §2.6.7) and attachment counters
 * (§2.6.8). Mapped host ranges never overlap, so an array of entries sorted
 * by start address is also sorted by end address; every lookup is a binary
 * search, insertion and removal move pointers only. Each device has its
 * own table and counters (accrt_dev(): the calling thread's current
 * device), so data mapped on one device is absent on the others. The
 * caller holds the runtime lock. */
#include "accrt_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Attachment counters: a sorted array of (pointer address, count). */
typedef struct {
    void **ptr;
    long count;
} attach_rec;

typedef struct {
    accrt_entry **tab;
    size_t ntab, captab;
    attach_rec *att;
    size_t natt, capatt;
} device_tables;

static device_tables devs[ACCRT_MAXDEV];

/* The tables of the calling thread's current device. */
static device_tables *cur(void) { return &devs[accrt_dev()]; }

/* The index of the first entry of d whose start is > p. */
static size_t upper(const device_tables *d, const char *p) {
    accrt_entry *const *tab = d->tab;
    size_t lo = 0, hi = d->ntab;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tab[mid]->host <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Mapped ranges are never empty; a range of zero bytes is present when its
 * address lies inside a mapped range. */
accrt_found accrt_table_find(const void *host, size_t bytes) {
    const device_tables *d = cur();
    const char *p = (const char *)host;
    size_t i = upper(d, p);
    accrt_found f = {NULL, ACCRT_ABSENT};
    if (i > 0) {
        accrt_entry *e = d->tab[i - 1];
        if (p < e->host + e->bytes) {
            f.e = e;
            f.state = bytes <= (size_t)(e->host + e->bytes - p) ? ACCRT_PRESENT_ALL : ACCRT_PARTIAL;
            return f;
        }
    }
    if (i < d->ntab && bytes > 0 && (size_t)(d->tab[i]->host - p) < bytes) {
        f.e = d->tab[i];
        f.state = ACCRT_PARTIAL;
    }
    return f;
}

accrt_entry *accrt_table_insert(void *host, size_t bytes, void *dev, const char *name) {
    device_tables *d = cur();
    accrt_entry *e = malloc(sizeof *e);
    size_t i = upper(d, (const char *)host);
    if (!e)
        accrt_fatal(NULL, "out of host memory for the present table");
    if (d->ntab == d->captab) {
        size_t c = d->captab ? 2 * d->captab : 64;
        accrt_entry **t = realloc(d->tab, c * sizeof *t);
        if (!t)
            accrt_fatal(NULL, "out of host memory for the present table");
        d->tab = t;
        d->captab = c;
    }
    memmove(d->tab + i + 1, d->tab + i, (d->ntab - i) * sizeof *d->tab);
    e->host = host;
    e->bytes = bytes;
    e->dev = dev;
    e->sref = e->dref = 0;
    e->name = name;
    e->mapped_by_user = 0;
    e->pinned = NULL;
    d->tab[i] = e;
    d->ntab++;
    return e;
}

void accrt_table_remove(accrt_entry *e) {
    device_tables *d = cur();
    size_t i = upper(d, e->host);
    if (i == 0 || d->tab[i - 1] != e)
        accrt_fatal(NULL, "internal error: removing an unmapped entry host:%p", (void *)e->host);
    memmove(d->tab + i - 1, d->tab + i, (d->ntab - i) * sizeof *d->tab);
    d->ntab--;
    free(e);
}

size_t accrt_table_len(void) { return cur()->ntab; }
accrt_entry *accrt_table_at(size_t i) { return cur()->tab[i]; }

static size_t att_lower(const device_tables *d, const char *p) {
    const attach_rec *att = d->att;
    size_t lo = 0, hi = d->natt;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((const char *)att[mid].ptr < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

long *accrt_attach_slot(void *const *ptr, int create) {
    device_tables *d = cur();
    size_t i = att_lower(d, (const char *)ptr);
    if (i < d->natt && d->att[i].ptr == ptr)
        return &d->att[i].count;
    if (!create)
        return NULL;
    if (d->natt == d->capatt) {
        size_t c = d->capatt ? 2 * d->capatt : 16;
        attach_rec *a = realloc(d->att, c * sizeof *a);
        if (!a)
            accrt_fatal(NULL, "out of host memory for attachment counters");
        d->att = a;
        d->capatt = c;
    }
    memmove(d->att + i + 1, d->att + i, (d->natt - i) * sizeof *d->att);
    d->att[i].ptr = (void **)ptr;
    d->att[i].count = 0;
    d->natt++;
    return &d->att[i].count;
}

void accrt_attach_drop(void *const *ptr) {
    device_tables *d = cur();
    size_t i = att_lower(d, (const char *)ptr);
    if (i < d->natt && d->att[i].ptr == ptr) {
        memmove(d->att + i, d->att + i + 1, (d->natt - i - 1) * sizeof *d->att);
        d->natt--;
    }
}

void accrt_attach_each(const char *lo, const char *hi, void (*fn)(void **ptr, long count, void *arg), void *arg) {
    const device_tables *d = cur();
    size_t i;
    for (i = att_lower(d, lo); i < d->natt && (const char *)d->att[i].ptr < hi; i++)
        fn(d->att[i].ptr, d->att[i].count, arg);
}

void accrt_attach_remove_range(const char *lo, const char *hi) {
    device_tables *d = cur();
    size_t i = att_lower(d, lo), j = att_lower(d, hi);
    memmove(d->att + i, d->att + j, (d->natt - j) * sizeof *d->att);
    d->natt -= j - i;
}

/* One device's tables; with several devices, each device that holds
 * data, under its number. */
static void dump(int n, const device_tables *d) {
    size_t i;
    if (n < 0)
        fprintf(stderr, "accrt present table (%s, %zu entries):\n", accrt_backend(), d->ntab);
    else
        fprintf(stderr, "accrt present table (%s, device %d, %zu entries):\n", accrt_backend(), n, d->ntab);
    for (i = 0; i < d->ntab; i++) {
        accrt_entry *e = d->tab[i];
        fprintf(stderr, "  host:%p-%p dev:%p bytes:%zu structured:%ld dynamic:%ld name=%s\n", (void *)e->host,
                (void *)(e->host + e->bytes), (void *)e->dev, e->bytes, e->sref, e->dref,
                e->name ? e->name : "?");
    }
    for (i = 0; i < d->natt; i++)
        fprintf(stderr, "  attached pointer host:%p count:%ld\n", (void *)d->att[i].ptr, d->att[i].count);
}

void accrt_present_dump(void) {
    int n;
    if (accrt_num_devs() <= 1) {
        dump(-1, &devs[0]);
        return;
    }
    for (n = 0; n < accrt_num_devs(); n++)
        if (devs[n].ntab > 0 || devs[n].natt > 0 || n == accrt_dev())
            dump(n, &devs[n]);
}
