// run
/* Column loops whose row loop reduces into scalars: on the GPU the row
   loop also splits over the block's rows (opt/split.go). Columns not a
   multiple of 32 (1100: lanes past the end repeat the last column), statements
   after the row loop that update shared data (once per column), private
   code before it that reads memory, several reductions (+ on long, fmax),
   a row loop whose bounds depend on the column, a kernels construct, a
   declaration with effects after the row loop, and a row loop with a
   store of its own, which does not split. The values are
   small integers, exact in any order of summation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define M 777
#define N 1100
int main(void) {
    double *restrict A = malloc(sizeof(double) * M * N), *restrict x = malloc(sizeof(double) * M);
    double *restrict y = malloc(sizeof(double) * N), *restrict z = malloc(sizeof(double) * N), *restrict w = malloc(sizeof(double) * N);
    double *restrict bias = malloc(sizeof(double) * N), *restrict tri = malloc(sizeof(double) * N), *restrict kz = malloc(sizeof(double) * N);
    double *restrict B = malloc(sizeof(double) * M * N), *restrict col = malloc(sizeof(double) * N);
    long *restrict cnt = malloc(sizeof(long) * N);
    for (int i = 0; i < M; i++) {
        x[i] = i % 5 - 2;
        for (int j = 0; j < N; j++) A[(size_t)i * N + j] = (i * 7 + j * 3) % 11 - 5;
    }
    for (int j = 0; j < N; j++) { y[j] = 0; z[j] = j % 3; bias[j] = j % 4; }
#pragma acc data copyin(A[0:M*N], x[0:M], bias[0:N]) copy(z[0:N]) copyout(y[0:N], w[0:N], cnt[0:N], tri[0:N], kz[0:N], B[0:M*N], col[0:N])
    {
        /* y = A'x */
#pragma acc parallel loop
        for (int j = 0; j < N; j++) {
            double s = 0.0;
            for (int i = 0; i < M; i++) s += A[(size_t)i * N + j] * x[i];
            y[j] = s;
        }
        /* z += A'x + bias, twice: each column's update happens once */
        for (int r = 0; r < 2; r++) {
#pragma acc parallel loop
            for (int j = 0; j < N; j++) {
                double b = bias[j] * 2;
                double s = b;
                for (int i = 0; i < M; i++) s += A[(size_t)i * N + j] * x[i];
                z[j] += s - b + bias[j];
            }
        }
        /* several reductions, and code after the row loop that loops */
#pragma acc parallel loop
        for (int j = 0; j < N; j++) {
            long c = 0;
            double mx = -100.0;
            for (int i = 0; i < M; i++) {
                double v = A[(size_t)i * N + j];
                c += v > 0;
                mx = fmax(mx, v * x[i]);
            }
            cnt[j] = c;
            w[j] = 0;
            for (int q = 0; q < 3; q++) w[j] += mx;
        }
        /* triangular: rows 0..j % M */
#pragma acc parallel loop
        for (int j = 0; j < N; j++) {
            double s = 0.0;
            for (int i = 0; i <= j % M; i++) s += A[(size_t)i * N + j];
            tri[j] = s;
        }
        /* a kernels construct */
#pragma acc kernels
        for (int j = 0; j < N; j++) {
            double s = 1.0;
            for (int i = 0; i < M; i++) s += A[(size_t)i * N + j] * x[i];
            kz[j] = s;
        }
        /* a declaration with effects after the row loop, and a private
           value it leaves that a later statement uses as an index: once
           per column */
#pragma acc parallel loop
        for (int j = 0; j < N; j++) {
            double s = 0.0;
            for (int i = 0; i < M; i++) s += A[(size_t)i * N + j] * x[i];
            double old = (z[j] += 1);
            int at = ((int)old % M + M) % M;
            cnt[j] += (long)x[at] * 0 + (long)(old - z[j]);
        }
        /* a row loop that stores: not split */
#pragma acc parallel loop
        for (int j = 0; j < N; j++) {
            double s = 0.0;
            for (int i = 0; i < M; i++) {
                B[(size_t)i * N + j] = 2 * A[(size_t)i * N + j];
                s += A[(size_t)i * N + j];
            }
            col[j] = s;
        }
    }
    int bad = 0;
    double sy = 0, sz = 0, sw = 0, st = 0, sk = 0, sc = 0;
    long sn = 0;
    for (int j = 0; j < N; j++) {
        double e = 0, mx = -100.0, t = 0, c2 = 0;
        long c = 0;
        for (int i = 0; i < M; i++) {
            double v = A[(size_t)i * N + j];
            e += v * x[i];
            c += v > 0;
            mx = fmax(mx, v * x[i]);
            if (i <= j % M) t += v;
            c2 += v;
            if (B[(size_t)i * N + j] != 2 * v) bad++;
        }
        if (y[j] != e || z[j] != j % 3 + 2 * (e + bias[j]) + 1 || cnt[j] != c || w[j] != 3 * mx || tri[j] != t ||
            kz[j] != 1 + e || col[j] != c2)
            bad++;
        sy += y[j], sz += z[j], sw += w[j], st += tri[j], sk += kz[j], sc += col[j], sn += cnt[j];
    }
    printf("y %.0f z %.0f w %.0f tri %.0f kernels %.0f col %.0f cnt %ld bad %d\n", sy, sz, sw, st, sk, sc, sn, bad);
    return 0;
}
