// run
/* Gang-redundant code (OpenACC 3.4 §2.5.1) on a gang of several threads:
   a statement or a sequential loop that writes memory runs on one thread
   for the gang, and the scalars it assigns on the way (a loop's index, a
   running value, a local declared outside the loop) must still reach
   every thread, which reads them in the vector and worker loops after. */
#include <stdio.h>

#define N 100

static long a[N][N], b[N], c[N];

int main(void) {
    for (int i = 0; i < N; i++) {
        b[i] = i;
        c[i] = 0;
        for (int j = 0; j < N; j++)
            a[i][j] = i + j;
    }
#pragma acc parallel num_workers(4) copy(a, b, c)
    {
        for (int i = 0; i < N; i++)
            c[i] = b[i] * 2;
        int k;
        long t = 1;
        for (k = 1; k < N; k++) { /* a break: one statement */
            if (c[k] > 150)
                break;
            if (k % 3 == 0)
                continue;
            c[k] = c[k - 1] + t;
            t = t * 3 % 1000;
        }
        long r = 0;
        int m;
        for (m = 1; m < N; m++) { /* a recurrence: one thread */
            c[m] = c[m] + c[m - 1] % 7;
            r = r + c[m] % 11;
        }
#pragma acc loop gang worker
        for (int i = 0; i < N; i++) {
            long u = 0;
            for (int j = 1; j < N; j++) {
                a[i][j] = a[i][j - 1] + u;
                u += 5;
            }
#pragma acc loop vector
            for (int j = 0; j < N; j++)
                a[i][j] += u + t + k + r + m;
        }
    }
    long s = 0;
    for (int i = 0; i < N; i++)
        s += c[i] * (i % 5 + 1) + a[i][N - 1] % 1009 + a[i][i];
    printf("%ld\n", s);
    return 0;
}
