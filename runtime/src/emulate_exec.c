/* emulate_exec.c: how the kernels of -acc=emulate run (accrt.h, "The
 * execution model of -acc=emulate"). Gangs run one after another on the
 * launching thread, so the current gang is the thread's own; the settings
 * come from the environment once:
 *
 *   ACCC_CHECK_ORDER=reverse|shuffle  the iterations of partitioned loops
 *                                     (and the gangs of a launch) run
 *                                     backwards, or in an order shuffled
 *                                     by ACCC_CHECK_SEED (a number; 1 if
 *                                     unset, so that a run repeats)
 *   ACCC_CHECK_GANGS=N                the gangs of each dimension that no
 *                                     num_gangs clause sizes (default: the
 *                                     device's choice, at most 4)
 *   ACCC_CHECK=gangs                  as ACCC_CHECK_GANGS=4 (not part of
 *                                     ACCC_CHECK=all: check.c)
 */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"
#include "accrt_emulate.h"

#if !defined(ACCRT_BACKEND_EMULATE)
#error "emulate_exec.c is the emulate backend's"
#endif

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { ORDER_REVERSE = 1, ORDER_SHUFFLE = 2 };

/* The gangs of a dimension without num_gangs: at most default_gangs of
 * the device's choice, or exactly check_gangs where set. */
enum { default_gangs = 4 };

int accrt_emu_order;
static unsigned check_gangs;
static accrt_ullong seed = 1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The current launch's gangs along x, y and z, and the gang running. */
static __thread unsigned grid[3] = {1, 1, 1}, gang[3];

