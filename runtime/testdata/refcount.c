/* refcount.c: structured and dynamic reference counts (OpenACC 3.4
 * §2.6.7), finalize, always modifiers, zero, no_create, deviceptr, queries. */
#include <string.h>

#include "check.h"

enum { N = 100 };
static double a[N], b[N];

/* copyin in a data region keeps the data; the exit copies back only at the
 * last reference. */
static void structured(void) {
    SITE(s, 10);
    accrt_map data[2] = {MAP(ACCRT_COPY, 0, a, sizeof a), MAP(ACCRT_CREATE, 0, b, sizeof b)};
    accrt_map inner[1] = {MAP(ACCRT_COPYIN, 0, a, sizeof a)};
    accrt_map inner2[1] = {MAP(ACCRT_PRESENT, 0, a + 10, 10 * sizeof(double))};
    int i;
    for (i = 0; i < N; i++)
        a[i] = i;
    CHECK(accrt_lookup(a, sizeof a) == NULL);
    CHECK(accrt_refcount(a, 0) == -1);
    accrt_enter(data, 2, ACCRT_SYNC, &s);
    CHECK(data[0].dev != NULL && data[1].dev != NULL);
    CHECK(accrt_lookup(a, sizeof a) == data[0].dev);
    CHECK(accrt_lookup(a + 5, 8) == (char *)data[0].dev + 5 * sizeof(double));
    CHECK(accrt_refcount(a, 0) == 1 && accrt_refcount(a, 1) == 0);
    accrt_enter(inner, 1, ACCRT_SYNC, &s);
    CHECK(inner[0].dev == data[0].dev);
    CHECK(accrt_refcount(a, 0) == 2);
    accrt_enter(inner2, 1, ACCRT_SYNC, &s);
    CHECK(inner2[0].dev == (char *)data[0].dev + 10 * sizeof(double));
    CHECK(accrt_refcount(a, 0) == 3);
    ((double *)data[0].dev)[3] = 42; /* a "kernel" */
    accrt_exit(inner2, 1, ACCRT_SYNC, &s);
    accrt_exit(inner, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 0) == 1);
    CHECK(a[3] == (shared() ? 42 : 3)); /* not copied out yet */
    accrt_exit(data, 2, ACCRT_SYNC, &s);
    CHECK(a[3] == 42);
    CHECK(accrt_lookup(a, sizeof a) == NULL && accrt_lookup(b, sizeof b) == NULL);
}

/* enter data / exit data with dynamic counts, mixed with a structured region. */
static void dynamic(void) {
    SITE(s, 20);
    accrt_map in[1] = {MAP(ACCRT_COPYIN, 0, a, sizeof a)};
    accrt_map out[1] = {MAP(ACCRT_COPYOUT, 0, a, sizeof a)};
    accrt_map fin[1] = {MAP(ACCRT_DELETE, ACCRT_FINALIZE, a, sizeof a)};
    accrt_map region[1] = {MAP(ACCRT_COPY, 0, a, sizeof a)};
    accrt_map absent[1] = {MAP(ACCRT_COPYOUT, 0, b, sizeof b)};
    double *d;
    a[0] = 1;
    accrt_enter_data(in, 1, ACCRT_SYNC, &s);
    accrt_enter_data(in, 1, ACCRT_SYNC, &s);
    accrt_enter_data(in, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 1) == 3 && accrt_refcount(a, 0) == 0);
    d = in[0].dev;
    d[0] = 7;
    /* A structured region over dynamic data: no copy at its exit. */
    accrt_enter(region, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 0) == 1 && accrt_refcount(a, 1) == 3);
    accrt_exit(region, 1, ACCRT_SYNC, &s);
    CHECK(a[0] == (shared() ? 7 : 1));
    accrt_exit_data(out, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 1) == 2);
    CHECK(a[0] == (shared() ? 7 : 1));
    /* Finalize zeroes the dynamic count: deleted, nothing copied. */
    accrt_exit_data(fin, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 1) == -1);
    CHECK(a[0] == (shared() ? 7 : 1));
    /* exit data on absent data: no action (§2.7.9). */
    accrt_exit_data(absent, 1, ACCRT_SYNC, &s);

    /* exit data copyout at the last dynamic reference copies. */
    accrt_enter_data(in, 1, ACCRT_SYNC, &s);
    ((double *)in[0].dev)[0] = 9;
    accrt_exit_data(out, 1, ACCRT_SYNC, &s);
    CHECK(a[0] == 9 && accrt_lookup(a, sizeof a) == NULL);

    /* A structured reference keeps data whose dynamic count drops to 0. */
    accrt_enter(region, 1, ACCRT_SYNC, &s);
    accrt_enter_data(in, 1, ACCRT_SYNC, &s);
    accrt_exit_data(fin, 1, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 0) == 1 && accrt_refcount(a, 1) == 0);
    accrt_exit_data(out, 1, ACCRT_SYNC, &s); /* dynamic count already 0: no action */
    CHECK(accrt_refcount(a, 0) == 1);
    accrt_exit(region, 1, ACCRT_SYNC, &s);
    CHECK(accrt_lookup(a, sizeof a) == NULL);
}

