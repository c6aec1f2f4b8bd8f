// run
/* Vector-level reductions inside a gang loop (max, min and + per row, in
   float and int), and a reduction on a gang-vector loop with a
   vector_length that is not a power of two. */
#include <stdio.h>
#define R 40
#define C 257
float m[R][C];
float rmax[R], rmin[R];
int rcnt[R];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = (float)((i * 37 + j * 91) % 1001 - 500) / 4;
#pragma acc parallel loop gang vector_length(64) copyin(m) copyout(rmax, rmin, rcnt)
    for (int i = 0; i < R; i++) {
        float mx = -1e30f, mn = 1e30f;
        int cnt = 0;
#pragma acc loop vector reduction(max:mx) reduction(min:mn) reduction(+:cnt)
        for (int j = 0; j < C; j++) {
            mx = m[i][j] > mx ? m[i][j] : mx;
            mn = m[i][j] < mn ? m[i][j] : mn;
            cnt += m[i][j] > 0;
        }
        rmax[i] = mx; rmin[i] = mn; rcnt[i] = cnt;
    }
    double sum = 0;
#pragma acc parallel loop gang vector vector_length(96) reduction(+:sum) copyin(m)
    for (int i = 0; i < R * C; i++) sum += m[i / C][i % C];
    int bad = 0;
    double ws = 0, t = 0;
    for (int i = 0; i < R; i++) {
        float mx = -1e30f, mn = 1e30f;
        int cnt = 0;
        for (int j = 0; j < C; j++) {
            if (m[i][j] > mx) mx = m[i][j];
            if (m[i][j] < mn) mn = m[i][j];
            cnt += m[i][j] > 0; ws += m[i][j];
        }
        bad += rmax[i] != mx || rmin[i] != mn || rcnt[i] != cnt;
        t += rmax[i] - rmin[i] + rcnt[i];
    }
    printf("t %.6g sum %.6g want %.6g bad %d\n", t, sum, ws, bad);
    return 0;
}
