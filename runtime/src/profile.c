/* profile.c: per-construct counters printed at exit when NV_ACC_TIME,
 * PGI_ACC_TIME or ACCC_TIME is set (in the spirit of PGI_ACC_TIME), and a
 * trace line per transfer and launch when NV_ACC_NOTIFY or ACCC_NOTIFY is
 * set. Counters are keyed by the address of the construct's static site. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int accrt_profiling;
int accrt_notify;

typedef struct {
    const accrt_site *site;
    long regions, launches, xfers[2];
    double kernel_secs, xfer_secs[2];
    unsigned long long xfer_bytes[2];
} counters;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static counters *tab; /* open addressing, power-of-two size */
static size_t ntab, captab;

#if defined(ACCRT_BACKEND_CUDA)
#define KIND "CUDA"
#else
#define KIND "host"
#endif

static counters *slot(const accrt_site *s) {
    size_t i, mask;
    if (2 * (ntab + 1) > captab) {
        size_t c = captab ? 2 * captab : 64, j;
        counters *t = calloc(c, sizeof *t);
        if (!t)
            accrt_fatal(NULL, "out of host memory for profile counters");
        for (j = 0; j < captab; j++) {
            if (!tab[j].site)
                continue;
            for (i = ((size_t)tab[j].site >> 4) & (c - 1); t[i].site; i = (i + 1) & (c - 1))
                ;
            t[i] = tab[j];
        }
        free(tab);
        tab = t;
        captab = c;
    }
    mask = captab - 1;
    for (i = ((size_t)s >> 4) & mask; tab[i].site && tab[i].site != s; i = (i + 1) & mask)
        ;
    if (!tab[i].site) {
        tab[i].site = s;
        ntab++;
    }
    return &tab[i];
}

static int by_site(const void *a, const void *b) {
    const accrt_site *x = ((const counters *)a)->site, *y = ((const counters *)b)->site;
    int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
    if (c == 0)
        c = strcmp(x->func ? x->func : "", y->func ? y->func : "");
    return c != 0 ? c : (x->line > y->line) - (x->line < y->line);
}

static long us(double secs) { return (long)(secs * 1e6 + 0.5); }

static void print_summary(void) {
    size_t i, n = 0;
    const char *file = NULL, *func = NULL;
    counters *v;
    pthread_mutex_lock(&mu);
    v = malloc((ntab ? ntab : 1) * sizeof *v);
    for (i = 0; v && i < captab; i++)
        if (tab[i].site)
            v[n++] = tab[i];
    pthread_mutex_unlock(&mu);
    if (!v)
        return;
    qsort(v, n, sizeof *v, by_site);
    fflush(stdout);
    fprintf(stderr, "\nAccelerator Kernel Timing data (accc, %s backend)\n", accrt_backend());
    for (i = 0; i < n; i++) {
        counters *c = &v[i];
        const accrt_site *s = c->site;
        if (!file || strcmp(file, s->file ? s->file : "") != 0) {
            file = s->file ? s->file : "";
            func = NULL;
            fprintf(stderr, "%s\n", file);
        }
        if (!func || strcmp(func, s->func ? s->func : "") != 0) {
            func = s->func ? s->func : "";
            fprintf(stderr, "  %s\n", func);
        }
        if (c->regions)
            fprintf(stderr, "    %d: region reached %ld time%s\n", s->line, c->regions, c->regions == 1 ? "" : "s");
        if (c->launches)
            fprintf(stderr, "        %d: kernel launched %ld time%s\n            time(us): total=%ld avg=%ld\n",
                    s->line, c->launches, c->launches == 1 ? "" : "s", us(c->kernel_secs),
                    us(c->kernel_secs / (double)c->launches));
        if (c->xfers[ACCRT_H2D])
            fprintf(stderr, "        %d: data copyin transfers: %ld bytes=%llu\n            time(us): total=%ld\n",
                    s->line, c->xfers[ACCRT_H2D], c->xfer_bytes[ACCRT_H2D], us(c->xfer_secs[ACCRT_H2D]));
        if (c->xfers[ACCRT_D2H])
            fprintf(stderr, "        %d: data copyout transfers: %ld bytes=%llu\n            time(us): total=%ld\n",
                    s->line, c->xfers[ACCRT_D2H], c->xfer_bytes[ACCRT_D2H], us(c->xfer_secs[ACCRT_D2H]));
    }
    free(v);
}

void accrt_profile_init(void) {
    accrt_profiling = accrt_env_flag("ACCC_TIME") || accrt_env_flag("NV_ACC_TIME") || accrt_env_flag("PGI_ACC_TIME");
    accrt_notify = accrt_env_flag("ACCC_NOTIFY") || accrt_env_flag("NV_ACC_NOTIFY") || accrt_env_flag("PGI_ACC_NOTIFY");
    if (accrt_profiling)
        atexit(print_summary);
}

static void trace(const char *what, const accrt_site *s) {
    fprintf(stderr, "%s file=%s function=%s line=%d device=0", what, s->file ? s->file : "?",
            s->func ? s->func : "?", s->line);
}

void accrt_profile_transfer(const accrt_site *s, int dir, const char *name, size_t bytes, double secs) {
    counters *c;
    if (accrt_be_shared_memory || !s)
        return;
    if (accrt_notify) {
        trace(dir == ACCRT_H2D ? "upload " KIND " data " : "download " KIND " data ", s);
        fprintf(stderr, " variable=%s bytes=%zu\n", name ? name : "?", bytes);
    }
    if (!accrt_profiling)
        return;
    pthread_mutex_lock(&mu);
    c = slot(s);
    c->xfers[dir]++;
    c->xfer_bytes[dir] += bytes;
    c->xfer_secs[dir] += secs;
    pthread_mutex_unlock(&mu);
}

void accrt_profile_launch(const accrt_site *s, double secs) {
    counters *c;
    if (!accrt_profiling || !s)
        return;
    pthread_mutex_lock(&mu);
    c = slot(s);
    c->launches++;
    c->kernel_secs += secs;
    pthread_mutex_unlock(&mu);
}

void accrt_profile_region(const accrt_site *s) {
    if (!accrt_profiling || !s)
        return;
    pthread_mutex_lock(&mu);
    slot(s)->regions++;
    pthread_mutex_unlock(&mu);
}

void accrt_notify_launch(const accrt_site *s, const char *kernel, unsigned gangs, unsigned workers, unsigned vlen) {
    if (!accrt_notify || !s)
        return;
    trace("launch " KIND " kernel ", s);
    fprintf(stderr, " kernel=%s num_gangs=%u num_workers=%u vector_length=%u\n", kernel ? kernel : "?", gangs,
            workers, vlen);
}
