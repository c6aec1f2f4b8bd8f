/* heap.c: the live heap blocks the emulate backend knows (src/heap.c)
 * where ACCC_CHECK asks for bounds: each block holds the addresses from
 * its start to its end, with the size the program asked for; freed and
 * moved blocks are gone; stack and global data are in no block. With
 * "off" as its argument (run without ACCC_CHECK), no block is known. It
 * runs with -fsanitize=address too, whose allocator is then the one under
 * the runtime's functions. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int accrt_heap_block(const void *x, const char **start, size_t *size, const void **caller);

static int on = 1;

/* Checks that [p, p+n) is a block: its first, inner and last byte are in it. */
static void block(void *p, size_t n, int line) {
    size_t offs[3], i;
    offs[0] = 0, offs[1] = n / 2, offs[2] = n ? n - 1 : 0;
    for (i = 0; i < 3; i++) {
        const char *start = NULL;
        size_t size = 0;
        const void *caller = NULL;
        int got = accrt_heap_block((const char *)p + offs[i], &start, &size, &caller);
        if (!on) {
            if (got)
                printf("FAIL line %d: a block is known without ACCC_CHECK\n", line), failures++;
            continue;
        }
        if (!got || start != p || size != n || caller == NULL)
            printf("FAIL line %d: byte %zu of a block of %zu at %p: got %d, %p, %zu\n", line, offs[i], n, p, got,
                   (const void *)start, size),
                failures++;
    }
}

/* Checks that address x is in no block. */
static void none(uintptr_t x, int line) {
    const char *start;
    size_t size;
    const void *caller;
    if (accrt_heap_block((const void *)x, &start, &size, &caller))
        printf("FAIL line %d: %#lx is in a block at %p of %zu\n", line, (unsigned long)x, (const void *)start, size), failures++;
}

/* A thread's blocks come and go; at the end each is as it was allocated. */
static void *churn(void *arg) {
    unsigned s = (unsigned)(size_t)arg;
    void *mine[64] = {0};
    size_t sizes[64] = {0};
    int k, j;
    for (k = 0; k < 200000; k++) {
        s = s * 1103515245u + 12345u;
        j = (int)((s >> 8) % 64);
        free(mine[j]);
        sizes[j] = 16 + (s >> 20) % 300;
        mine[j] = (s >> 20) % 3 ? malloc(sizes[j]) : calloc(1, sizes[j]);
    }
    for (j = 0; j < 64; j++) {
        block(mine[j], sizes[j], __LINE__);
        free(mine[j]);
    }
    return NULL;
}

static char global[4096];

int main(int argc, char **argv) {
    enum { MANY = 100000 };
    static char *many[MANY];
    char local[256];
    char *p, *q, *r;
    void *v;
    uintptr_t a;
    int i;
    pthread_t th[4];
    on = !(argc > 1 && strcmp(argv[1], "off") == 0);

    p = malloc(100);
    block(p, 100, __LINE__);
    none((uintptr_t)p + 100 + 64 * 1024, __LINE__);
    q = calloc(10, 24);
    block(q, 240, __LINE__);
    r = malloc(0);
    block(r, 0, __LINE__);
    /* a block glibc allocates (through malloc), or AddressSanitizer's
     * strdup (not): freed by the program */
    v = strdup("emulate");
#ifndef __SANITIZE_ADDRESS__
    block(v, 8, __LINE__);
#endif
    free(v);
    /* realloc: larger (perhaps moved), then smaller */
    p = realloc(p, 5000);
    block(p, 5000, __LINE__);
    p = realloc(p, 40);
    block(p, 40, __LINE__);
    v = aligned_alloc(64, 640);
    block(v, 640, __LINE__);
    free(v);
    v = memalign(4096, 100);
    block(v, 100, __LINE__);
    free(v);
    CHECK(posix_memalign(&v, 256, 1000) == 0);
    block(v, 1000, __LINE__);
    free(v);
#ifndef __SANITIZE_ADDRESS__ /* AddressSanitizer stops the program at a bad alignment */
    CHECK(posix_memalign(&v, 24, 1000) == EINVAL);
#endif
    v = valloc(10);
    block(v, 10, __LINE__);
    free(v);
    v = pvalloc(10);
    block(v, (size_t)sysconf(_SC_PAGESIZE), __LINE__);
    free(v);
    /* large blocks: glibc maps them, or they are in the heap */
    v = malloc(1 << 20);
    block(v, 1 << 20, __LINE__);
    a = (uintptr_t)v;
    free(v);
    none(a, __LINE__);
    v = malloc(100000);
    block(v, 100000, __LINE__);
    free(v);
    /* many small blocks, every other one freed */
    for (i = 0; i < MANY; i++)
        many[i] = malloc(1 + i % 200);
    for (i = 0; i < MANY; i += 2)
        free(many[i]);
    for (i = 1; i < MANY; i += 2)
        block(many[i], 1 + i % 200, __LINE__);
    /* stack and global data, and a freed block */
    none((uintptr_t)(local + 10), __LINE__);
    none((uintptr_t)(global + 10), __LINE__);
    a = (uintptr_t)q;
    free(q);
    none(a, __LINE__);
    /* threads allocating and freeing at once */
    for (i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, churn, (void *)(size_t)(i + 1));
    for (i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    for (i = 1; i < MANY; i += 2) {
        block(many[i], 1 + i % 200, __LINE__);
        free(many[i]);
    }
    block(p, 40, __LINE__);
    block(r, 0, __LINE__);
    a = (uintptr_t)p;
    free(p);
    free(r);
    none(a, __LINE__);
    return done();
}
