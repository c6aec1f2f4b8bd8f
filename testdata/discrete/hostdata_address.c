// run
/* host_data use_device with separate device memory (OpenACC 3.4 §2.8):
   inside the construct, a names the device copy, whose address differs
   from the host array's; a pointer into the middle of a mapped array
   translates to the same offset in the device copy. Work done through the
   device address stays on the device until update self.
   a[i] = i; enter data copyin(a).
   1. In host_data use_device(a, p) with p = a + 100: the device address
      differs from a's host address, and p's device value is the device
      address + 100 elements. scale(a, N, 2) runs on the device: D = 2i.
   2. The host is stale: H = sum i = 499500.
   3. update self(a): H = 999000. */
#include <stdio.h>
#define N 1000
float a[N];

static void scale(float *d, int n, float s) {
#pragma acc parallel loop deviceptr(d)
    for (int i = 0; i < n; i++) d[i] *= s;
}

static double hsum(void) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    float *host = a, *p = a + 100, *dev = 0, *pdev = 0;
#pragma acc enter data copyin(a)
#pragma acc host_data use_device(a, p)
    {
        dev = a;
        pdev = p;
        scale(a, N, 2.0f);
    }
    printf("1: differs %d offset %d\n", dev != host, (int)(pdev - dev));
    printf("2: %.1f\n", hsum());
#pragma acc update self(a)
    printf("3: %.1f\n", hsum());
#pragma acc exit data delete(a)
    return 0;
}
