/*
 * compare.c: autocompare (-gpu=autocompare, NVHPC's PCAST), the run-time
 * half. A compute construct built with it runs its device version, then
 * its host version (the statement as written) on the inputs the device
 * version had, and the results are compared element by element: floating
 * values within a tolerance, integers exactly. A difference is reported
 * with the construct, the variable, the first differing element and both
 * values; the program goes on from the device version's results, and
 * exits with status 1 if any construct differed.
 *
 * PCAST_COMPARE (or ACCC_COMPARE), comma-separated:
 *   rel=N      relative tolerance 10^-N (default: 4 for float, 10 for double)
 *   abs=N      absolute tolerance 10^-N (default: none)
 *   report=N   differing elements reported per variable (default 1)
 *   stop       stop the program at the first difference
 *   verbose    also name each construct and variable that compared equal
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "accrt_impl.h"
#include "openacc.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp_ready;
static double rel_f = 1e-4, rel_d = 1e-10, abs_tol = 0;
static long report_max = 1;
static int stop_at_first, verbose;
static unsigned long ndiffer; /* constructs with a difference */

/* Set while a construct's host version runs (emulate: the checks of
 * check.c do not report what it reads of host memory the device run left
 * stale, nor what the runtime copies here). */
int accrt_cmp_running;

static void cmp_exit(void) {
    if (ndiffer > 0) {
        fflush(stdout);
        fprintf(stderr, "ACCC AUTOCOMPARE: %lu construct%s computed results on the device that differ from the host's; exit status 1\n",
                ndiffer, ndiffer == 1 ? "" : "s");
        fflush(stderr);
        _exit(1);
    }
}

static void cmp_init(void) {
    const char *v = getenv("PCAST_COMPARE");
    char buf[256], *tok, *save = NULL;
    if (cmp_ready)
        return;
    cmp_ready = 1;
    if (!v || !*v)
        v = getenv("ACCC_COMPARE");
    if (v && *v) {
        snprintf(buf, sizeof buf, "%s", v);
        for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (strncmp(tok, "rel=", 4) == 0)
                rel_f = rel_d = pow(10, -atof(tok + 4));
            else if (strncmp(tok, "abs=", 4) == 0)
                abs_tol = pow(10, -atof(tok + 4));
            else if (strncmp(tok, "report=", 7) == 0)
                report_max = atol(tok + 7);
            else if (strcmp(tok, "stop") == 0)
                stop_at_first = 1;
            else if (strcmp(tok, "verbose") == 0)
                verbose = 1;
            else
                fprintf(stderr, "ACCC AUTOCOMPARE: unknown PCAST_COMPARE option '%s' (rel=N, abs=N, report=N, stop, verbose)\n", tok);
        }
    }
    atexit(cmp_exit);
}

/* Buffers freed by one construct serve the next: a loop of constructs
 * would otherwise map and fault in fresh pages for every copy. */
#define POOL 32
static struct {
    void *p;
    size_t cap;
} pool[POOL];
static int npool;
static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER; /* host threads may compare at once */

static void *xmalloc(size_t n, const accrt_site *s) {
    int i;
    void *p;
    pthread_mutex_lock(&pool_mu);
    for (i = 0; i < npool; i++)
        if (pool[i].cap >= n && pool[i].cap / 2 <= n) {
            p = pool[i].p;
            pool[i] = pool[--npool];
            pthread_mutex_unlock(&pool_mu);
            return p;
        }
    pthread_mutex_unlock(&pool_mu);
    p = malloc(n ? n : 1);
    if (!p)
        accrt_fatal(s, "autocompare: out of host memory (%zu bytes)", n);
    return p;
}

static void xfree(void *p, size_t cap) {
    if (!p)
        return;
    pthread_mutex_lock(&pool_mu);
    if (npool == POOL) {
        free(pool[0].p);
        pool[0] = pool[--npool];
    }
    pool[npool].p = p;
    pool[npool].cap = cap ? cap : 1;
    npool++;
    pthread_mutex_unlock(&pool_mu);
}

/* The device copy of c's host memory, if all of it is present. */
static void *device_copy(const accrt_cmp *c) {
    if (c->role == ACCRT_CMP_RESULT || c->role == ACCRT_CMP_RESULT_TRUTH || c->role == ACCRT_CMP_KEEP || c->bytes == 0)
        return NULL;
    if (!acc_is_present(c->host, c->bytes))
        return NULL;
    return acc_deviceptr(c->host);
}

