// minfo -acc=gpu -Minfo=accel
// The cache directive (OpenACC 3.4 §2.10) heads a loop body; -Minfo says
// what serves the references it names. readonly items the region writes
// get a warning.
#define N 1000
void f(const double *restrict a, double *restrict b, double *restrict c) {
#pragma acc parallel loop copyin(a[0:N]) copyout(b[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(a[:1000]) [if not already present]" remark:"Generating copyout(b[:1000]) [if not already present]"
    for (int i = 1; i < N - 1; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
#pragma acc cache(readonly: a[i-1:3]) // want remark:"Cached references to a[i-1:3] served by the read-only data cache (not staged in shared memory)"
        b[i] = a[i - 1] + a[i] + a[i + 1];
    }
#pragma acc parallel loop copy(c[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(c[:1000]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
#pragma acc cache(c[i:1]) // want remark:"Cached references to c[i:1] served by the L1 data cache (not staged in shared memory)"
        c[i] = 2 * c[i];
    }
#pragma acc parallel loop copy(c[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(c[:1000]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
#pragma acc cache(readonly: c[i:1]) // want warning:"cache(readonly: c[i:1]) names 'c', which the compute region writes" remark:"Cached references to c[i:1] served by the L1 data cache (not staged in shared memory)"
        c[i] += 1;
    }
}
