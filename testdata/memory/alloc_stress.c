// run -gpu=mem:managed
/* The heap of the memory modes (runtime/src/memory.c) as an allocator:
   blocks of every size class and large ones, freed in another order,
   grown and shrunk with realloc, zeroed by calloc, aligned by
   aligned_alloc, posix_memalign, memalign and valloc, and the C library's
   own allocations (strdup, a FILE's buffer) freed by the program; each
   block keeps its bytes, and a kernel reads blocks of each kind.
   memory_test.go builds it with each memory mode. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 3000

static unsigned long long rng = 88172645463325252ull;
static unsigned next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)rng;
}

static unsigned char *blk[NB];
static size_t len[NB];

static void fill(int i) {
    for (size_t k = 0; k < len[i]; k++) blk[i][k] = (unsigned char)(i + k);
}

static int intact(int i) {
    for (size_t k = 0; k < len[i]; k++)
        if (blk[i][k] != (unsigned char)(i + k)) return 0;
    return 1;
}

int main(void) {
    int bad = 0;
    for (int round = 0; round < 4; round++) {
        for (int i = 0; i < NB; i++) {
            size_t n = next() % 10 == 0 ? 40000 + next() % 300000 : next() % 3000;
            if (blk[i] && !intact(i)) bad++;
            if (next() % 3 == 0) {
                unsigned char *q = realloc(blk[i], n);
                if (!q && n) { printf("realloc failed\n"); return 1; }
                size_t keep = n < len[i] ? n : len[i];
                for (size_t k = 0; k < keep; k++)
                    if (q[k] != (unsigned char)(i + k)) { bad++; break; }
                blk[i] = q;
            } else {
                free(blk[i]);
                blk[i] = next() % 2 ? malloc(n) : calloc(1, n);
            }
            len[i] = n;
            if (n && malloc_usable_size(blk[i]) < n) bad++;
            fill(i);
        }
    }
    for (int i = 0; i < NB; i++) {
        if (!intact(i)) bad++;
        free(blk[i]);
    }
    printf("blocks: %s\n", bad ? "BAD" : "ok");

    int aligned = 1;
    void *p[8];
    size_t al[] = {16, 64, 256, 4096, 8192, 65536};
    for (int k = 0; k < 6; k++) {
        p[k] = aligned_alloc(al[k], al[k] * 3);
        if (!p[k] || (uintptr_t)p[k] % al[k]) aligned = 0;
        else memset(p[k], 1, al[k] * 3);
    }
    void *q;
    if (posix_memalign(&q, 128, 1000) != 0 || (uintptr_t)q % 128) aligned = 0;
    void *m = memalign(32, 100), *v = valloc(10);
    if ((uintptr_t)m % 32 || (uintptr_t)v % 4096) aligned = 0;
    printf("aligned: %s\n", aligned ? "ok" : "BAD");
    for (int k = 0; k < 6; k++) free(p[k]);
    free(q);
    free(m);
    free(v);

    char *s = strdup("a string the C library allocates");
    FILE *f = tmpfile();
    fprintf(f, "%s", s);
    fclose(f);
    printf("libc: %s\n", strlen(s) == 32 ? "ok" : "BAD");
    free(s);

    int n = 5000;
    double *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
    double *z = aligned_alloc(256, n * sizeof *z);
    double *w = malloc(10 * sizeof *w);
    w = realloc(w, n * sizeof *w);
    for (int i = 0; i < n; i++) { x[i] = i; z[i] = 2; w[i] = 3; }
    double sum = 0;
#pragma acc parallel loop reduction(+:sum) copyin(x[0:n], y[0:n], z[0:n], w[0:n])
    for (int i = 0; i < n; i++) sum += x[i] + y[i] + z[i] + w[i];
    printf("kernel: %g\n", sum);
    free(x);
    free(y);
    free(z);
    free(w);
    return 0;
}
