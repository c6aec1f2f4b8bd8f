// minfo -acc=gpu -Minfo=accel
// Directives are found and reported where the preprocessor delivers them:
// in a header (include/pp_remarks.h has its own want annotations), with
// macros in the directive replaced by the definition in force there, and
// from _Pragma in a function-like macro, reported at the macro's use.
#include "include/pp_remarks.h"
#define LEN 16
#define ACC(x) _Pragma(#x)
#define COPY_LOOP(a, n) ACC(acc parallel loop copy(a[0:n]))

void use(float *y, float *z) {
    pp_fill(y, 100, 1.0f);
#pragma acc parallel loop copy(z[0:LEN]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(z[:16]) [if not already present]"
    for (int i = 0; i < LEN; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        z[i] += 1;
#undef LEN
#define LEN 32
    COPY_LOOP(y, LEN) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(y[:32]) [if not already present]"
    for (int i = 0; i < LEN; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        y[i] *= 2;
}
