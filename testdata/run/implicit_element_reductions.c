// run -Wno-race-independent
/* Loops the program asserts independent (a loop directive in a parallel
   construct, OpenACC 3.4 §2.9.6) that accumulate into one array element,
   or into a scalar of the gang, in every iteration, without a reduction
   clause: PolyBench-ACC's mvt, gesummv, syrk and syr2k. accc reduces them as the
   clauses would (opt/assertedreductions.go), so they compute what the
   loops compute run in order; every value is an exact integer, whatever
   order the partial sums combine in. The clauses are left out on
   purpose: -Wno-race-independent quiets the warning that says so. */
#include <math.h>
#include <stdio.h>

#define N 200
#define M 96

static double A[N][N], B[N][N], C[N][N], x[N], y[N], tmp[N], x1[N], x2[N];
static long bits[N];

int main(void) {
    for (int i = 0; i < N; i++) {
        x[i] = i % 5, x1[i] = 1, x2[i] = 2, y[i] = -1, tmp[i] = -1, bits[i] = 0;
        for (int j = 0; j < N; j++)
            A[i][j] = (i * 7 + j * 3) % 13, B[i][j] = (i + 2 * j) % 5, C[i][j] = 1;
    }

    /* mvt: both products, each j loop adding into x1[i], x2[i]. */
#pragma acc parallel copy(x1, x2) copyin(A, x)
    {
#pragma acc loop
        for (int i = 0; i < N; i++)
#pragma acc loop
            for (int j = 0; j < N; j++)
                x1[i] = x1[i] + A[i][j] * x[j];
#pragma acc loop
        for (int i = 0; i < N; i++)
#pragma acc loop
            for (int j = 0; j < N; j++)
                x2[i] = x2[i] + A[j][i] * x[j];
    }

    /* gesummv: two elements in one loop, set before it and used after. */
#pragma acc parallel copyin(A, B, x) copyout(tmp, y)
    {
#pragma acc loop gang
        for (int i = 0; i < N; i++) {
            tmp[i] = 0;
            y[i] = 0;
#pragma acc loop vector
            for (int j = 0; j < N; j++) {
                tmp[i] = A[i][j] * x[j] + tmp[i];
                y[i] += B[i][j] * x[j];
            }
            y[i] = 2 * tmp[i] + 3 * y[i];
        }
    }

    /* syrk and syr2k: the k loop a vector loop under a sequential j. */
#pragma acc parallel copyin(A) copy(C)
    {
#pragma acc loop gang
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
#pragma acc loop vector
                for (int k = 0; k < N; k++) {
                    C[i][j] += 2 * A[i][k] * A[j][k];
                    C[i][j] += A[i][k] * B[j][k]; /* syr2k: two updates */
                }
    }

    /* Other operators: a maximum, a product, bits; a scalar of the gang. */
    double mx[N], pr[N], sum[N];
#pragma acc parallel loop gang copyin(A) copyout(mx, pr, sum) copy(bits)
    for (int i = 0; i < N; i++) {
        double s = 0;
        mx[i] = -1, pr[i] = 1;
#pragma acc loop vector
        for (int j = 0; j < 40; j++) {
            mx[i] = fmax(mx[i], A[i][j] + j % 7);
            pr[i] *= 1 + (A[i][j] == 0);
            bits[i] |= 1L << (long)A[i][j];
            s += A[i][j];
        }
        sum[i] = s;
    }

    double t1 = 0, t2 = 0, tt = 0, ty = 0, tc = 0, tm = 0, tp = 0, ts = 0;
    long tb = 0;
    for (int i = 0; i < N; i++) {
        t1 += x1[i] * (i % 3), t2 += x2[i] * (i % 4), tt += tmp[i], ty += y[i];
        tm += mx[i], tp += pr[i], ts += sum[i], tb ^= bits[i] * (i + 1);
        for (int j = 0; j < M; j++)
            tc += C[i][j] * ((i + j) % 3);
    }
    printf("mvt %.0f %.0f\n", t1, t2);
    printf("gesummv %.0f %.0f\n", tt, ty);
    printf("syrk %.0f\n", tc);
    printf("max %.0f prod %.0f bits %ld sum %.0f\n", tm, tp, tb, ts);
    return 0;
}
