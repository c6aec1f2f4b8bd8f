// run
/* routine bind and nohost (OpenACC 3.4 §2.15.1): device code that calls
   a function with bind(name) or bind("name") runs the named function's
   device version, the host keeps calling the function itself; a nohost
   routine has only a device version; device_type(nvidia) overrides the
   level given for every device. */
#include <stdio.h>

/* The device version of scale_host is scale_dev's. */
double scale_dev(double x) { return -x; }

#pragma acc routine seq bind(scale_dev)
double scale_host(double x) { return 2.0 * x; }

double offset_host(double x);
#pragma acc routine(offset_host) seq bind("offset_dev")

#pragma acc routine seq nohost
double offset_dev(double x) { return x + 100.0; }

double offset_host(double x) { return x + 1.0; }

#pragma acc routine worker device_type(nvidia) vector
double total(const double *a, int n)
{
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void)
{
    enum { N = 256 };
    double a[N], b[N], c[N], t = 0;
    for (int i = 0; i < N; i++) a[i] = i;
#pragma acc parallel loop gang copyin(a) copyout(b, c)
    for (int i = 0; i < N; i++) {
        b[i] = scale_host(a[i]);
        c[i] = offset_host(a[i]);
    }
#pragma acc parallel copyin(a) copy(t)
    t = total(a, N);
    double sb = 0, sc = 0, hb = 0, hc = 0;
    for (int i = 0; i < N; i++) {
        sb += b[i];
        sc += c[i];
        hb += scale_host(a[i]);
        hc += offset_host(a[i]);
    }
    printf("device %.0f %.0f %.0f host %.0f %.0f\n", sb, sc, t, hb, hc);
    return 0;
}
