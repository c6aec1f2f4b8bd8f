// run
/* Reductions on a collapse(2) loop and several reductions on one loop,
   at gang, worker and vector level together; the variables are copied
   back without data clauses. */
#include <stdio.h>
#define R 77
#define C 99
int m[R][C];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = (i * 17 + j * 29) % 211 - 100;
    long long sum = 0, sq = 0;
    int mx = -1000, mn = 1000;
    unsigned orr = 0;
#pragma acc parallel loop collapse(2) gang worker vector reduction(+:sum, sq) reduction(max:mx) reduction(min:mn) reduction(|:orr)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            int v = m[i][j];
            sum += v; sq += v * v;
            if (v > mx) mx = v;
            if (v < mn) mn = v;
            orr |= 1u << ((v + 100) % 32);
        }
    long long ws = 0, wq = 0;
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) { ws += m[i][j]; wq += m[i][j] * m[i][j]; }
    printf("sum %lld sq %lld max %d min %d or %#x want %lld %lld\n", sum, sq, mx, mn, orr, ws, wq);
    return 0;
}
