// run
/* enter data, update and exit data with async and wait clauses (OpenACC
   3.4 §2.14.4, §2.14.6–2.14.7, §2.16): everything for x goes on queue 1,
   everything for y on queue 2; y's last kernel reads x, so it waits for
   queue 1 with its wait clause, and x's exit data goes on queue 2 after
   it; a wait directive precedes every host read. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000

int main(void) {
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 2; }
#pragma acc enter data copyin(x[0:N]) async(1)
#pragma acc enter data copyin(y[0:N]) async(2)
#pragma acc parallel loop present(x[0:N]) async(1)
    for (int i = 0; i < N; i++) x[i] = x[i] * 3; /* 3i */
#pragma acc parallel loop present(y[0:N]) async(2)
    for (int i = 0; i < N; i++) y[i] = y[i] * y[i]; /* 4 */
#pragma acc update self(x[0:N]) async(1)
#pragma acc wait(1, 2)
    double sx = 0;
    for (int i = 0; i < N; i++) sx += x[i];
    for (int i = 0; i < N; i++) x[i] += 1; /* host: 3i + 1 */
#pragma acc update device(x[0:N]) async(1)
#pragma acc parallel loop present(x[0:N], y[0:N]) async(2) wait(1)
    for (int i = 0; i < N; i++) y[i] += x[i]; /* 3i + 5 */
#pragma acc exit data delete(x[0:N]) async(2)
#pragma acc exit data copyout(y[0:N]) async(2)
#pragma acc wait
    double sy = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { sy += y[i]; bad += x[i] != 3 * i + 1 || y[i] != 3 * i + 5; }
    printf("x %.1f y %.1f bad %d\n", sx, sy, bad);
    free(x);
    free(y);
    return 0;
}
