// run
/* Loop directives under if, else, else if, switch and labels in device
   code: in a parallel construct's gang-redundant code, inside a gang loop
   around vector loops (the condition read by every thread of the gang),
   where the then branch changes what the condition reads (the else branch
   must not run), with statements that store to memory beside the loops,
   and in a vector routine. */
#include <stdio.h>
#define N 256
#define M 32

#pragma acc routine vector
static void fill(double *row, int m, int mode) {
    if (mode == 0) {
#pragma acc loop vector
        for (int j = 0; j < m; j++)
            row[j] = j;
    } else {
#pragma acc loop vector
        for (int j = 0; j < m; j++)
            row[j] = -2 * j;
    }
}

int main(void) {
    static double a[N][M], r[N][M];
    static int kind[N];
    int flag = 1, s = 0, mode = 3;
    for (int i = 0; i < N; i++)
        kind[i] = i % 4;
#pragma acc parallel loop gang copyin(kind) copyout(a)
    for (int i = 0; i < N; i++) {
        double scale = 1;
        if (kind[i] == 0) {
#pragma acc loop vector
            for (int j = 0; j < M; j++)
                a[i][j] = j;
        } else if (kind[i] == 1) {
            scale = 2;
#pragma acc loop vector
            for (int j = 0; j < M; j++)
                a[i][j] = scale * j;
        } else {
            switch (kind[i]) {
            case 2:
#pragma acc loop vector
                for (int j = 0; j < M; j++)
                    a[i][j] = -j;
                break;
            default:
                a[i][0] = 100;
            rest:
#pragma acc loop vector
                for (int j = 1; j < M; j++)
                    a[i][j] = 100 + j;
            }
        }
    }
#pragma acc parallel num_gangs(1) copy(flag, s, mode)
    {
        if (flag == 1) {
            flag = 2; /* the else branch must not run */
#pragma acc loop reduction(+:s)
            for (int i = 0; i < 10; i++)
                s += i;
        } else {
#pragma acc loop reduction(+:s)
            for (int i = 0; i < 10; i++)
                s += 100;
        }
        if (mode > 2)
            mode = 0;
    }
#pragma acc parallel loop gang copyin(kind) copyout(r)
    for (int i = 0; i < N; i++)
        fill(r[i], M, kind[i] % 2);
    double sa = 0, sr = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            sa += a[i][j] * (j + 1);
            sr += r[i][j];
        }
    printf("%g %g %d %d %d\n", sa, sr, flag, s, mode);
    return 0;
}
