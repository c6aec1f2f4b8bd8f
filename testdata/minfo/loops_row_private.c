// minfo -acc=gpu -Minfo=accel
// A row loop around a column loop, with a temporary the column loop
// privatises and the row loop assigns again after it: the value the
// column loop leaves is dead, so both loops run in parallel; the row's
// first and last elements, a[i*m] and a[i*m + m-1], are row i's, since
// the column loop runs at least once where it writes a[i*m + j].
void rows(int n, int m, const double *restrict in, double *restrict out, double *restrict row) {
    double t;
#pragma acc kernels copyin(in[0:n*m]) copyout(out[0:n*m], row[0:n]) // want remark:"Generating copyin(in[:n*m]) [if not already present]" remark:"Generating copyout(out[:n*m]) [if not already present]" remark:"Generating copyout(row[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < m; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            t = in[i * m + j] - 1;
            out[i * m + j] = t * t;
        }
        t = out[i * m] + out[i * m + m - 1];
        row[i] = t;
    }
}

// The temporary is read after the column loop before it is assigned
// again: the column loop needs its last value.
void last(int n, int m, const double *restrict in, double *restrict out, double *restrict row) {
    double t;
#pragma acc kernels copyin(in[0:n*m]) copyout(out[0:n*m], row[0:n]) // want remark:"Generating copyin(in[:n*m]) [if not already present]" remark:"Generating copyout(out[:n*m]) [if not already present]" remark:"Generating copyout(row[:n]) [if not already present]" remark:"Generating implicit copy(t) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for t at line 28,30"
        for (int j = 0; j < m; j++) { // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for t at line 30"
            t = in[i * m + j] - 1;
            out[i * m + j] = t * t;
        }
        row[i] = t;
        t = 0;
    }
}
