// run
/* Local fixed-size arrays of one, two and three dimensions with no data
   clauses: implicit copy of the whole array, extents from the type. */
#include <stdio.h>
int main(void) {
    int a1[257];
    float a2[19][23];
    short a3[3][11][13];
    for (int i = 0; i < 257; i++) a1[i] = i;
    for (int i = 0; i < 19; i++) for (int j = 0; j < 23; j++) a2[i][j] = i * 0.5f + j;
    for (int i = 0; i < 3; i++) for (int j = 0; j < 11; j++) for (int k = 0; k < 13; k++) a3[i][j][k] = (short)(i * j - k);
#pragma acc parallel loop
    for (int i = 0; i < 257; i++) a1[i] = a1[i] * 2 + i % 7;
#pragma acc parallel loop collapse(2)
    for (int i = 0; i < 19; i++)
        for (int j = 0; j < 23; j++) a2[i][j] = a2[i][j] * 2 + a1[i + j];
#pragma acc parallel loop collapse(3)
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 11; j++)
            for (int k = 0; k < 13; k++) a3[i][j][k] += (short)a2[j][k];
    long long s1 = 0, s3 = 0;
    double s2 = 0;
    for (int i = 0; i < 257; i++) s1 += a1[i];
    for (int i = 0; i < 19; i++) for (int j = 0; j < 23; j++) s2 += a2[i][j];
    for (int i = 0; i < 3; i++) for (int j = 0; j < 11; j++) for (int k = 0; k < 13; k++) s3 += a3[i][j][k];
    printf("1d %lld 2d %.1f 3d %lld\n", s1, s2, s3);
    return 0;
}
