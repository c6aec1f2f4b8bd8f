// fatal
// stderr: FATAL ERROR: data in PRESENT clause was not found on device
/* declare present in a function (OpenACC 3.4 §2.13, §2.7.6): the check
   happens when the function is entered; the first call, inside the
   caller's data region, is fine; the second, after it, is an error. */
#include <stdio.h>
#define N 100
double a[N];

static double sum(double *p, int n) {
#pragma acc declare present(p[0:n])
    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = i;
    double s;
#pragma acc data copyin(a)
    {
        s = sum(a, N);
    }
    printf("first call %.1f\n", s);
    s = sum(a, N);
    printf("unreachable %.1f\n", s);
    return 0;
}
