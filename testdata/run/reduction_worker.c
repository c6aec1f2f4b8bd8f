// run
/* Worker-level reductions: a worker loop inside a gang loop reduces each
   row into a per-row result; a gang-worker loop reduces everything. */
#include <stdio.h>
#define R 64
#define C 333
short m[R][C];
int rows[R];
unsigned rowx[R];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = (short)((i * 13 + j * 5) % 101 - 50);
#pragma acc parallel num_workers(4) vector_length(32) copyin(m) copyout(rows, rowx)
    {
#pragma acc loop gang
        for (int i = 0; i < R; i++) {
            int s = 0;
            unsigned x = 0;
#pragma acc loop worker reduction(+:s) reduction(^:x)
            for (int j = 0; j < C; j++) { s += m[i][j]; x ^= (unsigned)(m[i][j] + 50) << (j % 20); }
            rows[i] = s;
            rowx[i] = x;
        }
    }
    long long all = 0;
#pragma acc parallel loop gang worker num_workers(8) reduction(+:all) copyin(m)
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) all += m[i][j] * (long long)(i + 1);
    int bad = 0;
    long long want = 0, rs = 0;
    for (int i = 0; i < R; i++) {
        int s = 0;
        unsigned x = 0;
        for (int j = 0; j < C; j++) { s += m[i][j]; x ^= (unsigned)(m[i][j] + 50) << (j % 20); want += m[i][j] * (long long)(i + 1); }
        bad += rows[i] != s || rowx[i] != x;
        rs += rows[i];
        rs += rowx[i] % 1000;
    }
    printf("rows %lld all %lld want %lld bad %d\n", rs, all, want, bad);
    return 0;
}
