// minfo -acc=gpu -Minfo=accel
// The -Minfo=accel feedback of compute constructs: kernels, loop
// schedules with their CUDA mapping, reductions and data movement.
#define N 1024
double a[N][N], b[N][N];

double sweep(int n, float *x, float *y) {
    double err = 0;
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copy(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        y[i] += x[i];
#pragma acc parallel loop collapse(2) reduction(max:err) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(max:err)" remark:"Generating implicit copyin(a[:][:]) [if not already present]" remark:"Generating implicit copy(b[:][:]) [if not already present]"
    for (int i = 1; i < N - 1; i++) // want remark:"#pragma acc loop gang, vector(128) collapse(2) /* blockIdx.x threadIdx.x */" remark:"Generating reduction(max:err)"
        for (int j = 1; j < N - 1; j++) { // want remark:"  /* collapsed */"
            b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
            err = err > b[i][j] - a[i][j] ? err : b[i][j] - a[i][j];
        }
#pragma acc parallel loop gang num_workers(4) // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copyin(b[:][:]) [if not already present]" remark:"Generating implicit copy(a[:][:]) [if not already present]"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop worker
        for (int j = 0; j < N; j++) // want remark:"#pragma acc loop worker(4) /* threadIdx.y */"
            a[i][j] = b[i][j];
    }
#pragma acc kernels copy(y[0:n]) // want remark:"Generating copy(y[:n]) [if not already present]"
    for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of y prevents parallelization" remark:"  y[i] written at line 26, y[i - 1] read at line 26: distance 1, direction (<)"
        y[i] = y[i - 1] + 1;
    return err;
}
