// run
/* continue ends one iteration of a partitioned loop, on every level and
   in code that one thread runs for the others (a statement with effects
   in gang-redundant code); break leaves loops that stay sequential (seq,
   auto, kernels loops not marked independent, loops without a directive,
   switch). */
#include <stdio.h>
#define N 64
#define M 256
int main(void) {
    static float a[N][M];
    static int cnt[N], first[N], key[M];
    float tmp[M];
    int n = N, m = M;
    for (int j = 0; j < M; j++) key[j] = (j * 37) % 101;
#pragma acc parallel copy(a, cnt) copyout(first) copyin(key)
    {
#pragma acc loop gang private(tmp)
        for (int i = 0; i < n; i++) {
            first[i] = -1;
            if (i % 5 == 0) { cnt[i] = 100; continue; } /* one thread runs it */
#pragma acc loop seq
            for (int r = 0; r < 8; r++) {
#pragma acc loop vector
                for (int j = 0; j < m; j++) tmp[j] = i * j + r;
                if (r == i % 8) break;
                if (r % 2) { cnt[i] += r; continue; }
#pragma acc loop vector
                for (int j = 0; j < m; j++) {
                    if (j % 3 == 1) continue;
                    a[i][j] += tmp[m - 1 - j];
                }
            }
#pragma acc loop seq
            for (int j = 0; j < m; j++)
                if (key[j] == i) { first[i] = j; break; }
        }
    }
    int odd = 0, kind[M];
#pragma acc parallel loop reduction(+:odd) copyin(key) copyout(kind)
    for (int j = 0; j < m; j++) {
        kind[j] = -1;
        if (key[j] % 2 == 0) continue;
        odd += key[j];
#pragma acc loop auto
        for (int k = 0; k < 3; k++) {
            if (k == key[j] % 3) break;
        }
        switch (key[j] % 3) {
        case 0:
            break;
        default:
            for (int k = 0; k < 3; k++)
                if (k == key[j] % 3) {
                    kind[j] = k;
                    break;
                }
        }
    }
    int stop = -1;
#pragma acc kernels copyin(key) copy(stop)
    {
#pragma acc loop
        for (int j = 0; j < m; j++)
            if (key[j] == 50) { stop = j; break; }
    }
    double s = 0;
    long c = 0, f = 0;
    int kinds[4] = {0, 0, 0, 0};
    for (int j = 0; j < M; j++) kinds[kind[j] + 1]++;
    for (int i = 0; i < N; i++) {
        c += cnt[i];
        f += first[i];
        for (int j = 0; j < M; j++) s += a[i][j];
    }
    printf("a %.0f cnt %ld first %ld\n", s, c, f);
    printf("odd %d kinds %d %d %d %d stop %d\n", odd, kinds[0], kinds[1], kinds[2], kinds[3], stop);
    return 0;
}
