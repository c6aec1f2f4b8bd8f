// run
/* host_data use_device with if and if_present (OpenACC 3.4 §2.8): with
   if(0) the name keeps its host address, so the host-side branch works on
   host memory (kept consistent with update self/device around it); with
   if_present an absent pointer keeps its host address and a present one
   gets the device address; with if(0) an absent pointer is no error. */
#include <stdio.h>
#include <stdlib.h>
#define N 800

static void scale_dev(float *p, int n, float s) {
#pragma acc parallel loop deviceptr(p)
    for (int i = 0; i < n; i++) p[i] *= s;
}

static void scale_host(float *p, int n, float s) {
    for (int i = 0; i < n; i++) p[i] *= s;
}

int main(void) {
    float *p = malloc(N * sizeof *p), *q = malloc(N * sizeof *q);
    float *q0 = q;
    for (int i = 0; i < N; i++) { p[i] = i; q[i] = 1; }
#pragma acc enter data copyin(p[0:N])
    for (int k = 0; k < 2; k++) {
        int on = k == 0;
#pragma acc host_data use_device(p) if(on)
        {
            if (on) {
                scale_dev(p, N, 2.0f); /* device: p = 2i */
            } else {
                scale_host(p, N, 3.0f); /* host: p = 6i */
            }
        }
        if (on) {
#pragma acc update self(p[0:N])
        } else {
#pragma acc update device(p[0:N])
        }
    }
    /* q is not present: if_present leaves its host address. */
    int same = 0;
#pragma acc host_data use_device(q, p) if_present
    {
        same = q == q0;
        scale_host(q, N, 5.0f);
        scale_dev(p, N, 0.5f); /* p = 3i */
    }
#pragma acc host_data use_device(q) if(0)
    {
        same += q == q0;
    }
#pragma acc exit data copyout(p[0:N])
    double sp = 0, sq = 0;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        sp += p[i];
        sq += q[i];
        bad += p[i] != 3 * i || q[i] != 5;
    }
    printf("q host address %d\n", same);
    printf("p %.1f q %.1f bad %d\n", sp, sq, bad);
    free(p);
    free(q);
    return 0;
}
