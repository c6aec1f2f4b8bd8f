// minfo -acc=gpu,noautopar -Minfo=accel
// -acc=noautopar (nvc): loops without a directive inside a loop of a
// parallel construct run sequentially in each thread, as written; with
// the default (autopar) the j loop below would be a vector loop.
void mm(int n, const double *restrict a, const double *restrict b, double *restrict c) {
#pragma acc parallel loop copyin(a[0:n*n], b[0:n*n]) copy(c[0:n*n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:n*n]) [if not already present]" remark:"Generating copyin(b[:n*n]) [if not already present]" remark:"Generating copy(c[:n*n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < n; j++) { // want remark:"#pragma acc loop seq"
            double s = 0;
            for (int k = 0; k < n; k++) // want remark:"#pragma acc loop seq"
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] += s;
        }
}
