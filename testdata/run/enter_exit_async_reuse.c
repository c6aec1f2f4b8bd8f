// run
/* Mapping, using and unmapping the same array repeatedly on one async
   queue (OpenACC 3.4 §2.14.6–2.14.7, §2.16.1): each round's enter data
   copyin must see the host values that the previous round's exit data
   copyout brings back, because both are ordered on queue 1; the host
   waits only once, at the end. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
#define ROUNDS 5

int main(void) {
    double *a = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++) a[i] = i;
    for (int r = 0; r < ROUNDS; r++) {
#pragma acc enter data copyin(a[0:N]) async(1)
#pragma acc parallel loop present(a[0:N]) async(1)
        for (int i = 0; i < N; i++) a[i] = a[i] * 2 + r;
#pragma acc exit data copyout(a[0:N]) async(1)
    }
#pragma acc wait(1)
    /* a = 32i + (0*16 + 1*8 + 2*4 + 3*2 + 4) = 32i + 26 */
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += a[i]; bad += a[i] != 32 * i + 26; }
    printf("sum %.1f bad %d\n", s, bad);
    free(a);
    return 0;
}
