// minfo -acc=gpu -Minfo=accel
// The level of an implicit routine (OpenACC 3.4 §2.15.1): a function device
// code calls without a routine directive is a routine of the coarsest level
// its loop directives and the routines it calls name, seq when none.
double dot(const double *a, const double *b, int n) // want remark:"Generating implicit acc routine vector" remark:"Generating NVIDIA GPU code"
{
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop vector /* threadIdx.x */" remark:"Generating reduction(+:s)"
        s += a[i] * b[i];
    return s;
}

void scale(double *a, int n, double f) // want remark:"Generating implicit acc routine worker" remark:"Generating NVIDIA GPU code"
{
#pragma acc loop worker
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop worker /* threadIdx.y */"
        a[i] *= f;
}

/* No loops of its own: the level of the routines it calls. */
double scaled_dot(double *a, const double *b, int n) // want remark:"Generating implicit acc routine worker" remark:"Generating NVIDIA GPU code"
{
    scale(a, n, 2.0);
    double d = dot(a, b, n);
    return d;
}

/* Loops without a level clause leave it seq. */
double sum(const double *a, int n) // want remark:"Generating implicit acc routine seq" remark:"Generating NVIDIA GPU code"
{
    double s = 0;
#pragma acc loop seq
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq"
        s += a[i];
    return s;
}

void rows(int m, int n, double *a, const double *b, double *out) {
#pragma acc parallel loop gang copy(a[0:m*n]) copyin(b[0:m*n]) copyout(out[0:m]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:m*n]) [if not already present]" remark:"Generating copyin(b[:m*n]) [if not already present]" remark:"Generating copyout(out[:m]) [if not already present]"
    for (int r = 0; r < m; r++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double d = scaled_dot(a + r * n, b + r * n, n);
        out[r] = d + sum(b + r * n, n);
    }
}
