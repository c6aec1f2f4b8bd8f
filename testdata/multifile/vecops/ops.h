/* The routines ops.c defines, declared for every file that calls them on
   the device (OpenACC 3.4 §2.15.1: the routine directive on the
   prototype), and the table ops.c keeps on the device (declare). */
#ifndef OPS_H
#define OPS_H

#pragma acc routine seq
double poly(double x);

#pragma acc routine vector
double rowsum(const double *a, int n);

extern double coef[4];

/* A helper each file compiles for itself: implicitly routine seq where
   device code calls it. */
static inline double clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* A vector routine defined in the header: each file that calls it on
   the device gets its own device version. */
#pragma acc routine vector
static inline double rowmax(const double *a, int n)
{
    double m = a[0];
#pragma acc loop vector reduction(max:m)
    for (int j = 1; j < n; j++)
        m = a[j] > m ? a[j] : m;
    return m;
}

#endif
