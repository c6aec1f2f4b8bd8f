// run
/* private() naming a loop's own index (OpenACC 3.4 2.6.1: the index of
   a loop construct's for loop is private already), on combined and
   separate loop directives, with collapse and tile (the index of every
   loop they fold in), and naming the index of a loop inside. */
#include <stdio.h>
#define N 100
int main(void) {
    int i, j, k, a[N], b[10][10], c[N], d[N], e[8][8], f[10][10];
#pragma acc parallel loop private(i) copyout(a)
    for (i = 0; i < N; i++) a[i] = 2 * i;
#pragma acc parallel loop collapse(2) private(i, j) copyout(b)
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j++) b[i][j] = i * 10 + j;
#pragma acc kernels copyout(c)
    {
#pragma acc loop independent private(i)
        for (i = 0; i < N; i++) c[i] = i + 1;
    }
#pragma acc parallel copyout(d)
    {
#pragma acc loop gang vector private(i)
        for (i = 0; i < N; i++) d[i] = 3 * i;
    }
#pragma acc parallel loop tile(2, 4) private(j, i) copyout(e)
    for (i = 0; i < 8; i++)
        for (j = 0; j < 8; j++) e[i][j] = i * j;
    /* the index of the inner loop, private to each outer iteration */
#pragma acc parallel loop gang private(j, k) copyout(f)
    for (i = 0; i < 10; i++) {
#pragma acc loop vector
        for (j = 0; j < 10; j++) {
            k = i - j;
            f[i][j] = k * k;
        }
    }
    printf("%d %d %d %d %d %d %d\n", a[N - 1], b[9][9], c[N - 1], d[N - 1], e[7][7], f[2][9], f[9][2]);
    return 0;
}
