/* A library built by plain gcc (memory_test.go archives it into
   libbuffer.a): its allocations are the program's too, and come from
   managed memory with -gpu=mem:managed. */
#include <stdlib.h>

double *buffer_new(int n) {
    double *b = malloc(n * sizeof *b);
    for (int i = 0; i < n; i++) b[i] = i;
    return b;
}

double *buffer_grow(double *b, int n) { return realloc(b, n * sizeof *b); }

void buffer_free(double *b) { free(b); }
