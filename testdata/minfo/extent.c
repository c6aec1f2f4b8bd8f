// minfo -acc=gpu -Minfo=accel
// Extent inference: a pointer without a data clause maps the elements its
// subscripts reach over the loops' bounds (NVHPC's implicit sections):
// copyin when the construct only reads them, copyout when one
// unconditional store per iteration of a unit-step loop writes them all,
// else copy.
void smooth(int n, const float *restrict a, float *restrict b, float *restrict c, float *restrict d) {
#pragma acc kernels // want remark:"Generating implicit copyin(a[:n]) [if not already present]" remark:"Generating implicit copy(b[:n]) [if not already present]" remark:"Generating implicit copy(c[:n]) [if not already present]" remark:"Generating implicit copyout(d[:n-1]) [if not already present]"
    {
        for (int i = 1; i < n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            c[i] += b[i] * 2;
        for (int i = 2; i <= n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            d[i - 2] = 1;
    }
}

void tri(int n, int off, double *restrict m) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(m[off:4096]) [if not already present]"
    for (int i = 0; i < 64; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j <= i; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            m[i * 64 + j + off] = i - j;
}

void rows(int n, float (*restrict r)[16], float *restrict s) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(r[:n]) [if not already present]" remark:"Generating implicit copyout(s[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        float t = 0;
        for (int k = 0; k < 16; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
            t += r[i][k];
        s[i] = t;
    }
}

// A parameter declared as an array has the rows its declaration gives.
#define ROWS 100
void sized(int n, double A[ROWS][8], double v[n]) {
#pragma acc parallel loop copy(A) copyin(v) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(A[:100][:8]) [if not already present]" remark:"Generating copyin(v[:n]) [if not already present]"
    for (int i = 0; i < ROWS; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        A[i][0] += v[i % n];
}