/* Copies n bytes to dst where they differ: host memory the program
 * cannot write (const data) is the same on both sides. */
static void host_copy(void *dst, const void *src, size_t n) {
#ifdef ACCRT_BACKEND_EMULATE
    accrt_check_enter_runtime(); /* the checks watch host memory of mapped data */
#endif
    if (memcmp(dst, src, n) != 0)
        memcpy(dst, src, n);
#ifdef ACCRT_BACKEND_EMULATE
    accrt_check_leave_runtime();
#endif
}

void accrt_cmp_begin(accrt_cmp *c, int n, int async, const accrt_site *s) {
    int i;
    cmp_init();
    if (async != ACCRT_SYNC)
        accrt_wait(async, s); /* the data clauses' copies */
    for (i = 0; i < n; i++) {
        if (c[i].role & ACCRT_CMP_WHOLE) {
            accrt_found f;
            accrt_lock();
            f = accrt_table_find(c[i].host, 1);
            if (f.state == ACCRT_PRESENT_ALL) {
                c[i].host = f.e->host;
                c[i].bytes = f.e->bytes;
            }
            accrt_unlock();
            c[i].role &= ~ACCRT_CMP_WHOLE;
        }
    }
    for (i = 0; i < n; i++) {
        void *d = device_copy(&c[i]);
        c[i].in = xmalloc(c[i].bytes, s);
        c[i].out = c[i].keep = NULL;
        if (d)
            acc_memcpy_from_device(c[i].in, d, c[i].bytes);
        else
            host_copy(c[i].in, c[i].host, c[i].bytes);
    }
}

int accrt_cmp_host(accrt_cmp *c, int n, int async, const accrt_site *s) {
    int i;
    if (async != ACCRT_SYNC)
        accrt_wait(async, s); /* the device version's results */
    for (i = 0; i < n; i++) {
        void *d = device_copy(&c[i]);
        c[i].keep = xmalloc(c[i].bytes, s);
        host_copy(c[i].keep, c[i].host, c[i].bytes);
        if (c[i].kind == ACCRT_CMP_NONE || c[i].role == ACCRT_CMP_KEEP || c[i].role == ACCRT_CMP_INPUT)
            continue;
        if (d) { /* still present: the device copy holds the result */
            c[i].out = xmalloc(c[i].bytes, s);
            acc_memcpy_from_device(c[i].out, d, c[i].bytes);
        } else if (c[i].role == ACCRT_CMP_MAPPED_OUT || c[i].role == ACCRT_CMP_RESULT || c[i].role == ACCRT_CMP_RESULT_TRUTH) {
            c[i].out = c[i].keep; /* copied out */
        }
    }
    for (i = 0; i < n; i++)
        host_copy(c[i].host, c[i].in, c[i].bytes);
    accrt_cmp_running++;
    return 1;
}

static double value(const accrt_cmp *c, const void *p, size_t k) {
    const char *e = (const char *)p + k * c->elem;
    if (c->kind == ACCRT_CMP_FLOAT) {
        float f;
        memcpy(&f, e, sizeof f);
        return f;
    }
    if (c->kind == ACCRT_CMP_DOUBLE) {
        double d;
        memcpy(&d, e, sizeof d);
        return d;
    }
    return 0;
}

/* Whether element k differs; *rel is its relative difference. */
static int differs(const accrt_cmp *c, const void *dev, const void *host, size_t k, double *rel) {
    double a, b, diff, big;
    *rel = 0;
    if (c->role == ACCRT_CMP_RESULT_TRUTH) {
        size_t j;
        int ta = 0, tb = 0;
        if (c->kind != ACCRT_CMP_INT)
            return (value(c, dev, k) != 0) != (value(c, host, k) != 0);
        for (j = 0; j < c->elem; j++) {
            ta |= ((const char *)dev)[k * c->elem + j] != 0;
            tb |= ((const char *)host)[k * c->elem + j] != 0;
        }
        return ta != tb;
    }
    if (c->kind == ACCRT_CMP_INT)
        return memcmp((const char *)dev + k * c->elem, (const char *)host + k * c->elem, c->elem) != 0;
    a = value(c, dev, k);
    b = value(c, host, k);
    if (a == b || (isnan(a) && isnan(b)))
        return 0;
    diff = fabs(a - b);
    big = fmax(fabs(a), fabs(b));
    *rel = big > 0 ? diff / big : INFINITY;
    if (diff <= abs_tol)
        return 0;
    return !(*rel <= (c->kind == ACCRT_CMP_FLOAT ? rel_f : rel_d));
}

