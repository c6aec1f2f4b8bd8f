// run
/* The routine directive (OpenACC 3.4 §2.15.1) at each level: a seq
   routine called from every level (declared by its prototype before the
   definition, by the named form, and implicitly for a function whose
   body is in the file), a vector routine whose loop spreads over the
   lanes of the calling gang, a worker routine over the workers, and a
   gang routine called from gang-redundant code, whose gang loop spreads
   over the gangs; routines call routines, and results come back through
   return values and pointers. */
#include <stdio.h>
#include <stdlib.h>

double poly(double x);
#pragma acc routine(poly) seq

#pragma acc routine seq
static double sq(double x);

static double sq(double x) { return x * x; }

double poly(double x) { return sq(x) + 2.0 * x + 1.0; }

/* No directive: compiled as routine seq because device code calls it. */
int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

#pragma acc routine vector
double rowdot(const double *a, const double *b, int m)
{
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < m; j++)
        s += a[j] * b[j];
    return s;
}

#pragma acc routine vector
void scalerow(double *a, int m, double f)
{
#pragma acc loop vector
    for (int j = 0; j < m; j++)
        a[j] = poly(a[j]) * f;
}

#pragma acc routine worker
void rowsums(const double *a, double *out, int rows, int m)
{
#pragma acc loop worker
    for (int r = 0; r < rows; r++) {
        double s = rowdot(a + (long)r * m, a + (long)r * m, m);
        out[r] = s;
    }
}

#pragma acc routine gang
void fill(double *a, int n, double v)
{
#pragma acc loop gang vector
    for (int i = 0; i < n; i++)
        a[i] = v + clampi(i, 0, 9);
}

int main(void)
{
    enum { N = 64, M = 100 };
    double *a = malloc(sizeof(double) * N * M), *b = malloc(sizeof(double) * N * M);
    double *dot = malloc(sizeof(double) * N), *sums = malloc(sizeof(double) * N);
    int *c = malloc(sizeof(int) * N);
    for (int i = 0; i < N * M; i++) {
        a[i] = (i % 13) * 0.5;
        b[i] = (i % 7) - 3.0;
    }
#pragma acc data copy(a[0:N*M]) copyin(b[0:N*M]) copyout(dot[0:N], sums[0:N], c[0:N])
    {
#pragma acc parallel loop gang
        for (int i = 0; i < N; i++) {
            dot[i] = rowdot(a + (long)i * M, b + (long)i * M, M);
            c[i] = clampi(i - 10, 0, 40) + (int)poly(1.0);
        }
#pragma acc parallel loop gang
        for (int i = 0; i < N; i++)
            scalerow(a + (long)i * M, M, 0.5);
#pragma acc parallel num_gangs(4)
        rowsums(a, sums, N, M);
#pragma acc parallel
        fill(b, N * M, 1.5);
#pragma acc update self(b[0:N*M])
    }
    double sd = 0, ss = 0, sa = 0, sb = 0;
    long sc = 0;
    for (int i = 0; i < N; i++) {
        sd += dot[i];
        ss += sums[i];
        sc += c[i];
    }
    for (int i = 0; i < N * M; i++) {
        sa += a[i];
        sb += b[i];
    }
    printf("dot %.2f sums %.4f c %ld a %.4f b %.2f\n", sd, ss, sc, sa, sb);
    free(a); free(b); free(dot); free(sums); free(c);
    return 0;
}
