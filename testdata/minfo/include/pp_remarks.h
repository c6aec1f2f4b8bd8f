/* Used by preprocessed.c: -Minfo remarks of a directive in a header name
   the header and its line. */
static inline void pp_fill(float *x, int n, float v) {
#pragma acc parallel loop copyout(x[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyout(x[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        x[i] = v;
}
