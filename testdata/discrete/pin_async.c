// run
// env: ACCC_CHECK=bounds,undefined,async
// It reads stale copies on purpose (what it tests), which ACCC_CHECK=stale reports.
/* Data that async updates move stay page-locked while present (ACCRT_PIN):
   the updates go straight between the program's memory and the device,
   the partial pages at either end of an array through the staging ring.
   Chunks that do not end on pages, on three queues; a synchronous update
   of page-locked memory that the program overwrites right after (the copy
   must have read the old values); a second region over the same memory
   (locked again), and enter data / exit data. Separate device memory:
   the host's later writes do not reach the device. */
#include <stdio.h>
#include <stdlib.h>
#define N 400003
#define CHUNKS 7
int main(void) {
    double *a = malloc(sizeof(double) * N), *b = malloc(sizeof(double) * N);
    int cs = (N + CHUNKS - 1) / CHUNKS, bad = 0;
    for (int i = 0; i < N; i++) a[i] = i % 1000, b[i] = -1;
#pragma acc data create(a[0:N], b[0:N])
    {
        for (int c = 0; c < CHUNKS; c++) {
            int lo = c * cs, len = lo + cs > N ? N - lo : cs, q = 1 + c % 3;
#pragma acc update device(a[lo:len]) async(q)
#pragma acc parallel loop async(q)
            for (int i = lo; i < lo + len; i++) b[i] = 2 * a[i] + 1;
#pragma acc update self(b[lo:len]) async(q)
        }
#pragma acc wait
        for (int i = 0; i < N; i++) bad += b[i] != 2 * (i % 1000) + 1;
        for (int i = 0; i < N; i++) a[i] = 5;
#pragma acc update device(a[0:N])
        for (int i = 0; i < N; i++) a[i] = 7;
#pragma acc parallel loop
        for (int i = 0; i < N; i++) b[i] = a[i];
#pragma acc update self(b[0:N]) async(1)
#pragma acc wait(1)
        for (int i = 0; i < N; i++) bad += b[i] != 5;
    }
#pragma acc data copy(a[0:N]) create(b[0:N])
    {
#pragma acc parallel loop async(2)
        for (int i = 0; i < N; i++) a[i] = 3 * a[i], b[i] = i;
#pragma acc update self(a[1:N-2]) async(2)
#pragma acc update self(b[N/2:N/2]) async(3) wait(2)
#pragma acc wait
        for (int i = 1; i < N - 1; i++) bad += a[i] != 21;
        for (int i = N / 2; i < N / 2 * 2; i++) bad += b[i] != i;
    }
    for (int i = 0; i < N; i++) bad += a[i] != 21;
#pragma acc enter data create(b[0:N])
    for (int i = 0; i < N; i++) b[i] = i % 7;
#pragma acc update device(b[0:N]) async
#pragma acc parallel loop async
    for (int i = 0; i < N; i++) b[i] += 1;
#pragma acc update self(b[0:N]) async
#pragma acc wait
#pragma acc exit data delete(b[0:N])
    for (int i = 0; i < N; i++) bad += b[i] != i % 7 + 1;
    printf("pinned async transfers: bad %d\n", bad);
    return 0;
}
