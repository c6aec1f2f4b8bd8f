// run
/* A combined construct's private variable that the loop's bounds or
   step use: the private clause applies to the loop (OpenACC 3.4 §2.11),
   and the bounds are evaluated before it runs, with the construct's
   value (the kernel used the variable without declaring it, and the host
   compiler rejected the generated code; found by FuzzBackend). Each
   iteration's copy is written before it is read; it gets the value the
   variable has, so plain C runs the same loops. */
#include <stdio.h>
#define N 50
#define M 6
int main(void) {
    int n = N, m = M, st = 2;
    double a[N], b[N][M], c[N];
#pragma acc parallel loop private(n) copyout(a)
    for (int i = 0; i < n; i++) {
        n = N;
        a[i] = i + n;
    }
#pragma acc parallel loop collapse(2) private(m, n) copyout(b)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            m = M;
            b[i][j] = i * m + j;
        }
    for (int i = 0; i < N; i++) c[i] = 0;
#pragma acc kernels loop private(st) copy(c)
    for (int i = 1; i < N; i += st) {
        st = 2;
        c[i] = i * st;
    }
#pragma acc serial loop private(n) copy(c)
    for (int i = N - 1; i >= n - N; i--) {
        n = N;
        c[i] += n;
    }
    double s = 0;
    for (int i = 0; i < N; i++) {
        s += a[i] + c[i];
        for (int j = 0; j < M; j++) s += b[i][j];
    }
    printf("sum %g n %d m %d st %d\n", s, n, m, st);
    return 0;
}
