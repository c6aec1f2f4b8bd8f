#include "ops.h"

double coef[4] = {1.0, 0.5, 0.25, 0.125};
#pragma acc declare copyin(coef)

double poly(double x) { return 1.0 + x * (2.0 + x); }

double rowsum(const double *a, int n)
{
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < n; j++)
        s += a[j];
    return s;
}
