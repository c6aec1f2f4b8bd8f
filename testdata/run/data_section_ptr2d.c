// run
/* A dynamic two-dimensional array (pointer to row pointers): the section
   m[0:R][0:C] copies the rows and the row-pointer vector. */
#include <stdio.h>
#include <stdlib.h>
#define R 50
#define C 70
int main(void) {
    int **m = malloc(R * sizeof *m);
    for (int i = 0; i < R; i++) {
        m[i] = malloc(C * sizeof **m);
        for (int j = 0; j < C; j++) m[i][j] = i - j;
    }
#pragma acc parallel loop collapse(2) copy(m[0:R][0:C])
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) m[i][j] = m[i][j] * m[i][j] + 1;
    long long s = 0;
    int bad = 0;
    for (int i = 0; i < R; i++) {
        for (int j = 0; j < C; j++) { s += m[i][j]; bad += m[i][j] != (i - j) * (i - j) + 1; }
        free(m[i]);
    }
    free(m);
    printf("sum %lld bad %d\n", s, bad);
    return 0;
}
