// minfo -acc=gpu -Minfo=accel
// Automatic parallelisation of kernels loops (the depend pass): loops the
// dependence tests prove independent run in parallel ("Loop is
// parallelizable"); the others run sequentially with NVHPC's reason.
#define N 64
float g1[N], g2[N], m1[N][N], m2[N][N];

void vec(int n, float *x, float *y, float *restrict rx, float *restrict ry, int *idx) {
    float t, u = 0;
#pragma acc kernels copyin(x[0:n], idx[0:n]) copy(y[0:n], rx[0:n], ry[0:n]) // want remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copyin(idx[:n]) [if not already present]" remark:"Generating copy(y[:n]) [if not already present]" remark:"Generating copy(rx[:n]) [if not already present]" remark:"Generating copy(ry[:n]) [if not already present]" remark:"Generating implicit copy(n) [if not already present]" remark:"Generating implicit copy(u) [if not already present]"
    {
        // x and y may overlap
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when x and y do not overlap at run time, else kernel vec_13_seq_gpu runs it sequentially" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            y[i] = 2 * x[i];
        // restrict: no overlap
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            ry[i] = rx[i] + 1;
        // a recurrence
        for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of ry prevents parallelization" remark:"  ry[i] written at line 20, ry[i - 1] read at line 20: distance 1, direction (<)"
            ry[i] = ry[i - 1] + rx[i];
        // t is written before it is read: private
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t = rx[i] * 2;
            ry[i] = t * t;
        }
        // a running sum carried from one iteration to the next
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for u at line 28,29"
            u = u + rx[i];
            ry[i] = u;
        }
        // an indirect store may hit any element
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of ry prevents parallelization" remark:"  ry[idx[i]] written at line 33, ry[idx[i]] written at line 33"
            ry[idx[i]] = rx[i];
        // an early exit: not a loop construct
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            if (rx[i] < 0)
                break;
            ry[i] = 0;
        }
        // the body changes the bound
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            ry[i] = 1;
            if (ry[0] > 5)
                n--;
        }
    }
}

void grids(int n, float *restrict a, float *restrict b) {
#pragma acc kernels copyin(a[0:n*n]) copyout(b[0:n*n]) // want remark:"Generating copyin(a[:n*n]) [if not already present]" remark:"Generating copyout(b[:n*n]) [if not already present]"
    // a linearised transpose: [i][j] and [j][i]
    for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            b[i * n + j] = a[j * n + i];
#pragma acc kernels // want remark:"Generating implicit copy(m1[:][:]) [if not already present]" remark:"Generating implicit copyin(m2[:][:]) [if not already present]"
    // rows are independent
    for (int i = 1; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        // each element needs its left neighbour
        for (int j = 1; j < N; j++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of m1 prevents parallelization" remark:"  m1[i][j] written at line 60, m1[i][j - 1] read at line 60: distance 1, direction (=,<)"
            m1[i][j] = m1[i][j - 1] + m2[i - 1][j];
#pragma acc kernels // want remark:"Generating implicit copy(m1[:][:]) [if not already present]"
    // each row needs the row before it
    for (int i = 1; i < N; i++) // want remark:"Loop carried dependence of m1 prevents parallelization" remark:"  m1[i][j] written at line 66, m1[i - 1][j] read at line 66: distance 1, direction (<,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body" remark:"Loop runs in one block of 1024 threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most 16 iterations"
        // within one gang: the rows wait for each other
        for (int j = 0; j < N; j++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            m1[i][j] = m1[i - 1][j] * 0.5f;
#pragma acc kernels // want remark:"Generating implicit copyin(g2[:]) [if not already present]" remark:"Generating implicit copy(g1[:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        g1[i] = g2[i] + g1[i];
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(g1[:]) [if not already present]" remark:"Generating implicit copy(g2[:]) [if not already present]"
    {
#pragma acc loop auto
        for (int i = 1; i < N; i++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of g1 prevents parallelization" remark:"  g1[i] written at line 74, g1[i - 1] read at line 74: distance 1, direction (<)"
            g1[i] = g1[i - 1] + 1;
#pragma acc loop auto
        for (int i = 0; i < N; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            g2[i] = g1[i];
    }
}

double sums(int n, const double *restrict v) {
    double s = 0, hi = -1e300, lo = 1e300, p = 1;
    int odd = 0;
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating reduction(+:s)" remark:"Generating reduction(max:hi)" remark:"Generating reduction(min:lo)" remark:"Generating reduction(+:odd)" remark:"Generating reduction(*:p)" remark:"Generating copyin(v[:n]) [if not already present]"
    {
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:s)"
            s += v[i];
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:hi)" remark:"Generating reduction(min:lo)"
            if (v[i] > hi)
                hi = v[i];
            lo = lo < v[i] ? lo : v[i];
        }
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(+:odd)" remark:"Generating reduction(*:p)"
            odd = odd + (i & 1);
            p *= v[i];
        }
    }
    return s + hi + lo + p + odd;
}

// A reduction of a gang loop combines across the whole construct: a
// variable that another loop of the construct reads is no reduction.
double mixed(int n, const double *restrict v) {
    double s = 0, last = 0;
#pragma acc kernels copyin(v[0:n]) // want remark:"Generating copyin(v[:n]) [if not already present]" remark:"Generating implicit copy(s) [if not already present]" remark:"Generating implicit copy(last) [if not already present]"
    {
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s at line 108"
            s += v[i];
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for s at line 110,111"
            s += v[i];
            last = s;
        }
    }
    return s + last;
}

// A time-step loop carries a dependence but holds parallel loops: the
// host runs it, launching its loops as kernels in every iteration; the
// scalar e, assigned first in each iteration of the inner loops, is
// private to them (nothing reads it after the construct).
void steps(int n, int nsteps, float *restrict u, float *restrict w) {
    int t;
    float e;
#pragma acc kernels copy(u[0:n]) create(w[0:n]) // want remark:"Generating copy(u[:n]) [if not already present]" remark:"Generating create(w[:n]) [if not already present]"
    for (t = 0; t < nsteps; t++) { // want remark:"Loop carried dependence of w,u prevents parallelization" remark:"  w[i] written at line 128, w[i] written at line 128: direction (!=,=)" remark:"Loop runs on the host: each iteration launches the kernels of its body"
        for (int i = 1; i < n - 1; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            e = u[i - 1] + u[i + 1];
            w[i] = 0.5f * e;
        }
        for (int i = 1; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            u[i] = w[i];
    }
}

// An array the construct only reads is copied in, not back; a store
// through a pointer that may point into it keeps the copy.
void readonly(int n, float *p, float *restrict q) {
#pragma acc parallel loop copy(q[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(q[:64]) [if not already present]" remark:"Generating implicit copyin(g1[:]) [if not already present]" remark:"Generating implicit copyin(m1[:][:]) [if not already present]" warning:"'q' is copied to and from the device but the construct writes every element before reading it; copyout(q[:64]) would skip the copy to the device"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        q[i] = g1[i] + m1[i][0];
#pragma acc parallel loop copy(p[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(p[:64]) [if not already present]" remark:"Generating implicit copy(g1[:]) [if not already present]" remark:"Generating implicit copy(m1[:][:]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        p[i] = g1[i] + m1[i][0];
}

// A scalar written before it is read in every iteration would be private,
// but the function reads its last value after the construct.
float lastval(int n, const float *restrict a, float *restrict b) {
    float t = 0;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copy(t) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for t at line 155"
        t = a[i] * 2;
        b[i] = t;
    }
    return t;
}
