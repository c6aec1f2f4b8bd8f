// run
/* Copy of ../shared/bench/laplace_acc.c, reduced from 1024x1024 to 256x256
   (the original takes about 15 s with plain cc -O2, this one under 1 s),
   without the timing (its time_ms line is not deterministic).
   Laplace heat plate, Jacobi iteration (algorithm of seed 004, Part 2, final version).
   1024x1024 interior in the original, tolerance 0.01. Prints iterations, last max change, checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define WIDTH 256
#define HEIGHT 256
#define TEMP_TOLERANCE 0.01

double temp[HEIGHT + 2][WIDTH + 2];
double temp_prev[HEIGHT + 2][WIDTH + 2];

static void initialize(void) {
    for (int i = 0; i <= HEIGHT + 1; i++)
        for (int j = 0; j <= WIDTH + 1; j++)
            temp_prev[i][j] = 0.0;
    for (int i = 0; i <= HEIGHT + 1; i++) {
        temp_prev[i][0] = 0.0;
        temp_prev[i][WIDTH + 1] = (100.0 / HEIGHT) * i;
    }
    for (int j = 0; j <= WIDTH + 1; j++) {
        temp_prev[0][j] = 0.0;
        temp_prev[HEIGHT + 1][j] = (100.0 / WIDTH) * j;
    }
}

int main(void) {
    int i, j, iteration = 1;
    double worst_dt = 100;
    initialize();
#pragma acc data copy(temp_prev), create(temp)
    {
        while (worst_dt > TEMP_TOLERANCE) {
#pragma acc parallel loop collapse(2)
            for (i = 1; i <= HEIGHT; i++)
                for (j = 1; j <= WIDTH; j++)
                    temp[i][j] = 0.25 * (temp_prev[i + 1][j] + temp_prev[i - 1][j] +
                                         temp_prev[i][j + 1] + temp_prev[i][j - 1]);
            worst_dt = 0.0;
#pragma acc parallel loop collapse(2) reduction(max:worst_dt)
            for (i = 1; i <= HEIGHT; i++)
                for (j = 1; j <= WIDTH; j++) {
                    worst_dt = fmax(fabs(temp[i][j] - temp_prev[i][j]), worst_dt);
                    temp_prev[i][j] = temp[i][j];
                }
            iteration++;
        }
    }
    double sum = 0;
    for (i = 0; i <= HEIGHT + 1; i++)
        for (j = 0; j <= WIDTH + 1; j++) sum += temp_prev[i][j];
    printf("iterations %d worst_dt %.6f checksum %.6f\n", iteration - 1, worst_dt, sum);
    return 0;
}
