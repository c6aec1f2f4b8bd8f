// run -gpu=mem:managed -Wno-data-stale
// env: ACCC_CHECK=all
/* -gpu=mem:managed (NVHPC's managed memory, docs/memory.md): the heap is
   in memory the device reaches at the host's addresses, so data clauses
   move no heap data but keep their reference counts; globals and stack
   data are still copied (OpenACC 3.4 §2.6.1: data in shared memory is
   not copied). The other memory modes build this program too
   (memory_test.go) and print what separate memory gives.
   1. A data region copies in heap a and global g; the host then writes
      a[0] and g[0] without an update: the kernel sees the heap write
      (42), not the global's (0).
   2. Reference counts: two enter data of a count 2, one exit leaves 1;
      a is present, its device address is its host address.
   3. capture (§2.7.4): copy(capture: b) gives the heap block b a copy of
      its own: the host's later write is not seen, the kernel's +1 comes
      back at the exit.
   4. A kernel uses heap data no clause names (the implicit copy moves
      nothing) after the host changed it; update self and present on heap
      data no construct mapped are no errors.
   The host writes the device does not see are the point: the warning
   about them (data-stale) and the check of stale reads are off. */
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

long accrt_refcount(const void *host, int dynamic); /* the runtime's query for tests */

#define N 100
double g[N];

int main(void) {
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *r = calloc(2, sizeof *r);
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = i; g[i] = 0; }
#pragma acc data copyin(a[0:N], g) copyout(r[0:2])
    {
        a[0] = 42;
        g[0] = 42;
#pragma acc parallel num_gangs(1) present(a[0:N], g, r[0:2])
        {
            r[0] = a[0];
            r[1] = g[0];
        }
    }
    printf("1: heap %g global %g\n", r[0], r[1]);

#pragma acc enter data copyin(a[0:N])
#pragma acc enter data copyin(a[0:N])
    printf("2: refcount %ld", accrt_refcount(a, 1));
#pragma acc exit data delete(a[0:N])
    printf(" then %ld, present %d, device address is host address %d\n", accrt_refcount(a, 1),
           acc_is_present(a, N * sizeof *a), acc_deviceptr(a) == (void *)a);
#pragma acc exit data delete(a[0:N])

#pragma acc data copy(capture: b[0:N])
    {
        for (int i = 0; i < N; i++) b[i] = -1;
#pragma acc parallel loop present(b[0:N]) copyout(r[0:1])
        for (int i = 0; i < N; i++) {
            if (i == 0) r[0] = b[0];
            b[i] += 1;
        }
    }
    printf("3: kernel saw %g, b[5] %g\n", r[0], b[5]);

    for (int i = 0; i < N; i++) a[i] = 2 * i;
    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < N; i++) s += a[i];
#pragma acc update self(a[0:N]) if_present
#pragma acc parallel loop present(a[0:N])
    for (int i = 0; i < N; i++) a[i] += 1;
    printf("4: sum %g, a[3] %g\n", s, a[3]);
    free(a);
    free(b);
    free(r);
    return 0;
}
