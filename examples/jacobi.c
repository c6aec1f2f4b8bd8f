/* Jacobi relaxation of a 2-D Laplace equation, the classic first OpenACC
 * program (after the NVIDIA/PGI tutorials). Build and run it with accc:
 *
 *     accc -acc=host -Minfo=accel -o jacobi jacobi.c && ./jacobi
 *
 * The same source builds with any C compiler (the pragmas are ignored), which
 * is how the expected output is checked. */
#include <math.h>
#include <stdio.h>

#define N 256
#define MAX_ITER 1000
#define TOL 1.0e-4

static double a[N][N], anew[N][N];

int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            a[i][j] = (i == 0) ? 1.0 : 0.0; /* a hot top edge */

    double err = 1.0;
    int iter = 0;
#pragma acc data copy(a) create(anew)
    while (err > TOL && iter < MAX_ITER) {
        err = 0.0;
#pragma acc parallel loop collapse(2) reduction(max:err)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++) {
                anew[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
                err = fmax(err, fabs(anew[i][j] - a[i][j]));
            }
#pragma acc parallel loop collapse(2)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                a[i][j] = anew[i][j];
        iter++;
    }

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += a[i][j];
    printf("iterations: %d\nresidual: %.6e\nchecksum: %.6f\n", iter, err, sum);
    return 0;
}
