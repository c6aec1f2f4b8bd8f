// run
// A parallel construct's sequential loop around one gang loop whose
// iterations each keep to their own column (ADI's sweeps): every gang
// runs the loop itself, over the same columns each time, so it stays in
// the kernel rather than running on the host with a launch per
// iteration. A loop whose gang loop reads another column still runs on
// the host; one whose pointers may reach the same data tests them at run
// time. All compute what the sequential program computes.
#include <stdio.h>

#define N 200
#define T 3

static double X[N][N], A[N][N], B[N][N];

// ADI's two sweeps, in a time loop: the i1 loops carry dependences of
// distance 1 within each column i2.
static void sweeps(int n, int tsteps, double (*restrict x)[N], double (*restrict a)[N], double (*restrict b)[N]) {
    int t, i1, i2;
#pragma acc parallel copy(x[0:n][0:N], b[0:n][0:N]) copyin(a[0:n][0:N])
    {
        for (t = 0; t < tsteps; t++) {
            for (i1 = 1; i1 < n; i1++)
#pragma acc loop
                for (i2 = 0; i2 < n; i2++) {
                    x[i1][i2] = x[i1][i2] - x[i1 - 1][i2] * a[i1][i2] / b[i1 - 1][i2];
                    b[i1][i2] = b[i1][i2] - a[i1][i2] * a[i1][i2] / b[i1 - 1][i2];
                }
#pragma acc loop
            for (i2 = 0; i2 < n; i2++)
                x[n - 1][i2] = x[n - 1][i2] / b[n - 1][i2];
            for (i1 = 0; i1 < n - 2; i1++)
#pragma acc loop
                for (i2 = 0; i2 < n; i2++)
                    x[n - 2 - i1][i2] = (x[n - 2 - i1][i2] - x[n - i1 - 3][i2] * a[n - 3 - i1][i2]) / b[n - 2 - i1][i2];
        }
    }
}

// The construct's whole body one such loop, over the column i2 + 1 of
// globals, with a scalar of the iteration's own.
static void shifted(int n) {
    int i1, i2;
#pragma acc parallel copy(X, B)
    for (i1 = 1; i1 < n; i1++)
#pragma acc loop
        for (i2 = 0; i2 < n - 1; i2++) {
            double d = X[i1 - 1][i2 + 1] * 0.5;
            X[i1][i2 + 1] = X[i1][i2 + 1] + d;
            B[i1][i2 + 1] = B[i1 - 1][i2 + 1] + d;
        }
}

// A diagonal: iteration i2 reads column i2 + 1 of the row before, which
// another gang writes: the loop runs on the host.
static void diagonal(int n) {
    int i1, i2;
#pragma acc parallel copy(X)
    for (i1 = 1; i1 < n; i1++)
#pragma acc loop
        for (i2 = 0; i2 < n - 1; i2++)
            X[i1][i2] = X[i1][i2] + 0.5 * X[i1 - 1][i2 + 1];
}

// Pointers that may reach the same data: the kernel tests their device
// ranges before the launch and runs on one gang where they overlap.
static void aliased(int n, double (*x)[N], double (*y)[N]) {
    int i1, i2;
#pragma acc parallel copy(x[0:n][0:N]) copyin(y[0:n][0:N])
    for (i1 = 1; i1 < n; i1++)
#pragma acc loop
        for (i2 = 0; i2 < n; i2++)
            x[i1][i2] = x[i1 - 1][i2] + y[i1][i2];
}

static double sum(double (*m)[N]) {
    double s = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            s += m[i][j] * ((i + 2 * j) % 7 + 1);
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            X[i][j] = ((double)i * (j + 1) + 1) / N;
            A[i][j] = ((double)i * (j + 2) + 2) / N;
            B[i][j] = ((double)i * (j + 3) + 3) / N;
        }
    sweeps(N, T, X, A, B);
    printf("sweeps %.6e %.6e\n", sum(X), sum(B));
    shifted(N);
    printf("shifted %.6e %.6e\n", sum(X), sum(B));
    diagonal(N);
    printf("diagonal %.6e\n", sum(X));
    aliased(N, X, A);
    printf("aliased %.6e\n", sum(X));
    // y[i1][i2] is x[i1 - 1][i2 + 1]: the fallback's one gang runs.
#pragma acc data copy(B)
    aliased(N - 1, (double (*)[N])&B[1][0], (double (*)[N])&B[0][1]);
    printf("overlapping %.6e\n", sum(B));
    return 0;
}
