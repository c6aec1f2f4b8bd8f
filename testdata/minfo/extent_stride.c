// minfo -acc=gpu -Minfo=accel
// Implicit sections of linearised subscripts with symbolic strides:
// m[i*n + j] with 0 <= j < n reaches m[0] to m[n*n - 1] (the stride is
// positive since it exceeds j), as depend's delinearisation splits it.
void square(int n, const double *restrict a, double *restrict m) {
#pragma acc parallel loop collapse(2) // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(a[:n*n]) [if not already present]" remark:"Generating implicit copy(m[:n*n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) // want remark:"  /* collapsed */"
            m[i * n + j] = a[j * n + i];
}

void shifted(int n, double *restrict m) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(m[:n*n]) [if not already present]"
    for (int i = 1; i <= n; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            m[(i - 1) * n + j] *= 2;
}

void triangle(int n, double *restrict t, double *restrict u) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(t[:n*n]) [if not already present]" remark:"Generating implicit copy(u[:n*n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = i; j < n; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            t[i * n + j] += 1;
            u[j * n + i] = 0;
        }
}

void cube(int n, int p, float *restrict c) {
#pragma acc parallel loop collapse(3) // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(c[:n*n*p]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) collapse(3) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) // want remark:"  /* collapsed */"
            for (int k = 0; k < p; k++) // want remark:"  /* collapsed */"
                c[i * n * p + j * p + k] = 0;
}

void offset(int n, int w, int off, double *restrict b) {
#pragma acc parallel loop // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(b[off:n*w]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < w; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            b[off + i * w + j] = 1;
}
