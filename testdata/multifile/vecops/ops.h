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

#endif
