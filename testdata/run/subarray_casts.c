// run
/* Casts to typedef names in subarray bounds: a[(size_t)i * n : n], as
 * halo exchanges index rows of a flattened 2-D array (examples/mpi-jacobi).
 * The file-scope typedefs size_t and idx_t make these parse as casts. */
#include <stddef.h>
#include <stdio.h>

typedef long idx_t;

int main(void) {
    enum { N = 8, M = 4 };
    double a[N * M];
    int n = M;
    for (int k = 0; k < N * M; k++)
        a[k] = -1.0;
#pragma acc data create(a[(size_t)0:(size_t)N * n])
    {
#pragma acc parallel loop present(a[0:(idx_t)N * M])
        for (int k = 0; k < N * M; k++)
            a[k] = k;
        /* Rows 1 and N-2 come back, each as one section. */
#pragma acc update self(a[(size_t)1 * n:n], a[(idx_t)(N - 2) * n:(size_t)n])
    }
    for (int i = 1; i < N; i += N - 3) {
        double s = 0.0;
        for (int j = 0; j < M; j++)
            s += a[(size_t)i * M + j];
        printf("row %d: %g\n", i, s);
    }
    return 0;
}
