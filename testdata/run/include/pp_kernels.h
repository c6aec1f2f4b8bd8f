/* Used by pp_headers.c: directives in a header's functions (OpenACC §2.1:
   a directive is wherever the preprocessor delivers it). */
#ifndef PP_KERNELS_H
#define PP_KERNELS_H

#define PP_SCALE 3

/* A compute construct in a static inline function. */
static inline void pp_scale(float *x, int n) {
#pragma acc parallel loop present(x[0:n])
    for (int i = 0; i < n; i++)
        x[i] = x[i] * PP_SCALE;
}

/* A routine defined in the header, called from the main file's kernels. */
#pragma acc routine seq
static inline float pp_square(float v) { return v * v; }

/* Data directives in a header. */
static inline void pp_to_device(float *x, int n) {
#pragma acc enter data copyin(x[0:n])
}
static inline void pp_from_device(float *x, int n) {
#pragma acc exit data copyout(x[0:n])
}
#endif
