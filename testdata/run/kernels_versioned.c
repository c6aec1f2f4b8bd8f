// run
/* Loop versioning: loops of kernels constructs whose only obstacle is
   that two pointers may reach the same data run in parallel when the
   run-time test finds their mapped device ranges disjoint, and in a
   serial fallback kernel otherwise. The overlapping calls below compute
   recurrences that a parallel run would get wrong; every call must print
   what the serial program prints. */
#include <stdio.h>
#include <stdlib.h>

static void axpy(int n, float a, const float *x, float *y) {
#pragma acc kernels present(x[0:n], y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

/* Two loops, two kernels: each is versioned on its own. */
static void twice(int n, float *x, float *y, float *z) {
#pragma acc kernels present(x[0:n], y[0:n], z[0:n])
    {
        for (int i = 0; i < n; i++)
            y[i] = x[i] + 1;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < 4; j++)
                z[i] = z[i] + y[i] * (j & 1);
    }
}

static double sum(int n, const float *v) {
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i] * (i % 7 + 1);
    return s;
}

int main(void) {
    int n = 20000;
    float *a = malloc((2 * n + 8) * sizeof *a);
    for (int i = 0; i < 2 * n + 8; i++)
        a[i] = (float)(i % 13);
#pragma acc data copy(a[0:2*n+8])
    {
        axpy(n, 2.0f, a, a + n + 8);  /* disjoint: parallel */
        axpy(n, 0.5f, a, a + 1);      /* y[i] = x[i+1] overlaps: a recurrence */
        axpy(n, 1.0f, a + 3, a);      /* reads ahead of the writes: anti dependence */
        twice(n, a, a + 2, a + n + 4);
        twice(n, a + n + 8, a + 1, a + n + 8);
    }
    printf("%.6e %.6e %.6e\n", sum(n, a), sum(n, a + n), (double)a[2 * n + 7]);
    return 0;
}
