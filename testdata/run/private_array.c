// run
/* private arrays: a whole fixed-size array and a section, filled by each
   iteration before use (a shared array would race). The last loop stores
   the original contents back, so plain C prints the same after the region. */
#include <stdio.h>
#define N 600
int main(void) {
    int w[8], h[16], out[N];
    long long r[N];
    for (int k = 0; k < 8; k++) w[k] = -k;
    for (int k = 0; k < 16; k++) h[k] = 100 + k;
#pragma acc parallel loop private(w) copyout(out)
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < 8; k++) w[k] = i + k;
        int s = 0;
        for (int k = 0; k < 8; k++) s += w[k] * w[7 - k];
        out[i] = s % 100000;
        for (int k = 0; k < 8; k++) w[k] = -k;
    }
#pragma acc parallel loop gang private(h[0:16]) copyout(r)
    for (int i = 0; i < N; i++) {
        h[0] = i;
        for (int k = 1; k < 16; k++) h[k] = h[k - 1] * 2 + 1;
        r[i] = h[15];
        for (int k = 0; k < 16; k++) h[k] = 100 + k;
    }
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int e = 0;
        for (int k = 0; k < 8; k++) e += (i + k) * (i + 7 - k);
        bad += out[i] != e % 100000;
        bad += r[i] != (long long)(i + 1) * 32768 - 1;
        s += out[i] + r[i];
    }
    printf("sum %lld bad %d w[3] %d h[5] %d\n", s, bad, w[3], h[5]);
    return 0;
}
