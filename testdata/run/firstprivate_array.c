// run
/* firstprivate arrays: a whole fixed-size local array and a section of a
   global one, read by every iteration. */
#include <stdio.h>
#define N 999
double coef[6] = {0.5, 1, 2, 4, 8, 16};
int main(void) {
    int lut[8] = {1, 1, 2, 3, 5, 8, 13, 21};
    double y[N];
    for (int i = 0; i < N; i++) y[i] = i % 9;
#pragma acc parallel loop firstprivate(lut, coef[1:4]) copy(y)
    for (int i = 0; i < N; i++)
        y[i] = y[i] * coef[1 + i % 4] + lut[i % 8];
    double s = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) { s += y[i]; bad += y[i] != (i % 9) * coef[1 + i % 4] + lut[i % 8]; }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
