// run
/* Three-dimensional sections: copy of planes 1..2 of a global array and
   copyout of a local one, with collapse(3). */
#include <stdio.h>
#define X 4
#define Y 9
#define Z 130
double v[X][Y][Z];
int main(void) {
    int w[X][Y][Z];
    for (int i = 0; i < X; i++)
        for (int j = 0; j < Y; j++)
            for (int k = 0; k < Z; k++) { v[i][j][k] = i + j + k; w[i][j][k] = 0; }
#pragma acc parallel loop collapse(3) copy(v[1:2][0:Y][0:Z]) copyout(w[1:2][0:Y][0:Z])
    for (int i = 1; i < 3; i++)
        for (int j = 0; j < Y; j++)
            for (int k = 0; k < Z; k++) {
                w[i][j][k] = (int)v[i][j][k] * 10;
                v[i][j][k] *= -1;
            }
    double s = 0;
    int bad = 0;
    for (int i = 0; i < X; i++)
        for (int j = 0; j < Y; j++)
            for (int k = 0; k < Z; k++) {
                int in = i >= 1 && i < 3;
                s += v[i][j][k] + w[i][j][k];
                bad += v[i][j][k] != (in ? -1 : 1) * (i + j + k) || w[i][j][k] != (in ? 10 * (i + j + k) : 0);
            }
    printf("sum %.1f bad %d\n", s, bad);
    return 0;
}
