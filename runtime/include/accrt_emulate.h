/*
 * accrt_emulate.h: the part of the internal ABI (accrt.h) that the kernels
 * of -acc=emulate run on: how a device's gangs and loops run on the host
 * (runtime/src/emulate_exec.c, the emulate backend only). The host files of
 * -acc=emulate include it after accrt.h.
 */
#ifndef ACCRT_EMULATE_H
#define ACCRT_EMULATE_H

/* A system header to the host compiler, wherever it is found: the user's
 * warning options (-Wall -pedantic -std=c89 ...) are for the user's code. */
#if defined(__GNUC__)
#pragma GCC system_header
#endif

#include "accrt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The execution model of -acc=emulate (emulate backend only; src/emulate_exec.c).
 * A kernel runs its gangs one after another on the launching thread, each
 * gang running the kernel's gang-redundant code (OpenACC 3.4 §2.5.1) with
 * private copies of its own. accrt_emu_gangs is the gangs of a grid
 * dimension that no num_gangs clause sizes, for the device's choice
 * `choice` (the GPU's grid): no more than ACCC_CHECK_GANGS (4 by default),
 * exactly that many where ACCC_CHECK_GANGS is set or ACCC_CHECK names
 * gangs. A kernel starts its gangs with accrt_emu_grid, which returns their
 * number, and makes the g-th of them the current gang with accrt_emu_gang
 * before running it (in the order ACCC_CHECK_ORDER asks). */
unsigned accrt_emu_gangs(accrt_llong choice);
accrt_ullong accrt_emu_grid(unsigned gangs, unsigned gangs_y, unsigned gangs_z);
void accrt_emu_gang(accrt_ullong g);

/* The iterations a gang runs of a partitioned loop of n iterations
 * (counters 0 to n-1) on -acc=emulate, in runs of consecutive counters
 * [lo, hi) that accrt_iters_next hands out: a gang loop's share for the
 * current gang (accrt_iters_gang, along dimension dim of the grid), a
 * worker or vector loop's n (accrt_iters_all: the gang's one thread runs
 * them all). accrt_emu_order is ACCC_CHECK_ORDER: 0 runs them in order,
 * one run; reverse (1) and shuffle (2, seeded by ACCC_CHECK_SEED) cut the
 * n counters into runs (one counter each, or n / 2^20 for a longer loop)
 * and hand them out backwards or in an order shuffled for the loop's key
 * (accrt_emu_perm), so that a loop that is not independent shows its race
 * as a wrong result. Cost without the variable: one test per loop, none
 * per iteration. */
typedef struct {
    accrt_llong lo, hi;    /* the run accrt_iters_next handed out */
    accrt_llong next, end; /* the runs left (with an order: their numbers) */
    accrt_llong n, len;    /* the loop's iterations, and those of a run */
    accrt_llong runs;      /* the loop's runs */
    accrt_ullong key;      /* the order of the runs (accrt_emu_perm) */
} accrt_iters;
extern int accrt_emu_order;
accrt_iters accrt_iters_gang(accrt_llong n, int dim, unsigned key);
accrt_iters accrt_iters_order(accrt_llong n, int dim, unsigned key);
accrt_llong accrt_emu_perm(accrt_llong i, accrt_llong n, accrt_ullong key);
static ACCRT_INLINE accrt_iters accrt_iters_all(accrt_llong n, unsigned key) {
    accrt_iters it;
    if (accrt_emu_order)
        return accrt_iters_order(n, 0, key);
    it.lo = 0;
    it.hi = n;
    it.next = 0;
    it.end = 1;
    it.n = it.len = n;
    it.runs = 1;
    it.key = 0;
    return it;
}
static ACCRT_INLINE int accrt_iters_next(accrt_iters *it) {
    if (it->next >= it->end)
        return 0;
    if (accrt_emu_order) {
        it->lo = (accrt_emu_order == 1 ? it->runs - 1 - it->next : accrt_emu_perm(it->next, it->runs, it->key)) * it->len;
        it->hi = it->n - it->lo < it->len ? it->n : it->lo + it->len;
    }
    it->next++;
    return 1;
}

/* The first statement of a construct's host version (the statement as
 * written, run when the construct does not offload). It keeps the host
 * compiler from reading the host's variables of the statement before the
 * test that chooses the version (a load it may move above the branch):
 * under ACCC_CHECK that read would be a host read of stale data that the
 * program never makes. */
static ACCRT_INLINE void accrt_host_version(void) {
#if defined(__GNUC__)
    __asm__ __volatile__("" ::: "memory");
#endif
}

/* ACCC_CHECK=race (src/race.c). Each kernel of -acc=emulate has a
 * variant that tells the runtime its partitioned loops and its accesses
 * to memory; the kernel runs it when accrt_race_launch, called once per
 * launch, returns nonzero (the check is on), its plain variant otherwise:
 * the check costs nothing when off. Each gang of the variant begins with
 * accrt_race_gang; a partitioned loop begins an instance with
 * accrt_race_loop (gang: a gang loop; index: the name of its index
 * variable, or NULL where iterations are counted), each iteration with
 * accrt_race_iter (the index's value, or the counter; it returns 0, to
 * initialise a declaration) and ends with
 * accrt_race_end; each load (mode 0), store (1) or update (2) of size
 * bytes at p, written at file:line, goes through accrt_race_access,
 * which returns p. */
int accrt_race_launch(const char *kernel);
void accrt_race_gang(void);
void accrt_race_loop(int gang, const char *file, int line, const char *index);
int accrt_race_iter(accrt_llong i);
void accrt_race_end(void);
void *accrt_race_access(const volatile void *p, size_t size, int mode, const char *file, int line);

#ifdef __cplusplus
}
#endif

#endif /* ACCRT_EMULATE_H */
