// run
/* Compute constructs that call routine nohost functions themselves
   (OpenACC 3.4 §2.15.1): the host file has no host version of them, so
   the host version of each construct, which the host runs for the if and
   self clauses or the host device type, stops with an error instead of
   calling them (the host file called the missing functions, which the
   linker rejected on -acc=gpu and emulate; found by FuzzBackend). The
   if clauses here hold, so the constructs run on the device. */
#include <stdio.h>
#define N 64

#pragma acc routine seq nohost
static double twice(double x) { return 2 * x; }

#pragma acc routine seq nohost
double norm1(const double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += twice(a[i] < 0 ? -a[i] : a[i]) / 2;
    return s;
}

int main(void) {
    double a[N], out[N], s = 0;
    int on = 1;
    for (int i = 0; i < N; i++) a[i] = i % 2 ? -i : i;
#pragma acc parallel loop copyin(a) copyout(out)
    for (int i = 0; i < N; i++) out[i] = twice(a[i]);
#pragma acc parallel loop copyin(a) reduction(+:s) if(on)
    for (int i = 0; i < N; i++) s += norm1(a, i + 1);
#pragma acc serial copyin(a) copy(out[0:1]) self(!on)
    out[0] = norm1(a, N);
#pragma acc kernels copyin(a) copy(out[1:2])
    {
        out[1] = twice(out[1]);
        out[2] = norm1(a + 1, 2);
    }
    printf("s %g out %g %g %g %g\n", s, out[0], out[1], out[2], out[N - 1]);
    return 0;
}
