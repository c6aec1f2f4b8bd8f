/* check.h: the runtime tests' assertion macro and sites. */
#include <stdio.h>

#include "accrt.h"

static int failures; /* read by done() */

#define CHECK(c)                                                                                             \
    do {                                                                                                     \
        if (!(c)) {                                                                                          \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                                              \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

#define SITE(name, line)                                                                                     \
    static const accrt_site name = {"test.c", line, __func__, NULL}

/* Designated: fields accrt.h may add stay zero. */
#define MAP(k, f, var, n)                                                                                    \
    { .kind = (k), .flags = (f), .name = #var, .host = (void *)(var), .bytes = (n) }

/* 1 on the shared backend: device address == host address. */
static inline int shared(void) { return accrt_backend()[0] == 's'; }

static inline int done(void) {
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
