// run
/* Reductions that the depend pass recognises in kernels loops without
   clauses (+, *, max, min, &, |, ^, &&, || and the selection forms; ++
   and --; updates under an if whose test does not read the variable), a sum
   over a 2-D nest, row sums through a scalar private to each row, and
   look-alikes that must stay sequential (a scan, a variable that another
   loop reads, two operators). Every value is an exact integer or a power
   of two, so the order in which the partial results combine cannot change
   what the program prints. */
#include <math.h>
#include <stdio.h>
#define N 1000
#define R 96

static double sums(int n, const double *restrict v) {
    double s1 = 0, s2 = 0, s3 = 100, s4 = 0;
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        s1 += v[i];
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        s2 = s2 + v[i] * v[i];
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        s3 -= v[i];
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        s4 = 2 * v[i] + s4;
    printf("sums: %.0f %.0f %.0f %.0f\n", s1, s2, s3, s4);
    return s1;
}

static void products(int n, const double *restrict v) {
    double p1 = 1, p2 = 3;
    /* factors 2, 0.5 and 1: the product stays a power of two */
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        p1 *= v[i] == 0 ? 2.0 : (v[i] > 500 ? 0.5 : 1.0);
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        p2 = p2 * (i % 100 == 0 ? 2.0 : 1.0);
    printf("products: %g %g\n", p1, p2);
}

static void extremes(int n, const double *restrict v, const float *restrict f) {
    double m1 = -1e300, m2 = 1e300, m3 = -1e300, m4 = 1e300, m5 = -1e300;
    float m6 = 1e30f;
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        m1 = fmax(m1, v[i]);
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        m2 = fmin(v[i], m2);
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        if (v[i] > m3)
            m3 = v[i];
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++) {
        if (v[i] - 3 * i < m4)
            m4 = v[i] - 3 * i;
    }
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        m5 = v[i] * (i % 2 ? -1 : 1) > m5 ? v[i] * (i % 2 ? -1 : 1) : m5;
#pragma acc kernels copyin(f[0:n])
    for (int i = 0; i < n; i++)
        m6 = fminf(m6, f[i]);
    printf("extremes: %.0f %.0f %.0f %.0f %.0f %.1f\n", m1, m2, m3, m4, m5, m6);
}

static void bits(int n, const int *restrict k) {
    int band = -1, bor = 0, bxor = 0, land = 1, lor = 0, land2 = 1, imin = 1 << 30;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        band &= k[i] | 0x100;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        bor = bor | k[i];
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        bxor ^= k[i];
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        land = land && k[i] >= 0;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        lor = lor || k[i] == 77;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        land2 = land2 && k[i] != 77;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] < imin)
            imin = k[i];
    printf("bits: %d %d %d %d %d %d %d\n", band, bor, bxor, land, lor, land2, imin);
}

static void grids(const double *restrict g, double *restrict rows) {
    double s = 0, t;
    /* both loops of the nest reduce into s */
#pragma acc kernels copyin(g[0:R*R])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < R; j++)
            s += g[i * R + j];
    /* t is private to each row; the inner loop reduces into it */
#pragma acc kernels copyin(g[0:R*R]) copyout(rows[0:R])
    for (int i = 0; i < R; i++) {
        t = 0;
        for (int j = 0; j < R; j++)
            t += g[i * R + j] * (j % 3);
        rows[i] = t;
    }
    double check = 0;
    for (int i = 0; i < R; i++)
        check += rows[i] * (i + 1);
    printf("grids: %.0f rows[0]=%.0f rows[%d]=%.0f check=%.0f\n", s, rows[0], R - 1, rows[R - 1], check);
}

static void lookalikes(int n, const double *restrict v, double *restrict w) {
    double run = 0, tot = 0, mix = 1, alt = 0;
    /* a scan: run is stored in every iteration */
#pragma acc kernels copyin(v[0:n]) copyout(w[0:n])
    for (int i = 0; i < n; i++) {
        run += v[i];
        w[i] = run;
    }
    printf("scan: w[0]=%.0f w[%d]=%.0f w[%d]=%.0f\n", w[0], n / 2, w[n / 2], n - 1, w[n - 1]);
    /* tot is summed, then read by the next loop of the construct */
#pragma acc kernels copyin(v[0:n]) copyout(w[0:n])
    {
        for (int i = 0; i < n; i++)
            tot += v[i];
        for (int i = 0; i < n; i++)
            w[i] = tot - v[i];
    }
    printf("total: %.0f w[1]=%.0f\n", tot, w[1]);
    /* two operators on one variable */
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < 20; i++) {
        mix += v[i];
        mix *= 2;
    }
    /* alt = x - alt does not associate */
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        alt = v[i] - alt;
    printf("mix=%.0f alt=%.0f\n", mix, alt);
}

