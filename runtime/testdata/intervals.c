/* intervals.c: the present table with thousands of ranges, adjacent and
 * partly overlapping lookups, checked against a brute-force model. */
#include <stdlib.h>

#include "check.h"

enum { BYTES = 1 << 20, MAXR = 4000 };
static char buf[BYTES];
static struct {
    size_t lo, len;
    void *dev;
    int live, structured;
} r[MAXR];
static int nr;

static unsigned long long rng = 88172645463325252ull;
static size_t rnd(size_t n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (size_t)(rng % n);
}

/* The model's answer: the device address of [lo, lo+len), or NULL. */
static void *model(size_t lo, size_t len) {
    int i;
    for (i = 0; i < nr; i++)
        if (r[i].live && r[i].lo <= lo && lo < r[i].lo + r[i].len)
            return lo + len <= r[i].lo + r[i].len ? (char *)r[i].dev + (lo - r[i].lo) : NULL;
    return NULL;
}

static int overlaps(size_t lo, size_t len) {
    int i;
    for (i = 0; i < nr; i++)
        if (r[i].live && lo < r[i].lo + r[i].len && r[i].lo < lo + len)
            return 1;
    return 0;
}

static void map(size_t lo, size_t len, int dynamic) {
    SITE(s, 30);
    accrt_map m[1] = {{.kind = ACCRT_CREATE, .name = "buf", .host = buf + lo, .bytes = len}};
    if (dynamic)
        accrt_enter_data(m, 1, ACCRT_SYNC, &s);
    else
        accrt_enter(m, 1, ACCRT_SYNC, &s);
    r[nr].lo = lo;
    r[nr].len = len;
    r[nr].dev = m[0].dev;
    r[nr].structured = !dynamic;
    r[nr++].live = 1;
}

static void unmap(int i) {
    SITE(s, 40);
    accrt_map m[1] = {{.kind = ACCRT_DELETE, .flags = ACCRT_FINALIZE, .name = "buf", .host = buf + r[i].lo, .bytes = r[i].len}};
    accrt_exit_data(m, 1, ACCRT_SYNC, &s);
    r[i].live = 0;
}

int main(void) {
    int i, j, bad = 0;
    /* Adjacent ranges: [1000,1010) [1010,1020) [1020,1030). */
    map(1000, 10, 1);
    map(1010, 10, 1);
    map(1020, 10, 1);
    CHECK(accrt_lookup(buf + 1009, 1) == (char *)r[0].dev + 9);
    CHECK(accrt_lookup(buf + 1010, 10) == r[1].dev);
    CHECK(accrt_lookup(buf + 1005, 10) == NULL); /* spans two ranges */
    CHECK(accrt_lookup(buf + 1029, 2) == NULL);  /* runs off the end */
    CHECK(accrt_lookup(buf + 999, 2) == NULL);   /* starts before */
    CHECK(accrt_lookup(buf + 1030, 0) == NULL);  /* one past the end */
    CHECK(accrt_lookup(buf + 1020, 0) == r[2].dev);
    unmap(1);
    CHECK(accrt_lookup(buf + 1010, 1) == NULL && accrt_lookup(buf + 1009, 1) != NULL);
    map(1012, 4, 0); /* inside the hole */
    CHECK(accrt_lookup(buf + 1013, 3) == (char *)r[3].dev + 1);

    /* Thousands of random disjoint ranges, random unmaps, random queries. */
    while (nr < MAXR) {
        size_t len = 1 + rnd(300), lo = rnd(BYTES - len);
        if (!overlaps(lo, len))
            map(lo, len, 1);
        if (nr % 7 == 0 && r[i = (int)rnd((size_t)nr)].live && !r[i].structured)
            unmap(i);
    }
    for (j = 0; j < 20000; j++) {
        size_t len = rnd(400), lo = rnd(BYTES - len);
        if (accrt_lookup(buf + lo, len) != model(lo, len))
            bad++;
    }
    for (i = 0; i < nr; i++)
        if (r[i].live && accrt_lookup(buf + r[i].lo, r[i].len) != r[i].dev)
            bad++;
    CHECK(bad == 0);
    return done();
}
