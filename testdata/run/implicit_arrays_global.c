// run
/* Global fixed-size arrays of one, two and three dimensions with no data
   clauses, used in parallel, kernels and serial constructs. */
#include <stdio.h>
#define A 300
#define B 17
#define C 5
unsigned g1[A];
double g2[B][A];
long long g3[C][B][7];
int main(void) {
#pragma acc parallel loop
    for (int i = 0; i < A; i++) g1[i] = 3u * i + 1;
#pragma acc kernels loop independent collapse(2)
    for (int i = 0; i < B; i++)
        for (int j = 0; j < A; j++) g2[i][j] = g1[j] * 0.5 + i;
#pragma acc parallel loop gang collapse(2)
    for (int i = 0; i < C; i++)
        for (int j = 0; j < B; j++)
#pragma acc loop vector
            for (int k = 0; k < 7; k++) g3[i][j][k] = (long long)g2[j][k * 40] * (i + 1);
#pragma acc serial
    {
        g1[0] = 1000;
        g3[0][0][0] = -1;
    }
    long long s1 = 0, s3 = 0;
    double s2 = 0;
    for (int i = 0; i < A; i++) s1 += g1[i];
    for (int i = 0; i < B; i++) for (int j = 0; j < A; j++) s2 += g2[i][j];
    for (int i = 0; i < C; i++) for (int j = 0; j < B; j++) for (int k = 0; k < 7; k++) s3 += g3[i][j][k];
    printf("1d %lld 2d %.1f 3d %lld\n", s1, s2, s3);
    return 0;
}
