// run
/* loop seq: a per-row prefix sum inside a gang loop, and a seq outer loop
   of time steps around a vector loop. */
#include <stdio.h>
#define R 33
#define C 200
int m[R][C];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) m[i][j] = (i + j) % 5;
#pragma acc parallel loop gang copy(m)
    for (int i = 0; i < R; i++) {
#pragma acc loop seq
        for (int j = 1; j < C; j++) m[i][j] += m[i][j - 1];
    }
    int bad = 0;
    for (int i = 0; i < R; i++) {
        int s = 0;
        for (int j = 0; j < C; j++) { s += (i + j) % 5; bad += m[i][j] != s; }
    }
    printf("m[R-1][C-1] %d bad %d\n", m[R - 1][C - 1], bad);
    int v[C];
    for (int j = 0; j < C; j++) v[j] = j;
#pragma acc parallel num_gangs(1) copy(v)
    {
#pragma acc loop seq
        for (int t = 0; t < 10; t++) {
#pragma acc loop vector
            for (int j = 0; j < C; j++) v[j] = (v[j] * 3 + t) % 1009;
        }
    }
    long long s = 0;
    for (int j = 0; j < C; j++) s += v[j];
    printf("v sum %lld\n", s);
    return 0;
}
