// run
/* Array parameters declared with sizes (double A[N][M], double v[n]):
   copy(A) and copyin(v) move the rows the declarations give. */
#include <stdio.h>
#define N 100
#define M 50
void scale(int n, double A[N][M], double v[n], double s) {
#pragma acc parallel loop copy(A) copyin(v)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            A[i][j] = A[i][j] * s + v[j % n];
}
int main(void) {
    static double A[N][M];
    double v[10];
    for (int i = 0; i < 10; i++) v[i] = i;
    for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) A[i][j] = i - j;
    scale(10, A, v, 2);
    double s = 0;
    for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) s += A[i][j] * (i + 1);
    printf("%g\n", s);
    return 0;
}
