// run
/* Run-time device-type switching (OpenACC 3.4 §2.14.1-2.14.3, §3.2.2):
   set device_type(host) and init device_type(host) make the host the
   current device type, and the compute regions of a -acc=gpu or emulate
   build run their host versions on host memory; set device_type(default)
   goes back to the device the program started on. Each mode keeps its
   data regions to itself, so the results are those of plain C on every
   target. */
#include <stdio.h>
#define N 1000
double a[N], b[N];

static double sum(const double *x) {
    double s = 0;
    for (int i = 0; i < N; i++) s += x[i];
    return s;
}

/* One step: b = 2a + 1 in a data region, then a reduction over b. */
static double step(int n) {
    double s = 0;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
    {
#pragma acc parallel loop present(a[0:n], b[0:n])
        for (int i = 0; i < n; i++) b[i] = 2 * a[i] + 1;
#pragma acc parallel loop reduction(+:s) present(b[0:n])
        for (int i = 0; i < n; i++) s += b[i];
    }
#pragma acc kernels copy(a[0:n])
    for (int i = 0; i < n; i++) a[i] = a[i] + 1;
    return s;
}

int main(void) {
    int n = N;
    for (int i = 0; i < n; i++) a[i] = i;
    double s1 = step(n); /* on the device the program starts on */
#pragma acc set device_type(host)
    double s2 = step(n); /* on the host */
#pragma acc serial copy(a[0:n])
    a[0] += 100;
#pragma acc set device_type(default)
    double s3 = step(n); /* on the device again */
#pragma acc init device_type(host)
    double s4 = step(n); /* on the host again */
#pragma acc shutdown device_type(host)
#pragma acc set device_type(default)
    double s5 = step(n);
    printf("sums %.0f %.0f %.0f %.0f %.0f\n", s1, s2, s3, s4, s5);
    printf("a %.0f b %.0f\n", sum(a), sum(b));
    return 0;
}
