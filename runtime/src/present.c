/* present.c: the present table (OpenACC 3.4 §2.6.7) and attachment counters
 * (§2.6.8). Mapped host ranges never overlap, so an array of entries sorted
 * by start address is also sorted by end address; every lookup is a binary
 * search, insertion and removal move pointers only. The caller holds the
 * runtime lock. */
#include "accrt_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static accrt_entry **tab;
static size_t ntab, captab;

/* The index of the first entry whose start is > p. */
static size_t upper(const char *p) {
    size_t lo = 0, hi = ntab;
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
    const char *p = (const char *)host;
    size_t i = upper(p);
    accrt_found f = {NULL, ACCRT_ABSENT};
    if (i > 0) {
        accrt_entry *e = tab[i - 1];
        if (p < e->host + e->bytes) {
            f.e = e;
            f.state = bytes <= (size_t)(e->host + e->bytes - p) ? ACCRT_PRESENT_ALL : ACCRT_PARTIAL;
            return f;
        }
    }
    if (i < ntab && bytes > 0 && (size_t)(tab[i]->host - p) < bytes) {
        f.e = tab[i];
        f.state = ACCRT_PARTIAL;
    }
    return f;
}

accrt_entry *accrt_table_insert(void *host, size_t bytes, void *dev, const char *name) {
    accrt_entry *e = malloc(sizeof *e);
    size_t i = upper((const char *)host);
    if (!e)
        accrt_fatal(NULL, "out of host memory for the present table");
    if (ntab == captab) {
        size_t c = captab ? 2 * captab : 64;
        accrt_entry **t = realloc(tab, c * sizeof *t);
        if (!t)
            accrt_fatal(NULL, "out of host memory for the present table");
        tab = t;
        captab = c;
    }
    memmove(tab + i + 1, tab + i, (ntab - i) * sizeof *tab);
    e->host = host;
    e->bytes = bytes;
    e->dev = dev;
    e->sref = e->dref = 0;
    e->name = name;
    e->mapped_by_user = 0;
    tab[i] = e;
    ntab++;
    return e;
}

void accrt_table_remove(accrt_entry *e) {
    size_t i = upper(e->host);
    if (i == 0 || tab[i - 1] != e)
        accrt_fatal(NULL, "internal error: removing an unmapped entry host:%p", (void *)e->host);
    memmove(tab + i - 1, tab + i, (ntab - i) * sizeof *tab);
    ntab--;
    free(e);
}

size_t accrt_table_len(void) { return ntab; }
accrt_entry *accrt_table_at(size_t i) { return tab[i]; }

/* Attachment counters: a sorted array of (pointer address, count). */
typedef struct {
    void **ptr;
    long count;
} attach_rec;

static attach_rec *att;
static size_t natt, capatt;

static size_t att_lower(const char *p) {
    size_t lo = 0, hi = natt;
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
    size_t i = att_lower((const char *)ptr);
    if (i < natt && att[i].ptr == ptr)
        return &att[i].count;
    if (!create)
        return NULL;
    if (natt == capatt) {
        size_t c = capatt ? 2 * capatt : 16;
        attach_rec *a = realloc(att, c * sizeof *a);
        if (!a)
            accrt_fatal(NULL, "out of host memory for attachment counters");
        att = a;
        capatt = c;
    }
    memmove(att + i + 1, att + i, (natt - i) * sizeof *att);
    att[i].ptr = (void **)ptr;
    att[i].count = 0;
    natt++;
    return &att[i].count;
}

void accrt_attach_drop(void *const *ptr) {
    size_t i = att_lower((const char *)ptr);
    if (i < natt && att[i].ptr == ptr) {
        memmove(att + i, att + i + 1, (natt - i - 1) * sizeof *att);
        natt--;
    }
}

void accrt_attach_each(const char *lo, const char *hi, void (*fn)(void **ptr, long count, void *arg), void *arg) {
    size_t i;
    for (i = att_lower(lo); i < natt && (const char *)att[i].ptr < hi; i++)
        fn(att[i].ptr, att[i].count, arg);
}

void accrt_attach_remove_range(const char *lo, const char *hi) {
    size_t i = att_lower(lo), j = att_lower(hi);
    memmove(att + i, att + j, (natt - j) * sizeof *att);
    natt -= j - i;
}

void accrt_present_dump(void) {
    size_t i;
    fprintf(stderr, "accrt present table (%s, %zu entries):\n", accrt_backend(), ntab);
    for (i = 0; i < ntab; i++) {
        accrt_entry *e = tab[i];
        fprintf(stderr, "  host:%p-%p dev:%p bytes:%zu structured:%ld dynamic:%ld name=%s\n", (void *)e->host,
                (void *)(e->host + e->bytes), (void *)e->dev, e->bytes, e->sref, e->dref,
                e->name ? e->name : "?");
    }
    for (i = 0; i < natt; i++)
        fprintf(stderr, "  attached pointer host:%p count:%ld\n", (void *)att[i].ptr, att[i].count);
}
