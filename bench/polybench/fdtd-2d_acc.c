/* fdtd-2d (PolyBench/C 4.2 stencils/fdtd-2d): tmax steps of the 2-D
   finite-difference time-domain kernel (ey, ex, hz updates). Doubles, nx x ny
   arrays of rows (double (*)[ny]), default 2000 x 2600 and 500 steps
   (PolyBench EXTRALARGE, half its steps; argv[1..3]: nx ny tmax). Timed: the
   steps inside the data region (time_ms), and with the transfers (total_ms).
   Work: the compulsory DRAM traffic per step: ey and ex read and written, hz
   read three times and written once. */
#include "../bench.h"

int main(int argc, char **argv) {
    int nx = arg(argc, argv, 1, 2000), ny = arg(argc, argv, 2, 2600), tmax = arg(argc, argv, 3, 500);
    double (*restrict ex)[ny] = malloc(sizeof(double) * nx * ny);
    double (*restrict ey)[ny] = malloc(sizeof(double) * nx * ny);
    double (*restrict hz)[ny] = malloc(sizeof(double) * nx * ny);
    double *restrict fict = malloc(sizeof(double) * tmax);
    for (int t = 0; t < tmax; t++) fict[t] = (double)t;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            ex[i][j] = ((double)i * (j + 1)) / nx;
            ey[i][j] = ((double)i * (j + 2)) / ny;
            hz[i][j] = ((double)i * (j + 3)) / nx;
        }

    double ts = now_ms(), t0, t1;
#pragma acc data copy(ex[0:nx][0:ny], ey[0:nx][0:ny], hz[0:nx][0:ny]) copyin(fict[0:tmax])
    {
        t0 = now_ms();
        for (int t = 0; t < tmax; t++) {
#pragma acc parallel loop
            for (int j = 0; j < ny; j++) ey[0][j] = fict[t];
#pragma acc parallel loop collapse(2)
            for (int i = 1; i < nx; i++)
                for (int j = 0; j < ny; j++) ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma acc parallel loop collapse(2)
            for (int i = 0; i < nx; i++)
                for (int j = 1; j < ny; j++) ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma acc parallel loop collapse(2)
            for (int i = 0; i < nx - 1; i++)
                for (int j = 0; j < ny - 1; j++)
                    hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
        }
#pragma acc wait /* the device's work so far done: in the timed part (accc completes synchronous constructs lazily) */
        t1 = now_ms();
    }
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) sum += ex[i][j] + ey[i][j] + hz[i][j];
    printf("fdtd-2d nx %d ny %d tmax %d\n", nx, ny, tmax);
    report(sum, 8.0 * nx * (double)ny * sizeof(double) * tmax, "byte", t1 - t0, te - ts);
    return 0;
}
