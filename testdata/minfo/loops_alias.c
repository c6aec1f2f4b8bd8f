// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: aliasing. Two pointers may reach the same
// data unless one of them is restrict (C11 6.7.3.1: an object modified
// through one restrict pointer is reached through no other name); a
// pointer may point into a global array; distinct arrays never overlap.
#define N 64
float g1[N], g2[N];

void no_restrict(int n, float *x, float *y) {
#pragma acc kernels copyin(x[0:n]) copy(y[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copy(y[:n]) [if not already present]" remark:"Generating implicit copy(g1[:]) [if not already present]"
    {
        // two pointers, neither restrict: y may overlap x shifted by one element
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when x and y do not overlap at run time, else kernel no_restrict_13_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            y[i] = x[i] * 2;
        // one pointer only: its own elements, independent
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            y[i] = y[i] + 1;
        // only read through the pointers, but the store to g1 may hit what x or y points to
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when g1 and x, g1 and y do not overlap at run time, else kernel no_restrict_19_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g1[i] = x[i] + y[i];
    }
}

void restrict_written(int n, const float *x, float *restrict y) {
    // the written pointer is restrict
#pragma acc kernels copyin(x[0:n]) copyout(y[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copyout(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        y[i] = x[i] * 2;
}

void restrict_read(int n, const float *restrict x, float *y) {
    // only the read pointer is restrict: what y modifies cannot be read through x
#pragma acc kernels copyin(x[0:n]) copyout(y[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copyout(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        y[i] = x[i] * 2;
}

void restrict_both(int n, const float *restrict x, float *restrict y) {
    // both restrict
#pragma acc kernels copyin(x[0:n]) copyout(y[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copyout(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        y[i] = x[i] * 2;
}

void two_stores(int n, float *x, float *y) {
    // stores through two pointers that may overlap
#pragma acc kernels copyout(x[0:n], y[0:n]) // want remark:"Generating copyout(x[:n]) [if not already present]" remark:"Generating copyout(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when x and y do not overlap at run time, else kernel two_stores_48_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        x[i] = 1;
        y[i] = 2;
    }
}

void pointer_global(float *p, float *restrict q) {
#pragma acc kernels copyin(p[0:N], q[0:N]) // want remark:"Generating copyin(p[:64]) [if not already present]" remark:"Generating copyin(q[:64]) [if not already present]" remark:"Generating implicit copy(g1[:]) [if not already present]" remark:"Generating implicit copyin(g2[:]) [if not already present]"
    {
        // a pointer without restrict may point into the global g1
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when g1 and p do not overlap at run time, else kernel pointer_global_58_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g1[i] = p[i] + 1;
        // a restrict pointer may not
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g1[i] = q[i] + 1;
        // two global arrays never overlap
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g1[i] = g2[i] + 1;
    }
}

void array_params(int n, float a[], const float b[]) {
    // array parameters are pointers: they may overlap
#pragma acc kernels copyin(b[0:n]) copyout(a[0:n]) // want remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyout(a[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when a and b do not overlap at run time, else kernel array_params_72_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        a[i] = b[i] + 1;
}

void local_array(const float *p) {
    float loc[N];
    // a local array of the function: a parameter cannot point into it
#pragma acc kernels copyin(p[0:N]) copyout(loc) // want remark:"Generating copyin(p[:64]) [if not already present]" remark:"Generating copyout(loc[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when loc and p do not overlap at run time, else kernel local_array_80_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        loc[i] = p[i] * 2;
    g2[0] = loc[N - 1];
}

// Not versioned: an auto loop of a parallel construct (the kernel is the
// whole construct) and a kernels loop with a reduction. The remark says
// which declaration would let the loop run in parallel.
void not_versioned(int n, float *x, float *y, float *s) {
#pragma acc parallel loop copyin(x[0:64*n]) copy(y[0:64*n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(x[:64*n]) [if not already present]" remark:"Generating copy(y[:64*n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
#pragma acc loop auto
        for (int j = 0; j < 64; j++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of x->,y-> prevents parallelization" remark:"  if x and y never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel"
            y[i * 64 + j] = x[i * 64 + j] * 2;
    }
    float t = 0;
#pragma acc kernels copyin(x[0:n]) copy(y[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copy(y[:n]) [if not already present]" remark:"Generating implicit copy(t) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of x->,y-> prevents parallelization" remark:"  if x and y never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel"
        y[i] = x[i] + 1;
        t += x[i];
    }
    s[0] = t;
}
