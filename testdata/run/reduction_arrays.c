// run
/* Reductions of arrays, sections and elements (OpenACC 2.7+, §2.5.15,
   §2.9.11): every operator on whole arrays of the construct, sections of
   arrays and pointers, an element, a two-dimensional array, and loop
   reductions at the gang, worker and vector levels into gang-private
   arrays, mapped arrays and the construct's own reduction. Every value is
   an exact integer, so the order in which the partial results combine
   cannot change what the program prints. */
#include <stdio.h>
#include <stdlib.h>
#define N 4096
#define K 5

static void operators(const int *a) {
    long sum[K], prod[K], mx[K], mn[K], band[K], bor[K], bxor[K], land[K], lor[K];
    for (int j = 0; j < K; j++) {
        sum[j] = 100;
        prod[j] = 3;
        mx[j] = -1;
        mn[j] = 1000;
        band[j] = 0xffff;
        bor[j] = 0x10000;
        bxor[j] = 1;
        land[j] = 1;
        lor[j] = 0;
    }
#pragma acc parallel loop copyin(a[0:N]) reduction(+:sum) reduction(*:prod) reduction(max:mx) reduction(min:mn) \
    reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor)
    for (int i = 0; i < N; i++) {
        int j = i % K;
        sum[j] += a[i];
        if (i % 1000 == j)
            prod[j] *= 2;
        mx[j] = mx[j] > a[i] ? mx[j] : a[i];
        mn[j] = mn[j] < a[i] + 7 ? mn[j] : a[i] + 7;
        band[j] &= ~(1L << (a[i] % 16)) | (j == 0);
        bor[j] |= 1L << (a[i] % (j + 3));
        bxor[j] ^= a[i];
        land[j] = land[j] && (a[i] != j * 100);
        lor[j] = lor[j] || (a[i] == 17 * j);
    }
    for (int j = 0; j < K; j++)
        printf("operators %d: + %ld, * %ld, max %ld, min %ld, & %lx, | %lx, ^ %ld, && %ld, || %ld\n", j, sum[j], prod[j],
               mx[j], mn[j], band[j], bor[j], bxor[j], land[j], lor[j]);
}

static void sections(const int *a, int *hist, int x) {
    short narrow[8] = {0};
    double grid[3][4];
    int elem[6] = {0, 0, 0, 0, 0, 0};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            grid[r][c] = r * 10 + c;
    /* A section of a pointer, with the data already present. */
#pragma acc data copy(hist[0:16])
    {
#pragma acc parallel loop reduction(+:hist[4:8]) copyin(a[0:N])
        for (int i = 0; i < N; i++)
            hist[4 + a[i] % 8]++;
    }
    /* A section of an array with a lower bound, narrow elements. */
#pragma acc parallel loop reduction(+:narrow[2:4]) copyin(a[0:N])
    for (int i = 0; i < N; i++)
        narrow[2 + i % 4] += (short)(a[i] % 3);
    /* A whole two-dimensional array. */
#pragma acc parallel loop reduction(max:grid) copyin(a[0:N])
    for (int i = 0; i < N; i++)
        grid[i % 3][a[i] % 4] = grid[i % 3][a[i] % 4] > a[i] ? grid[i % 3][a[i] % 4] : a[i];
    /* One element, whose index the host computes. */
#pragma acc parallel loop reduction(+:elem[x]) copyin(a[0:N]) async(1)
    for (int i = 0; i < N; i++)
        elem[x] += a[i] & 1;
#pragma acc wait(1)
    printf("hist:");
    for (int j = 0; j < 16; j++)
        printf(" %d", hist[j]);
    printf("\nnarrow:");
    for (int j = 0; j < 8; j++)
        printf(" %d", narrow[j]);
    printf("\ngrid:");
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            printf(" %g", grid[r][c]);
    printf("\nelem:");
    for (int j = 0; j < 6; j++)
        printf(" %d", elem[j]);
    printf("\n");
}

/* Loop reductions inside the gang: into a gang-private array (worker and
   vector loops), into the construct's reduction (a gang loop), and into
   mapped data that every gang updates (a vector loop). */
static void levels(const int *a) {
    int rows[8 * K], cols[8 * K], total[K] = {0}, shared[K] = {0};
    int tmp[K];
#pragma acc parallel loop gang private(tmp) copyin(a[0:N]) copyout(rows[0:8*K])
    for (int g = 0; g < 8; g++) {
        for (int j = 0; j < K; j++)
            tmp[j] = 1;
#pragma acc loop worker reduction(+:tmp)
        for (int i = 0; i < N / 8; i++)
            tmp[i % K] += a[g * (N / 8) + i];
        for (int j = 0; j < K; j++)
            rows[g * K + j] = tmp[j];
    }
#pragma acc parallel loop gang private(tmp) copyin(a[0:N]) copyout(cols[0:8*K]) vector_length(64)
    for (int g = 0; g < 8; g++) {
        for (int j = 0; j < K; j++)
            tmp[j] = 0;
#pragma acc loop vector reduction(max:tmp[0:K])
        for (int i = 0; i < N / 8; i++)
            tmp[i % K] = tmp[i % K] > a[g * (N / 8) + i] ? tmp[i % K] : a[g * (N / 8) + i];
        for (int j = 0; j < K; j++)
            cols[g * K + j] = tmp[j];
    }
#pragma acc parallel copyin(a[0:N]) num_gangs(4) num_workers(2) vector_length(32)
    {
#pragma acc loop gang worker vector reduction(+:total)
        for (int i = 0; i < N; i++)
            total[i % K] += a[i] % 10;
    }
#pragma acc parallel loop gang copyin(a[0:N]) copy(shared)
    for (int g = 0; g < 8; g++) {
#pragma acc loop vector reduction(+:shared)
        for (int i = 0; i < N / 8; i++)
            shared[i % K] += a[g * (N / 8) + i] % 3;
    }
    printf("rows:");
    for (int j = 0; j < 8 * K; j++)
        printf(" %d", rows[j]);
    printf("\ncols:");
    for (int j = 0; j < 8 * K; j++)
        printf(" %d", cols[j]);
    printf("\ntotal:");
    for (int j = 0; j < K; j++)
        printf(" %d", total[j]);
    printf("\nshared:");
    for (int j = 0; j < K; j++)
        printf(" %d", shared[j]);
    printf("\n");
}

/* A construct reduction whose gang loop has no reduction clause: each
   gang (an OpenMP thread on multicore) reduces into a copy of its own. */
static void construct_only(void) {
    int c[4] = {1, 1, 1, 1};
    int s = 1;
#pragma acc parallel reduction(+:c) num_gangs(8)
    {
#pragma acc loop gang
        for (int i = 0; i < 100000; i++)
            c[i % 4] += 1;
    }
#pragma acc parallel reduction(+:s) num_gangs(8)
    {
#pragma acc loop gang
        for (int i = 0; i < 100000; i++)
            s += 1;
    }
    printf("construct only: %d %d %d %d %d\n", c[0], c[1], c[2], c[3], s);
}

int main(void) {
    int *a = malloc(N * sizeof *a);
    int hist[16];
    for (int i = 0; i < N; i++)
        a[i] = (i * 37 + 11) % 1009;
    for (int j = 0; j < 16; j++)
        hist[j] = j;
    operators(a);
    sections(a, hist, 3);
    levels(a);
    construct_only();
    free(a);
    return 0;
}
