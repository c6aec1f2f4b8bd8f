// run
/* Gang-level reductions: a gang loop with a sequential inner loop, a
   reduction on the parallel construct and its gang loop, and num_gangs
   smaller than the trip count. */
#include <stdio.h>
#define R 300
#define C 50
int m[R][C];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = (i * 31 + j * 7) % 23;
    long long total = 0;
#pragma acc parallel loop gang reduction(+:total) copyin(m)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) total += m[i][j];
    int big = -1;
    double half = 0;
#pragma acc parallel num_gangs(8) reduction(max:big) reduction(+:half) copyin(m)
    {
#pragma acc loop gang reduction(max:big) reduction(+:half)
        for (int i = 0; i < R; i++) {
            int rs = 0;
            for (int j = 0; j < C; j++) rs += m[i][j];
            big = rs > big ? rs : big;
            half += rs * 0.5;
        }
    }
    long long wt = 0;
    int wb = -1;
    for (int i = 0; i < R; i++) {
        int rs = 0;
        for (int j = 0; j < C; j++) rs += m[i][j];
        wt += rs; wb = rs > wb ? rs : wb;
    }
    printf("total %lld big %d half %.1f want %lld %d\n", total, big, half, wt, wb);
    return 0;
}
