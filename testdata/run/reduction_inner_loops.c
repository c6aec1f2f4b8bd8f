// run
/* A construct's reduction (§2.5.15) updated inside loops that spread it
   over workers and vector lanes without a reduction clause of their own
   (the compiler's schedule, or levels written without the clause): each
   thread's partial result must combine across the gang before the gang's
   one combine into the result. Scalars and arrays, every level and the
   gang-redundant code around the loops; every value is an exact integer,
   so the order of the combines cannot change what the program prints. */
#include <stdio.h>
#include <stdlib.h>
#define N 10000
#define M 64

static void scalars(const int *a) {
    long s1 = 5, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 1;
    int mx = -1;
    /* The compiler's schedule: gang, vector. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s1)
    {
#pragma acc loop
        for (int i = 0; i < N; i++)
            s1 = s1 + a[i];
    }
    /* independent: the same. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s2)
    {
#pragma acc loop independent
        for (int i = 0; i < N; i++)
            s2 += a[i];
    }
    /* Gang, worker and vector on one loop. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s3) num_workers(4) vector_length(32)
    {
#pragma acc loop gang worker vector
        for (int i = 0; i < N; i++)
            s3 += a[i];
    }
    /* A worker loop inside a gang loop, gang-redundant updates around it. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s4) num_gangs(7) num_workers(4) vector_length(32)
    {
#pragma acc loop gang
        for (int i = 0; i < N / M; i++) {
            s4 += 1000;
#pragma acc loop worker
            for (int j = 0; j < M; j++)
                s4 += a[i * M + j];
        }
    }
    /* Gang, worker and vector loops nested; the vector loop alone has
       the clause. */
#pragma acc parallel copyin(a[0:N]) reduction(+:s5) num_workers(2) vector_length(64)
    {
#pragma acc loop gang
        for (int i = 0; i < N / M; i++) {
#pragma acc loop worker
            for (int j = 0; j < M / 8; j++) {
#pragma acc loop vector reduction(+:s5)
                for (int k = 0; k < 8; k++)
                    s5 += a[i * M + j * 8 + k];
            }
        }
    }
    /* A gang loop's own reduction, promoted to the construct, with a
       vector loop inside that updates it without a clause. */
#pragma acc parallel loop gang copyin(a[0:N]) reduction(+:s6)
    for (int i = 0; i < N / M; i++) {
#pragma acc loop vector
        for (int j = 0; j < M; j++)
            s6 += a[i * M + j];
    }
    /* max and *, vector only (one gang's redundant code around it). */
#pragma acc parallel copyin(a[0:N]) reduction(max:mx) reduction(*:s7) num_gangs(1)
    {
        mx = a[0];
#pragma acc loop vector
        for (int i = 0; i < N; i++) {
            mx = mx > a[i] ? mx : a[i];
            if (i % 1000 == 0)
                s7 *= 2;
        }
    }
    printf("scalars: %ld %ld %ld %ld %ld %ld %ld %d\n", s1, s2, s3, s4, s5, s6, s7, mx);
}

static void arrays(const int *a) {
    int c1[4] = {0, 0, 0, 0}, c2[4] = {1, 1, 1, 1}, c3[6] = {0, 0, 0, 0, 0, 0};
    long h[8] = {0};
#pragma acc parallel copyin(a[0:N]) reduction(+:c1)
    {
#pragma acc loop
        for (int i = 0; i < N; i++)
            c1[a[i] % 4] += a[i];
    }
#pragma acc parallel copyin(a[0:N]) reduction(+:c2) num_workers(4) vector_length(32)
    {
#pragma acc loop gang
        for (int i = 0; i < N / M; i++) {
#pragma acc loop worker
            for (int j = 0; j < M / 4; j++) {
#pragma acc loop vector
                for (int k = 0; k < 4; k++)
                    c2[k] += a[i * M + j * 4 + k];
            }
        }
    }
    /* A section, gang worker vector. */
#pragma acc parallel copyin(a[0:N]) reduction(max:c3[1:4]) num_workers(2)
    {
#pragma acc loop gang worker vector
        for (int i = 0; i < N; i++)
            c3[1 + i % 4] = c3[1 + i % 4] > a[i] ? c3[1 + i % 4] : a[i];
    }
    /* A construct loop's array reduction with a worker loop inside. */
#pragma acc parallel loop gang copyin(a[0:N]) reduction(+:h) num_workers(4) vector_length(1)
    for (int i = 0; i < N / M; i++) {
#pragma acc loop worker
        for (int j = 0; j < M; j++)
            h[a[i * M + j] % 8]++;
    }
    printf("arrays: %d %d %d %d / %d %d %d %d / %d %d %d %d %d %d / %ld %ld %ld %ld %ld %ld %ld %ld\n", c1[0], c1[1],
           c1[2], c1[3], c2[0], c2[1], c2[2], c2[3], c3[0], c3[1], c3[2], c3[3], c3[4], c3[5], h[0], h[1], h[2], h[3],
           h[4], h[5], h[6], h[7]);
}

/* Loop reductions of a scalar in device memory (a data clause): the
   threads of each loop reduce into private copies, which combine into the
   variable once per gang or worker, whatever the gangs around them. */
static void device_scalars(const int *a) {
    long m = 3;
    int top = 0;
#pragma acc parallel num_gangs(4) num_workers(4) vector_length(32) copy(m, top) copyin(a[0:N])
    {
#pragma acc loop gang
        for (int g = 0; g < 4; g++) {
#pragma acc loop worker reduction(+:m)
            for (int i = 0; i < N / 4 / 16; i++) {
#pragma acc loop vector reduction(+:m)
                for (int j = 0; j < 16; j++)
                    m += a[g * (N / 4) + i * 16 + j];
            }
#pragma acc loop vector reduction(max:top)
            for (int j = 0; j < N / 4; j++)
                top = top > a[g * (N / 4) + j] ? top : a[g * (N / 4) + j];
        }
    }
    printf("device scalars: %ld %d\n", m, top);
}

int main(void) {
    int *a = malloc(N * sizeof *a);
    for (int i = 0; i < N; i++)
        a[i] = (i * 7919) % 1009;
    scalars(a);
    arrays(a);
    device_scalars(a);
    free(a);
    return 0;
}
