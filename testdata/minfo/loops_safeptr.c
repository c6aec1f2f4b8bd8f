// minfo -acc=gpu -Minfo=accel -Msafeptr
// Dependence-analysis corpus, -Msafeptr: pointers are assumed not to alias
// one another (nor global arrays), so loops that are only held back by
// possible overlap run in parallel; dependences within one array remain.
#define N 64
float g1[N];

void safe(int n, float *x, float *y, int *idx) {
#pragma acc kernels copy(x[0:n]) copyin(idx[0:n]) copyout(y[0:n]) // want remark:"Generating copy(x[:n]) [if not already present]" remark:"Generating copyin(idx[:n]) [if not already present]" remark:"Generating copyout(y[:n]) [if not already present]" remark:"Generating implicit copy(g1[:]) [if not already present]"
    {
        // two pointers without restrict: no overlap under -Msafeptr
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            y[i] = x[i] * 2;
        // a pointer and a global array
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            g1[i] = x[i] + 1;
        // a recurrence through one pointer is still carried
        for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of y prevents parallelization" remark:"  y[i] written at line 19, y[i - 1] read at line 19: distance 1, direction (<)"
            y[i] = y[i - 1] + x[i];
        // an indirect store may still hit any element
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of y prevents parallelization" remark:"  y[idx[i]] written at line 22, y[idx[i]] written at line 22"
            y[idx[i]] = x[i];
        // stores through two pointers
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            x[i] = 1;
            y[i] = 2;
        }
    }
}