/* SplitMix64's finaliser: a well-mixed 64-bit value of x. */
static accrt_ullong mix(accrt_ullong x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* A positive number from variable name, or 0 where it is unset or empty;
 * anything else stops the program. */
static accrt_ullong env_number(const char *name) {
    const char *v = getenv(name);
    char *end;
    accrt_ullong n;
    if (!v || !*v)
        return 0;
    errno = 0;
    n = strtoull(v, &end, 0);
    if (*end || errno || v[0] == '-')
        accrt_fatal(NULL, "%s=%s is not a number", name, v);
    return n;
}

static void init(void) {
    const char *order = getenv("ACCC_CHECK_ORDER");
    accrt_ullong g = env_number("ACCC_CHECK_GANGS");
    if (order && *order) {
        if (strcmp(order, "reverse") == 0)
            accrt_emu_order = ORDER_REVERSE;
        else if (strcmp(order, "shuffle") == 0)
            accrt_emu_order = ORDER_SHUFFLE;
        else
            accrt_fatal(NULL, "ACCC_CHECK_ORDER=%s: the orders are reverse and shuffle", order);
    }
    if (getenv("ACCC_CHECK_SEED") && *getenv("ACCC_CHECK_SEED"))
        seed = env_number("ACCC_CHECK_SEED");
    if (g > 65535)
        accrt_fatal(NULL, "ACCC_CHECK_GANGS=%llu: at most 65535 gangs", g);
    accrt_init(); /* ACCC_CHECK (check.c) */
    check_gangs = g ? (unsigned)g : accrt_checks & ACCRT_CHECK_GANGS ? default_gangs : 0;
}

unsigned accrt_emu_gangs(accrt_llong choice) {
    pthread_once(&once, init);
    if (check_gangs)
        return check_gangs;
    return choice < 1 ? 1u : choice > default_gangs ? (unsigned)default_gangs : (unsigned)choice;
}

accrt_ullong accrt_emu_grid(unsigned gangs, unsigned gangs_y, unsigned gangs_z) {
    pthread_once(&once, init);
    grid[0] = gangs, grid[1] = gangs_y, grid[2] = gangs_z;
    return (accrt_ullong)gangs * gangs_y * gangs_z;
}

void accrt_emu_gang(accrt_ullong g) {
    accrt_ullong n = (accrt_ullong)grid[0] * grid[1] * grid[2];
    if (accrt_emu_order)
        g = (accrt_ullong)accrt_emu_perm((accrt_llong)g, (accrt_llong)n, mix(seed ^ n));
    gang[0] = (unsigned)(g % grid[0]);
    g /= grid[0];
    gang[1] = (unsigned)(g % grid[1]);
    gang[2] = (unsigned)(g / grid[1]);
}

/* The share [*lo, *hi) of the current gang along dimension dim (1 to
 * 3; 0: the gang's loop, not a gang loop) of n things: consecutive ones,
 * as evenly as the gangs divide them; mirrored, the share the gang at the
 * same distance from the other end would have. */
static void share(accrt_llong n, int dim, int mirrored, accrt_llong *lo, accrt_llong *hi) {
    int d = dim > 1 ? dim - 1 : 0;
    accrt_llong gangs = dim > 0 ? grid[d] : 1, me = dim > 0 ? gang[d] : 0;
    accrt_llong chunk = n / gangs + (n % gangs != 0);
    if (mirrored)
        me = gangs - 1 - me;
    *lo = chunk * me < n ? chunk * me : n;
    *hi = *lo + chunk < n ? *lo + chunk : n;
}

accrt_iters accrt_iters_gang(accrt_llong n, int dim, unsigned key) {
    accrt_iters it;
    if (accrt_emu_order)
        return accrt_iters_order(n, dim, key);
    share(n, dim, 0, &it.lo, &it.hi);
    it.next = 0;
    it.end = 1;
    it.n = it.len = n;
    it.runs = 1;
    it.key = 0;
    return it;
}

/* The most runs of an ordered loop: a longer loop's runs hold several
 * iterations, so that the order costs at most a call per 2^20th of the
 * loop reversed, per 2^16th shuffled (whose runs are also long enough to
 * read whole cache lines: a loop over a 1024 x 1024 grid shuffled one
 * iteration at a time ran 25 times slower than reversed). */
#define MAX_RUNS(order) ((order) == ORDER_SHUFFLE ? 1ll << 16 : 1ll << 20)

accrt_iters accrt_iters_order(accrt_llong n, int dim, unsigned key) {
    accrt_iters it;
    accrt_llong most = MAX_RUNS(accrt_emu_order);
    it.n = n;
    it.len = n <= most ? 1 : n / most + (n % most != 0);
    it.runs = n / it.len + (n % it.len != 0);
    /* Reversed, the runs of the gang that runs first (the last) are the
     * first runs backwards, so that the loop runs backwards as a whole. */
    share(it.runs, dim, accrt_emu_order == ORDER_REVERSE, &it.next, &it.end);
    it.lo = it.hi = 0;
    it.key = mix(seed ^ mix((accrt_ullong)n ^ ((accrt_ullong)key << 40)));
    return it;
}

/* The i-th counter, 0 <= i < n, of a loop in the order of
 * accrt_emu_order. Shuffled: a permutation of [0, 2^w), 2^w >= n, made of
 * three rounds keyed by key (times an odd number, plus a number, an xor
 * with the value shifted right, all modulo 2^w: each maps [0, 2^w) onto
 * itself one to one), applied until the value falls in [0, n) (cycle
 * walking: each value outside [0, n) is stepped over by one walk only, and
 * 2^w < 2n, so the walks are short on average). */
accrt_llong accrt_emu_perm(accrt_llong i, accrt_llong n, accrt_ullong key) {
    accrt_ullong x = (accrt_ullong)i, mask, k;
    unsigned shift, round;
    if (accrt_emu_order == ORDER_REVERSE)
        return n - 1 - i;
    if (n <= 1)
        return i;
    mask = ~0ull >> __builtin_clzll((accrt_ullong)n - 1);
    shift = (unsigned)(64 - __builtin_clzll((accrt_ullong)n - 1) + 1) / 2;
    do {
        for (k = key, round = 0; round < 3; round++, k = k * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull) {
            x = (x * (k | 1) + (k >> 32)) & mask;
            x ^= x >> shift;
        }
    } while (x >= (accrt_ullong)n);
    return (accrt_llong)x;
}
