/* copy_par.c: accrt_copy_par (src/copy.c), built alone: copies of every
 * size class at misaligned offsets land exactly, with the bytes around
 * them untouched, from one thread and from two at once (one of which
 * then copies alone). Prints "ok N" with the number of copy threads. */
#define _POSIX_C_SOURCE 200809L
#include "accrt_impl.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void accrt_fatal(const accrt_site *s, const char *fmt, ...) {
    va_list ap;
    (void)s;
    fputs("FATAL ERROR: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

enum { CAP = 12 << 20, GUARD = 64 };

static int check(unsigned char *dst, const unsigned char *src, size_t doff, size_t soff, size_t n) {
    size_t i;
    memset(dst, 0xEE, CAP);
    accrt_copy_par(dst + doff, src + soff, n);
    for (i = 0; i < n; i++)
        if (dst[doff + i] != src[soff + i]) {
            printf("byte %zu of a copy of %zu bytes (offsets %zu, %zu) differs\n", i, n, doff, soff);
            return 1;
        }
    for (i = doff >= GUARD ? doff - GUARD : 0; i < doff; i++)
        if (dst[i] != 0xEE) {
            printf("byte %zu before a copy of %zu bytes written\n", doff - i, n);
            return 1;
        }
    for (i = doff + n; i < doff + n + GUARD && i < CAP; i++)
        if (dst[i] != 0xEE) {
            printf("byte %zu after a copy of %zu bytes written\n", i - doff - n, n);
            return 1;
        }
    return 0;
}

static unsigned char *src;

static int sizes(unsigned char *dst) {
    static const size_t n[] = {0, 1, 4095, 4097, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 12345,
                               (8 << 20) + 7};
    static const size_t off[] = {0, 1, 7, 4096 + 3};
    int bad = 0;
    for (size_t i = 0; i < sizeof n / sizeof n[0]; i++)
        for (size_t j = 0; j < sizeof off / sizeof off[0]; j++)
            bad |= check(dst, src, off[j], off[(j + 1) % 4], n[i]);
    return bad;
}

static void *other(void *arg) {
    unsigned char *dst = malloc(CAP);
    int *bad = arg;
    for (int r = 0; r < 3; r++)
        *bad |= sizes(dst);
    free(dst);
    return NULL;
}

int main(void) {
    unsigned char *dst = malloc(CAP);
    pthread_t t;
    int bad = 0, bad2 = 0;
    src = malloc(CAP);
    for (size_t i = 0; i < CAP; i++)
        src[i] = (unsigned char)(i * 2654435761u >> 13);
    bad |= sizes(dst);
    pthread_create(&t, NULL, other, &bad2);
    for (int r = 0; r < 3; r++)
        bad |= sizes(dst);
    pthread_join(t, NULL);
    if (bad || bad2)
        return 1;
    printf("ok %d\n", accrt_copy_threads());
    free(dst);
    free(src);
    return 0;
}