static void print_value(const accrt_cmp *c, const void *p, size_t k, char *buf, size_t n) {
    const unsigned char *e = (const unsigned char *)p + k * c->elem;
    if (c->kind == ACCRT_CMP_FLOAT) {
        snprintf(buf, n, "%.9g", value(c, p, k));
    } else if (c->kind == ACCRT_CMP_DOUBLE) {
        snprintf(buf, n, "%.17g", value(c, p, k));
    } else { /* an integer: its bytes as the host orders them, printed signed */
        long long v = 0;
        if (c->elem == 1)
            v = *(const signed char *)e;
        else if (c->elem == 2) {
            short x;
            memcpy(&x, e, 2);
            v = x;
        } else if (c->elem == 4) {
            int x;
            memcpy(&x, e, 4);
            v = x;
        } else if (c->elem == 8)
            memcpy(&v, e, 8);
        snprintf(buf, n, "%lld", v);
    }
}

/* Compares one region; returns 1 if it differs. */
static int compare(const accrt_cmp *c, const accrt_site *s) {
    size_t k, count, nel = c->elem ? c->bytes / c->elem : 0, scan = nel, first = 0;
    long shown = 0;
    double rel;
    char dv[64], hv[64];
    count = 0;
    if (memcmp(c->out, c->host, c->bytes) == 0)
        scan = 0; /* the same bytes: nothing to look at */
    for (k = 0; k < scan; k++) {
        if (!differs(c, c->out, c->host, k, &rel))
            continue;
        if (count == 0)
            first = k;
        count++;
        if (shown < report_max) {
            shown++;
            print_value(c, c->out, k, dv, sizeof dv);
            print_value(c, c->host, k, hv, sizeof hv);
            if (c->kind == ACCRT_CMP_INT)
                fprintf(stderr, "ACCC AUTOCOMPARE: %s:%d (%s): '%s' element %zu: device %s, host %s\n", s->file, s->line,
                        s->func, c->name, k, dv, hv);
            else
                fprintf(stderr,
                        "ACCC AUTOCOMPARE: %s:%d (%s): '%s' element %zu: device %s, host %s (relative difference %.2g, "
                        "tolerance %.2g)\n",
                        s->file, s->line, s->func, c->name, k, dv, hv, rel,
                        c->kind == ACCRT_CMP_FLOAT ? rel_f : rel_d);
        }
    }
    if (count > 0) {
        fprintf(stderr, "ACCC AUTOCOMPARE: %s:%d (%s): '%s' differs in %zu of %zu element%s (the first: %zu)\n", s->file,
                s->line, s->func, c->name, count, nel, nel == 1 ? "" : "s", first);
    } else if (verbose) {
        fprintf(stderr, "ACCC AUTOCOMPARE: %s:%d (%s): '%s' is the same on the device and the host (%zu element%s)\n",
                s->file, s->line, s->func, c->name, nel, nel == 1 ? "" : "s");
    }
    return count > 0;
}

void accrt_cmp_end(accrt_cmp *c, int n, const accrt_site *s) {
    int i, bad = 0;
    accrt_cmp_running--;
    for (i = 0; i < n; i++)
        if (c[i].out) {
#ifdef ACCRT_BACKEND_EMULATE
            accrt_check_enter_runtime();
#endif
            bad |= compare(&c[i], s);
#ifdef ACCRT_BACKEND_EMULATE
            accrt_check_leave_runtime();
#endif
        }
    for (i = 0; i < n; i++) { /* the program goes on from the device run */
        host_copy(c[i].host, c[i].keep, c[i].bytes);
        if (c[i].out != c[i].keep)
            xfree(c[i].out, c[i].bytes);
        xfree(c[i].keep, c[i].bytes);
        xfree(c[i].in, c[i].bytes);
        c[i].in = c[i].out = c[i].keep = NULL;
    }
    if (bad) {
        ndiffer++;
        if (stop_at_first) {
            fflush(stdout);
            fprintf(stderr, "ACCC AUTOCOMPARE: stopped at the first difference (PCAST_COMPARE=stop)\n");
            _exit(1);
        }
    }
}
