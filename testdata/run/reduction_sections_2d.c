// run
/* Reductions of contiguous sections of more than one dimension (OpenACC
   3.4 §2.5.15, §2.9.11): whole rows (a[lo:n][0:m]), part of one row
   (a[i][lo:n]), rows of a three-dimensional array, rows a pointer to rows
   points to, a section whose first row is a variable, and loop reductions
   at the gang and vector levels of a parallel construct and in kernels.
   The elements outside a section keep their values. Every value is an
   exact integer, so the order of the combines cannot change the output. */
#include <stdio.h>
#define N 600

static unsigned long checksum(const long *a, int n) {
    unsigned long s = 0;
    for (int i = 0; i < n; i++)
        s = (s * 7 + (unsigned long)a[i]) % 1000000007;
    return s;
}

static void rows_of(long (*p)[4], int first) {
#pragma acc parallel loop reduction(+:p[1:2][0:4])
    for (int i = 0; i < N; i++)
        p[1 + i % 2][i % 4] += i + first;
}

int main(void) {
    long a[4][5], b[4][3], c[3][6], r[3][5], t[2][5];
    int d[3][2][2];
    long p[4][4];
    int lo = 2;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            a[i][j] = 100 * i + j;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            b[i][j] = -1;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 6; j++)
            c[i][j] = i + j;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 2; k++)
                d[i][j][k] = 1;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            p[i][j] = i - j;

#pragma acc parallel loop reduction(+:a[0:4][0:5])
    for (int i = 0; i < N; i++)
        a[i % 4][i % 5] += i;
#pragma acc parallel loop reduction(+:b[1:2][0:3])
    for (int i = 0; i < N; i++)
        b[1 + i % 2][i % 3] += 2 * i;
#pragma acc parallel loop reduction(max:c[2][1:4])
    for (int i = 0; i < N; i++)
        c[2][1 + i % 4] = c[2][1 + i % 4] > (i * 37) % 101 ? c[2][1 + i % 4] : (i * 37) % 101;
#pragma acc parallel loop reduction(*:d[1:2][0:2][0:2])
    for (int i = 0; i < 12; i++)
        d[1 + i % 2][(i / 2) % 2][(i / 4) % 2] *= 2;
    rows_of(p, 3);
    printf("a %lu b %lu c %lu\n", checksum(&a[0][0], 20), checksum(&b[0][0], 12), checksum(&c[0][0], 18));
    printf("d %d %d %d %d p %lu\n", d[0][0][0], d[1][0][1], d[2][1][0], d[2][1][1], checksum(&p[0][0], 16));

    /* A section from a variable row; loop reductions inside a parallel
       construct: the gang loop's rows, each gang's vector loop into
       rows of a gang-private array it then adds to them. */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++)
            r[i][j] = 0;
#pragma acc parallel loop reduction(+:a[lo:2][0:5])
    for (int i = 0; i < N; i++)
        a[lo + i % 2][i % 5] -= 1;
#pragma acc parallel copy(r)
    {
#pragma acc loop gang reduction(+:r[1:2][0:5]) private(t)
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 2; j++)
                for (int k = 0; k < 5; k++)
                    t[j][k] = 0;
#pragma acc loop vector reduction(+:t[0:2][0:5])
            for (int k = 0; k < 100; k++)
                t[k % 2][k % 5] += i + k;
            for (int j = 0; j < 2; j++)
                for (int k = 0; k < 5; k++)
                    r[1 + j][k] += t[j][k];
        }
    }
#pragma acc kernels loop reduction(+:b[0:2][0:3])
    for (int i = 0; i < N; i++)
        b[i % 2][i % 3] += 1;
    printf("a %lu r %lu b %lu\n", checksum(&a[0][0], 20), checksum(&r[0][0], 15), checksum(&b[0][0], 12));
    return 0;
}
