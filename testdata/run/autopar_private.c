// run
/* Scalars in loops the compiler schedules: written before they are read
   in every iteration (private, even when declared outside the loop and the
   construct), read before they are written or written under a condition
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

int main(void) {
    for (int i = 0; i < N; i++)
        a[i] = (i * 29) % 101;
    for (int i = 0; i < R; i++)
        for (int k = 0; k < R; k++)
            B[i][k] = (i * 7 + k * 3) % 23;
    privates(N);
    printf("last=%g\n", carried(N));
    autopar();
    return 0;
}
