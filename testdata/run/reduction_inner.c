// run
/* A reduction on an inner loop (no level given) inside an outer gang
   loop: matrix-vector product, plus an inner product reduction and an
   inner & reduction. */
#include <stdio.h>
#define R 123
#define C 456
double A[R][C], x[C], y[R];
long long pr[R];
int an[R];
int main(void) {
    for (int i = 0; i < R; i++) for (int j = 0; j < C; j++) A[i][j] = (i + 2 * j) % 9 - 4;
    for (int j = 0; j < C; j++) x[j] = j % 5;
#pragma acc parallel loop gang copyin(A, x) copyout(y, pr, an)
    for (int i = 0; i < R; i++) {
        double s = 0;
        long long p = 1;
        int a = -1;
#pragma acc loop reduction(+:s)
        for (int j = 0; j < C; j++) s += A[i][j] * x[j];
#pragma acc loop reduction(*:p)
        for (int j = 0; j < C; j++) p *= (j % 97 == i % 97) ? -2 : 1;
#pragma acc loop reduction(&:a)
        for (int j = 0; j < C; j++) a &= ~(1 << ((i + j) % 31)) | (j % 3 ? -1 : 0);
        y[i] = s; pr[i] = p; an[i] = a;
    }
    int bad = 0;
    double ys = 0;
    for (int i = 0; i < R; i++) {
        double s = 0;
        long long p = 1;
        int a = -1;
        for (int j = 0; j < C; j++) {
            s += A[i][j] * x[j];
            p *= (j % 97 == i % 97) ? -2 : 1;
            a &= ~(1 << ((i + j) % 31)) | (j % 3 ? -1 : 0);
        }
        bad += y[i] != s || pr[i] != p || an[i] != a;
        ys += y[i] + pr[i] + an[i] % 1000;
    }
    printf("ys %.1f y[7] %.1f bad %d\n", ys, y[7], bad);
    return 0;
}
