// run
/* kernels loop combined forms, with and without loop clauses; a scalar
   written in a kernels region is copied back (implicit copy). */
#include <stdio.h>
#define N 300
#define M 41
float m[N][M];
int main(void) {
    int total = 0, last = -1;
#pragma acc kernels loop independent
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) m[i][j] = (float)(i - j);
#pragma acc kernels loop gang vector(32) collapse(2)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) m[i][j] = m[i][j] * 2;
#pragma acc kernels
    for (int i = 0; i < N; i++) { total += (int)m[i][M - 1]; last = i; }
    int want = 0;
    for (int i = 0; i < N; i++) want += 2 * (i - (M - 1));
    printf("total %d want %d last %d m[5][7] %g\n", total, want, last, m[5][7]);
    return 0;
}
