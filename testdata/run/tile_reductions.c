// run
/* Reductions over tiled nests (OpenACC 3.4 2.9.8, 2.9.11): each thread
   reduces the iterations of its tiles' elements, and the threads and
   gangs combine. Sums, a maximum and a product on 1-, 2- and 3-deep
   tiled nests under gang vector, gang worker vector and vector inside a
   gang loop; a kernels loop whose sum accc recognises; and a tiled
   kernels loop with a dependence, which stays sequential and runs its
   iterations in source order (the tile would reorder them). The values
   are small integers, exact in any order. */
#include <stdio.h>
#define N 300
#define M 70
#define L 9
double a[N][M], c[N][M][L], col[N];
int p[N];
int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            a[i][j] = (i * 7 + j * 3) % 11;
            for (int k = 0; k < L; k++) c[i][j][k] = (i + j + k) % 4;
        }
    double s1 = 0, s2 = 0, s3 = 5, mx = -1, s4 = 0;
    long prod = 1;
#pragma acc parallel loop tile(32, 4) reduction(+:s1) reduction(max:mx) copyin(a)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            s1 += a[i][j];
            mx = mx > a[i][j] + i ? mx : a[i][j] + i;
        }
#pragma acc parallel loop gang worker vector tile(3, 5, 7) reduction(+:s2) copyin(c)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = 0; k < L; k++) s2 += c[i][j][k] * (k + 1);
#pragma acc parallel loop gang reduction(+:s3) copyin(a) copyout(col)
    for (int i = 0; i < N; i++) {
        double t = 0;
#pragma acc loop vector tile(16) reduction(+:t)
        for (int j = 0; j < M; j++) t += a[i][j];
        col[i] = t;
        s3 += t;
    }
#pragma acc parallel loop tile(*) reduction(*:prod)
    for (int i = 1; i <= 40; i++) prod *= (i % 3 == 0) ? 2 : 1;
#pragma acc kernels loop tile(8, 8) copyin(a)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) s4 += a[i][j] * 2;
    /* A dependence between iterations: sequential, in order. */
    p[0] = 1;
#pragma acc kernels loop tile(4) copy(p)
    for (int i = 1; i < N; i++) p[i] = (p[i - 1] * 3 + i) % 1000;
    double cs = 0;
    for (int i = 0; i < N; i++) cs += col[i] * (i % 5);
    long ps = 0;
    for (int i = 0; i < N; i++) ps += p[i] * (i % 7);
    printf("s1 %.1f max %.1f s2 %.1f s3 %.1f cols %.1f prod %ld s4 %.1f p %ld\n", s1, mx, s2, s3, cs, prod, s4, ps);
    return 0;
}
