// run
/* host_data use_device (OpenACC 3.4 §2.8): inside the construct the
   array or pointer names the device copy, so a function that takes it
   and launches a parallel loop with deviceptr works on the device data
   directly, as a CUDA library call would. A global array (mapped by a data
   region) and a heap pointer (mapped by enter data) are both passed; the
   results come back with the regions' copy-out. */
#include <stdio.h>
#include <stdlib.h>
#define N 1000
float a[N];

static void scale(float *restrict p, int n, float s) {
#pragma acc parallel loop deviceptr(p)
    for (int i = 0; i < n; i++) p[i] = p[i] * s;
}

static void axpy(int n, float s, const float *restrict x, float *restrict y) {
#pragma acc parallel loop deviceptr(x, y)
    for (int i = 0; i < n; i++) y[i] += s * x[i];
}

int main(void) {
    float *p = malloc(N * sizeof *p);
    for (int i = 0; i < N; i++) { a[i] = i; p[i] = 1; }
#pragma acc enter data copyin(p[0:N])
#pragma acc data copy(a)
    {
#pragma acc host_data use_device(a)
        {
            scale(a, N, 2.0f); /* a = 2i */
        }
#pragma acc parallel loop present(a)
        for (int i = 0; i < N; i++) a[i] += 1; /* a = 2i + 1 */
#pragma acc host_data use_device(a, p)
        {
            axpy(N, 3.0f, a, p); /* p = 1 + 3(2i + 1) = 6i + 4 */
            scale(p, N, 0.5f);   /* p = 3i + 2 */
        }
    }
#pragma acc exit data copyout(p[0:N])
    double sa = 0, sp = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sa += a[i];
        sp += p[i];
        bad += a[i] != 2 * i + 1 || p[i] != 3 * i + 2;
    }
    printf("a %.1f p %.1f bad %d\n", sa, sp, bad);
    free(p);
    return 0;
}
