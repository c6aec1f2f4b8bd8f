// run
/* memset, memcpy, memmove, memcmp, exit and printf in compute constructs
   and routines need no routine directive: CUDA has device memcpy, memset
   and printf, accrt_device.h memmove and memcmp, and exit stops the kernel
   like abort; the CPU targets call the C library. memcpy, memmove and
   memset store through their first argument: b is written, not read-only,
   and its copyout brings the stores back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 200
#define M 8

static int rowsum(const int *r) {
    int t[M], s = 0;
    memcpy(t, r, sizeof t);
    for (int j = 0; j < M; j++)
        s += t[j];
    return s;
}

int main(void) {
    int a[N][M], b[N][M], c[N], d[N];
    double x[N];
    for (int i = 0; i < N; i++)
        x[i] = i;
#pragma acc parallel loop copyout(a, b, c, d) copy(x)
    for (int i = 0; i < N; i++) {
        memset(a[i], 0, sizeof a[i]);
        a[i][3] = i;
        a[i][M - 1] = 2 * i;
        memcpy(b[i], a[i], sizeof a[i]);
        memmove(b[i] + 1, b[i], (M - 1) * sizeof(int)); /* overlapping */
        c[i] = memcmp(a[i], b[i], sizeof a[i]);
        c[i] = c[i] < 0 ? -1 : c[i] > 0;
        d[i] = rowsum(b[i]);
        memset(&x[i], 0, i % 2 ? sizeof x[i] : 0);
        if (d[i] < 0)
            exit(3);
    }
    fflush(stdout);
#pragma acc serial
    printf("device says %d\n", 42);
    long s = 0, t = 0;
    double xs = 0;
    for (int i = 0; i < N; i++) {
        s += b[i][4] + b[i][M - 1] + d[i];
        t += c[i];
        xs += x[i];
    }
    printf("%ld %ld %g\n", s, t, xs);
    return 0;
}
