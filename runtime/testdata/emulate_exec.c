/* emulate_exec.c: how -acc=emulate runs a kernel's gangs and partitioned
 * loops (accrt_emulate.h), under the settings of the environment the test
 * gives it (ACCC_CHECK_ORDER, ACCC_CHECK_SEED, ACCC_CHECK_GANGS,
 * ACCC_CHECK): the gangs of a launch cover a gang loop's iterations once
 * each, consecutive ones a gang, in order unless an order is asked for;
 * reversed, in reverse; shuffled, in an order of the seed and the loop;
 * and the gangs of a dimension without num_gangs are the device's choice,
 * at most 4, or as many as ACCC_CHECK_GANGS says (ACCC_CHECK=gangs: 4).
 * Emulate backend only. */
#include <stdlib.h>
#include <string.h>

#include "accrt_emulate.h"
#include "check.h"

enum { MAXN = 5000 };

static const char *order;  /* ACCC_CHECK_ORDER, or "" */
static long long seen[MAXN]; /* the counters of a loop, in the order run */

/* Runs the n-iteration loop of the given key as gangs gang loops (dim 1;
 * gangs 0: a vector loop) and records its counters in seen; returns
 * their number. Each gang's counters come in one run, unless an order is
 * set. */
static long long run(long long n, unsigned gangs, unsigned key) {
    long long k, count = 0;
    accrt_ullong g, ng = accrt_emu_grid(gangs ? gangs : 1, 1, 1);
    for (g = 0; g < ng; g++) {
        accrt_iters it;
        int runs = 0;
        accrt_emu_gang(g);
        it = gangs ? accrt_iters_gang(n, 1, key) : accrt_iters_all(n, key);
        while (accrt_iters_next(&it)) {
            runs++;
            for (k = it.lo; k < it.hi; k++)
                if (count < MAXN)
                    seen[count++] = k;
        }
        CHECK(*order || runs == 1);
    }
    return count;
}

/* Whether seen holds each of 0 to n-1 once. */
static int permutation(long long n) {
    static char hit[MAXN];
    long long i;
    memset(hit, 0, sizeof hit);
    for (i = 0; i < n; i++) {
        if (seen[i] < 0 || seen[i] >= n || hit[seen[i]])
            return 0;
        hit[seen[i]] = 1;
    }
    return 1;
}

static int ascending(long long n, int step) {
    long long i;
    for (i = 1; i < n; i++)
        if (seen[i] != seen[i - 1] + step)
            return 0;
    return 1;
}

int main(void) {
    static const long long sizes[] = {0, 1, 2, 3, 7, 8, 100, 1000, 4097};
    static const unsigned gangs[] = {0, 1, 2, 3, 5, 64};
    static long long first[MAXN];
    const char *check = getenv("ACCC_CHECK_GANGS");
    unsigned want4, want1;
    size_t i, j;
    order = getenv("ACCC_CHECK_ORDER") ? getenv("ACCC_CHECK_ORDER") : "";
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (j = 0; j < sizeof gangs / sizeof *gangs; j++) {
            long long n = sizes[i];
            CHECK(run(n, gangs[j], 7) == n);
            CHECK(permutation(n));
            if (!*order) /* gangs one after another, each its consecutive share */
                CHECK(ascending(n, 1));
            else if (strcmp(order, "reverse") == 0)
                CHECK(n == 0 || (seen[0] == n - 1 && ascending(n, -1)));
        }
    if (strcmp(order, "shuffle") == 0) {
        /* The order is the seed's and the loop's: the same loop again
         * runs in the same order (and so do its gangs), another loop
         * (key) in another, and neither is the source order. */
        run(1000, 3, 7);
        memcpy(first, seen, sizeof first);
        run(1000, 3, 7);
        CHECK(memcmp(first, seen, 1000 * sizeof *seen) == 0);
        CHECK(!ascending(1000, 1));
        run(1000, 3, 8);
        CHECK(memcmp(first, seen, 1000 * sizeof *seen) != 0);
        /* The permutation of the seed (the default 1, or the test's 42):
         * a change of the shuffle changes these. */
        if (getenv("ACCC_CHECK_SEED"))
            CHECK(first[0] == 133 && first[1] == 592);
        else
            CHECK(first[0] == 368 && first[1] == 161);
    }
    if (*order) {
        /* A long loop runs in runs of several iterations: at most 2^20
         * reversed, 2^16 shuffled. */
        accrt_iters it = accrt_iters_all(3ll << 20, 1);
        long long runs = 0, total = 0;
        while (accrt_iters_next(&it))
            runs++, total += it.hi - it.lo;
        CHECK(total == 3ll << 20 && runs == (strcmp(order, "reverse") == 0 ? 1ll << 20 : 1ll << 16));
    }
    /* Gangs without num_gangs: the device's choice, at most 4; exactly
     * ACCC_CHECK_GANGS, or 4 with ACCC_CHECK=gangs (not with all). */
    want4 = check ? (unsigned)atoi(check) : 4;
    want1 = check ? want4 : getenv("ACCC_CHECK") && strstr(getenv("ACCC_CHECK"), "gangs") ? 4 : 1;
    CHECK(accrt_emu_gangs(1000000) == want4);
    CHECK(accrt_emu_gangs(4) == want4);
    CHECK(accrt_emu_gangs(1) == want1);
    CHECK(accrt_emu_gangs(0) == want1);
    return done();
}