/* always/alwaysin/alwaysout, zero, no_create, deviceptr, zero-length sections. */
static void modifiers(void) {
    SITE(s, 30);
    accrt_map region[1] = {MAP(ACCRT_COPY, 0, a, sizeof a)};
    accrt_map again[1] = {MAP(ACCRT_COPYIN, ACCRT_ALWAYSIN, a, sizeof a)};
    accrt_map out[1] = {MAP(ACCRT_COPYOUT, ACCRT_ALWAYSOUT, a, sizeof a)};
    accrt_map zero[1] = {MAP(ACCRT_CREATE, ACCRT_ZERO, b, sizeof b)};
    accrt_map nc[2] = {MAP(ACCRT_NO_CREATE, 0, a, sizeof a), MAP(ACCRT_NO_CREATE, 0, b, sizeof b)};
    accrt_map dp[1] = {MAP(ACCRT_DEVICEPTR, 0, b, 0)};
    accrt_map empty[1] = {MAP(ACCRT_COPYIN, 0, a + 3, 0)};
    double *d;
    int i;
    a[0] = 1;
    accrt_enter(region, 1, ACCRT_SYNC, &s);
    d = region[0].dev;
    a[0] = 2;
    accrt_enter(again, 1, ACCRT_SYNC, &s); /* present, but always copies in */
    CHECK(d[0] == 2);
    d[0] = 3;
    accrt_enter(out, 1, ACCRT_SYNC, &s);
    accrt_exit(out, 1, ACCRT_SYNC, &s); /* still referenced, but always copies out */
    CHECK(a[0] == 3);
    accrt_exit(again, 1, ACCRT_SYNC, &s);

    accrt_enter(nc, 2, ACCRT_SYNC, &s);
    CHECK(nc[0].dev == d && nc[1].dev == (void *)b);
    CHECK(accrt_refcount(a, 0) == 2 && accrt_refcount(b, 0) == -1);
    accrt_exit(nc, 2, ACCRT_SYNC, &s);
    CHECK(accrt_refcount(a, 0) == 1);

    accrt_enter(empty, 1, ACCRT_SYNC, &s); /* zero-length: the address if present */
    CHECK(empty[0].dev == d + 3);
    accrt_exit(empty, 1, ACCRT_SYNC, &s);
    accrt_exit(region, 1, ACCRT_SYNC, &s);

    for (i = 0; i < N; i++)
        b[i] = 5;
    accrt_enter(zero, 1, ACCRT_SYNC, &s);
    d = zero[0].dev;
    for (i = 0; i < N; i++)
        if (d[i] != (shared() ? 5 : 0))
            break;
    CHECK(i == N);
    accrt_exit(zero, 1, ACCRT_SYNC, &s);

    accrt_enter(dp, 1, ACCRT_SYNC, &s);
    CHECK(dp[0].dev == (void *)b && accrt_lookup(b, 1) == NULL);
    accrt_exit(dp, 1, ACCRT_SYNC, &s);
    accrt_enter(empty, 1, ACCRT_SYNC, &s);
    CHECK(empty[0].dev == (shared() ? (void *)(a + 3) : NULL));
    accrt_exit(empty, 1, ACCRT_SYNC, &s);
}

/* update self/device on a part of a mapped array; if_present. */
static void updates(void) {
    SITE(s, 40);
    accrt_map region[1] = {MAP(ACCRT_CREATE, 0, a, sizeof a)};
    double *d;
    int i;
    for (i = 0; i < N; i++)
        a[i] = i;
    accrt_enter(region, 1, ACCRT_SYNC, &s);
    d = region[0].dev;
    accrt_update_device(a + 10, 50 * sizeof(double), "a", ACCRT_SYNC, 0, &s);
    CHECK(d[10] == 10 && d[59] == 59);
    if (!shared())
        CHECK(d[9] != 9 && d[60] != 60); /* never copied: still poisoned */
    for (i = 0; i < N; i++)
        d[i] = -i;
    accrt_update_self(a + 20, 5 * sizeof(double), "a", 3, 0, &s);
    accrt_wait(3, &s);
    CHECK(a[20] == -20 && a[24] == -24);
    CHECK(a[19] == (shared() ? -19 : 19) && a[25] == (shared() ? -25 : 25));
    accrt_update_self(b, sizeof b, "b", ACCRT_SYNC, 1, &s); /* absent, if_present: nothing */
    accrt_exit(region, 1, ACCRT_SYNC, &s);
    CHECK(a[0] == (shared() ? 0 : 0) && a[1] == (shared() ? -1 : 1));
}

/* Scratch and reduction cells are reused across launches. */
static void scratch(void) {
    SITE(s, 50);
    double sum = 5, *cell;
    void *p = accrt_scratch(64, ACCRT_SYNC, &s);
    CHECK(p != NULL && accrt_scratch(32, ACCRT_SYNC, &s) == p);
    cell = accrt_red_begin(&sum, sizeof sum, ACCRT_SYNC, &s);
    *cell += 37;
    accrt_launch_begin(&s, "scratch_50", 1, 1, 1, ACCRT_SYNC);
    accrt_check_launch(&s);
    accrt_red_end(&sum, sizeof sum, ACCRT_SYNC, &s);
    CHECK(sum == 42);
    CHECK(accrt_async_test(1) == 1);
    accrt_wait_async(1, 2, &s);
    accrt_wait_all(&s);
}

int main(void) {
    structured();
    dynamic();
    modifiers();
    updates();
    scratch();
    CHECK(accrt_lookup(a, 1) == NULL && accrt_lookup(b, 1) == NULL);
    return done();
}
