// run
/* Loops whose schedule the compiler chooses (auto) in a parallel construct
   take the gang level only where no other code runs gang-redundantly
   beside or around them: gangs do not wait for each other, so a
   sequential loop after a gang loop, or a gang loop inside a sequential
   one, would read what other gangs have not written yet. */
#include <stdio.h>
#define M (1 << 12)
static float a[M], b[M], c[M];
static float A[64][M];
int main(void) {
    for (int i = 0; i < M; i++) { a[i] = 0; b[i] = i % 7; c[i] = i % 5; }
    for (int i = 0; i < 64; i++) for (int j = 0; j < M; j++) A[i][j] = (i + j) % 5;
    /* a gang auto loop, then a sequential auto loop reading its results (gang-redundant) */
#pragma acc parallel copy(a, b)
    {
#pragma acc loop auto
        for (int i = 0; i < M; i++)
            a[i] = b[i] * 2;
#pragma acc loop auto
        for (int i = 1; i < M; i++)
            b[i] = b[i - 1] + a[i];
    }
    double s = 0;
    for (int i = 0; i < M; i++) s += b[i];
    printf("prefix %.1f\n", s);
    /* an in-place anti-dependence in a gang-redundant sequential auto loop, next to a gang loop */
#pragma acc parallel copy(a, c)
    {
#pragma acc loop auto
        for (int i = 0; i < M; i++)
            a[i] = a[i] + 1;
#pragma acc loop auto
        for (int i = 0; i < M - 1; i++)
            c[i] = c[i + 1] + c[i];
    }
    s = 0;
    for (int i = 0; i < M; i++) s += c[i] * (i % 3 + 1);
    printf("anti %.1f\n", s);
    /* outer sequential, inner gang: the dependence crosses threads */
#pragma acc parallel copy(A)
    {
#pragma acc loop auto
        for (int i = 1; i < 64; i++)
#pragma acc loop auto
            for (int j = 0; j < M - 1; j++)
                A[i][j] = A[i - 1][j + 1] + 1;
    }
    s = 0;
    for (int i = 0; i < 64; i++) for (int j = 0; j < M; j++) s += A[i][j] * (j % 3 + 1);
    printf("diag %.1f\n", s);
    return 0;
}
