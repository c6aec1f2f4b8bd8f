// minfo -acc=gpu -Minfo=accel
// The -Minfo=accel feedback of routines (OpenACC 3.4 §2.15.1): each
// device version, its level and its loops, as NVHPC reports them, and the
// implicit routine seq of a function device code calls.
double half(double x) { return 0.5 * x; } // want remark:"Generating implicit acc routine seq" remark:"Generating NVIDIA GPU code"

#pragma acc routine vector
double dot(const double *a, const double *b, int n) // want remark:"Generating acc routine vector" remark:"Generating NVIDIA GPU code"
{
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop vector /* threadIdx.x */" remark:"Generating reduction(+:s)"
        s += a[i] * b[i];
    return s;
}

#pragma acc routine seq
double norm1(const double *a, int n) // want remark:"Generating acc routine seq" remark:"Generating NVIDIA GPU code"
{
    double s = 0;
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq"
        s += a[i] < 0 ? -a[i] : a[i];
    return s;
}

void rows(int m, int n, const double *a, double *out) {
#pragma acc parallel loop gang copyin(a[0:m*n]) copyout(out[0:m]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:m*n]) [if not already present]" remark:"Generating copyout(out[:m]) [if not already present]"
    for (int r = 0; r < m; r++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        out[r] = dot(a + r * n, a + r * n, n);
        out[r] = half(out[r]) + norm1(a + r * n, n);
    }
}