static void conditionals(int n, const double *restrict v, const int *restrict k, double *restrict w) {
    int c1 = 0, c2 = 0, c3 = 7, c4 = 0, c5 = 1000, c6 = 0, c7 = 0;
    double s1 = 0, s2 = 0, s3 = 0, m1 = -1e300, p1 = 1;
    /* counts under a test, in the four increment forms and += / -= */
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        if (v[i] > 500)
            c1 += 1;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] % 3 == 0)
            c2++;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] % 5 == 0)
            ++c3;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++) {
        if (k[i] % 2)
            c4--;
    }
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] < 30000)
            --c5;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] > 60000)
            c6 -= 3;
    /* sums of the values that pass a test, on one or both branches */
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        if (v[i] > 900)
            s1 += v[i];
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++) {
        if (v[i] > 500)
            s2 += v[i] - 500;
        else
            s2 -= v[i] - 500;
    }
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++) {
        if (v[i] > 800)
            s3 += 2 * v[i];
        else if (v[i] > 100)
            s3 = s3 + v[i];
    }
    /* a count beside a store, a guarded maximum, a guarded product */
#pragma acc kernels copyin(k[0:n]) copyout(w[0:n])
    for (int i = 0; i < n; i++) {
        w[i] = 0;
        if (k[i] & 4) {
            c7++;
            w[i] = k[i];
        }
    }
#pragma acc kernels copyin(v[0:n], k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] % 2 == 0) {
            if (v[i] > m1)
                m1 = v[i];
        }
#pragma acc kernels copyin(v[0:n])
    for (int i = 0; i < n; i++)
        if (v[i] < 2)
            p1 *= -2;
    double ws = 0;
    for (int i = 0; i < n; i++)
        ws += w[i];
    printf("conditional counts: %d %d %d %d %d %d %d\n", c1, c2, c3, c4, c5, c6, c7);
    printf("conditional sums: %.0f %.0f %.0f max=%.0f prod=%.0f w=%.0f\n", s1, s2, s3, m1, p1, ws);
}

static void conditional_lookalikes(int n, const int *restrict k, int *restrict out) {
    int reset = 0, capped = 0, seen = 0;
    /* the else branch resets the count: the passes since the last failure */
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++) {
        if (k[i] % 16 != 0)
            reset++;
        else
            reset = 0;
    }
    /* the test reads the count: it stops at 10 */
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (capped < 10 && k[i] % 3 == 0)
            capped++;
    /* each store reads the count so far */
#pragma acc kernels copyin(k[0:n]) copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        if (k[i] % 7 == 0)
            seen++;
        out[i] = seen;
    }
    /* subtracting 1 from a _Bool toggles it: the parity of a count */
    _Bool odd = 0;
#pragma acc kernels copyin(k[0:n])
    for (int i = 0; i < n; i++)
        if (k[i] % 6 == 1)
            odd -= 1;
    printf("conditional lookalikes: %d %d %d out[100]=%d out[%d]=%d odd=%d\n", reset, capped, seen, out[100], n - 1, out[n - 1], odd);
}

int main(void) {
    static double v[N], w[N], g[R * R], rows[R];
    static float f[N];
    static int k[N];
    for (int i = 0; i < N; i++) {
        v[i] = (i * 37) % 1001;
        f[i] = (float)((i * 13) % 257) - 100.5f;
        k[i] = (int)((i * 2654435761u) % 65536) + 5;
    }
    k[321] = 77;
    for (int i = 0; i < R * R; i++)
        g[i] = (i * 7) % 19;
    sums(N, v);
    products(N, v);
    extremes(N, v, f);
    bits(N, k);
    grids(g, rows);
    lookalikes(N, v, w);
    conditionals(N, v, k, w);
    static int out[N];
    conditional_lookalikes(N, k, out);
    return 0;
}
