// run
/* Loops without a directive in gang-redundant code (a parallel construct's
   code outside every gang loop, OpenACC 3.4 §2.5.1) that the dependence
   tests prove independent run over the gang's vector lanes and workers:
   sums become reductions into the gang's copy, a loop that reads what the
   loop before wrote waits for it, and recurrences and last values stay
   sequential. Every gang of num_gangs(4) computes the same values from
   data no gang changes, so redundant execution is well defined. */
#include <stdio.h>

#define K 24
#define N 300

static long a[K][N], b[K][N], s[K], p0[N], p[N], u[N], v[N], x[N], w[8][N], out[4];

int main(void)
{
    for (int k = 0; k < K; k++)
        for (int i = 0; i < N; i++)
            a[k][i] = (k * 7 + i * 3) % 101;
    for (int i = 0; i < N; i++)
        p0[i] = i % 5;
    long t = 0, m = -1, last = 0;

#pragma acc parallel copyin(a) copyout(b, s)
    {
        for (int k = 0; k < K; k++) {
            t = 0;
            for (int i = 0; i < N; i++)
                t += a[k][i];
            s[k] = t;
            for (int i = 0; i < N; i++)
                b[k][i] = a[k][i] * t % 1021;
        }
    }

#pragma acc parallel num_gangs(4) copyin(p0) copyout(p, x) copy(u, v, out)
    {
        p[0] = p0[0];
        for (int i = 1; i < N; i++) /* a recurrence: sequential */
            p[i] = p[i - 1] + p0[i] % 3;
        for (int i = 0; i < N; i++)
            u[i] = (i * 13) % 97;
        for (int i = 0; i < N; i++) /* reads what the loop before wrote */
            v[i] = u[N - 1 - i] + u[i];
        m = -1;
        for (int i = 0; i < N; i++)
            if (v[i] > m)
                m = v[i];
        for (int i = 0; i < N; i++) { /* last needs the last iteration's value */
            last = v[i] * 2;
            x[i] = last;
        }
        out[0] = m;
        out[1] = last;
    }

#pragma acc parallel num_workers(4) vector_length(64) copy(w)
    for (int r = 0; r < 8; r++)
        for (int i = 0; i < N; i++)
            w[r][i] += r * N + i;

    long h = 0;
    for (int k = 0; k < K; k++) {
        h = (h * 31 + s[k]) % 1000003;
        for (int i = 0; i < N; i++)
            h = (h * 31 + b[k][i]) % 1000003;
    }
    printf("gramschmidt-like: %ld\n", h);
    h = 0;
    for (int i = 0; i < N; i++)
        h = (h * 31 + p[i] + 3 * u[i] + 7 * v[i] + 11 * x[i]) % 1000003;
    printf("num_gangs(4): %ld max %ld last %ld\n", h, out[0], out[1]);
    h = 0;
    for (int r = 0; r < 8; r++)
        for (int i = 0; i < N; i++)
            h = (h * 31 + w[r][i]) % 1000003;
    printf("workers: %ld\n", h);
    return 0;
}
