// run
/* Scalars in loops the compiler schedules: written before they are read
   in every iteration (private, even when declared outside the loop and the
   construct; on both branches of an if/else; by an inner loop that always
   runs), read before they are written or written under a condition
   (the loop stays sequential), and scalars whose last value the program
   reads after the construct. Whatever the compiler decides, the program
   prints what the serial program prints. */
#include <stdio.h>
#define N 500
#define R 64

static float a[N], b[N], c[N];
static int A[R][R], B[R][R];
static int rowmax[R];

static void privates(int n) {
    float t, u;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n], c[0:n])
    {
        /* t written first: private */
        for (int i = 0; i < n; i++) {
            t = a[i] * 2;
            b[i] = t * t;
        }
        /* u computed from a local of the body */
        for (int i = 0; i < n; i++) {
            float w = a[i] + 1;
            u = w * 3;
            c[i] = u - w;
        }
    }
    /* a scalar private to each row, read by the inner loop */
#pragma acc kernels
    for (int i = 0; i < R; i++) {
        int base = i * 100;
        for (int k = 0; k < R; k++)
            A[i][k] = base + B[i][k];
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)b[i] + (long)c[i];
    for (int i = 0; i < R; i++)
        for (int k = 0; k < R; k++)
            s += (long)A[i][k] * (k + 1);
    printf("privates: %ld b[7]=%g c[7]=%g A[9][9]=%d\n", s, b[7], c[7], A[9][9]);
}

static float carried(int n) {
    float t = 0, u = -1, last = 0;
    /* read before it is written: b gets the previous element */
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++) {
        b[i] = t;
        t = a[i];
    }
    /* written only when a[i] is a multiple of 7 */
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
    for (int i = 0; i < n; i++) {
        if ((int)a[i] % 7 == 0)
            u = a[i];
        c[i] = u;
    }
    /* its last value is returned */
#pragma acc kernels copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        last = a[i] + i;
        c[i] += last;
    }
    printf("carried: b[0]=%g b[10]=%g c[3]=%g c[20]=%g t=%g u=%g\n", b[0], b[10], c[3], c[20], t, u);
    return last;
}

static void autopar(void) {
    /* a scalar of the gang body written first in each inner iteration,
       and a row maximum through a local of the gang body */
#pragma acc parallel loop copy(A, B, rowmax)
    for (int i = 0; i < R; i++) {
        int m = -1, t;
        for (int k = 0; k < R; k++) {
            t = B[i][k] * 3;
            A[i][k] = t - k;
        }
        for (int k = 0; k < R; k++)
            if (A[i][k] > m)
                m = A[i][k];
        rowmax[i] = m;
    }
    long s = 0;
    for (int i = 0; i < R; i++)
        s += rowmax[i] * (i + 1);
    printf("autopar: %ld rowmax[0]=%d rowmax[%d]=%d\n", s, rowmax[0], R - 1, rowmax[R - 1]);
}

static void branches(int n, int cnt) {
    float sg, d, e, x, y, z = -1, q = -2;
    static int last[R], tail[R], zero[R];
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n], c[0:n])
    {
        /* written on both branches of an if/else, then read: private */
        for (int i = 0; i < n; i++) {
            if ((int)a[i] % 2)
                sg = 1;
            else
                sg = -1;
            b[i] = sg * a[i];
        }
        /* an else-if chain that assigns on every branch */
        for (int i = 0; i < n; i++) {
            if (a[i] > 60)
                d = a[i] - 60;
            else if (a[i] > 30)
                d = 2 * a[i];
            else
                d = 7;
            c[i] = d;
        }
        /* written and read in one branch only */
        for (int i = 0; i < n; i++) {
            if ((int)a[i] % 3 == 0) {
                e = a[i] * 2;
                b[i] += e;
            }
        }
    }
    /* written by an inner loop that always runs, read after it: private
       to the row */
#pragma acc kernels copyout(last[0:R])
    for (int i = 0; i < R; i++) {
        for (int k = 0; k < R; k++)
            x = B[i][k] + k;
        last[i] = (int)x;
    }
    /* an inner nest that always runs, assigning on both branches */
#pragma acc kernels copyout(tail[0:R])
    for (int i = 0; i < R; i++) {
        for (int k = 0; k < 8; k++)
            for (int j = 1; j <= 2; j++) {
                if (B[i][k] > 10 * j)
                    y = B[i][k];
                else
                    y = j;
            }
        tail[i] = (int)y;
    }
    /* an inner loop that may run no iteration (cnt of them, 0 here):
       each row reads the value an earlier row left */
#pragma acc kernels copyout(zero[0:R])
    for (int i = 0; i < R; i++) {
        for (int k = 0; k < cnt; k++)
            z = B[i][k];
        zero[i] = (int)z;
    }
    /* an inner loop that assigns only on one branch */
#pragma acc kernels copy(zero[0:R])
    for (int i = 0; i < R; i++) {
        for (int k = 0; k < R; k++)
            if (B[i][k] == 22 && k > i)
                q = i * 100 + k;
        zero[i] += (int)q;
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)b[i] * 3 + (long)c[i];
    for (int i = 0; i < R; i++)
        s += (long)(last[i] + 2 * tail[i] + 3 * zero[i]) * (i + 1);
    printf("branches: %ld b[5]=%g c[5]=%g last[3]=%d tail[3]=%d zero[0]=%d zero[%d]=%d\n", s, b[5], c[5], last[3], tail[3], zero[0], R - 1, zero[R - 1]);
}

int main(void) {
    for (int i = 0; i < N; i++)
        a[i] = (i * 29) % 101;
    for (int i = 0; i < R; i++)
        for (int k = 0; k < R; k++)
            B[i][k] = (i * 7 + k * 3) % 23;
    privates(N);
    printf("last=%g\n", carried(N));
    autopar();
    branches(N, 0);
    return 0;
}
