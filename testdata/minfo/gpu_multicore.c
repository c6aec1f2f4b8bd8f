// minfo -acc=gpu,multicore -Minfo=accel
// -acc=gpu,multicore: each compute construct and routine reports its GPU
// code and its multicore code; a loop schedule that differs on multicore
// follows the GPU's, marked; the remarks the two builds share (data,
// reductions, sequential loops) come once.
#pragma acc routine seq
double twice(double x) { return 2 * x; } // want remark:"Generating acc routine seq" remark:"Generating NVIDIA GPU code" remark:"Generating Multicore code"

double sweep(int n, float *x, float *y) {
    double s = 0;
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n]) reduction(+:s) // want remark:"Generating NVIDIA GPU code" remark:"Generating Multicore code" remark:"Generating reduction(+:s)" remark:"Generating copyin(x[:n]) [if not already present]" remark:"Generating copy(y[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */" remark:"#pragma acc loop gang /* multicore */" remark:"Generating reduction(+:s)"
        y[i] += twice(x[i]);
        s += y[i];
    }
#pragma acc kernels copy(y[0:n]) // want remark:"Generating copy(y[:n]) [if not already present]"
    for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Generating Multicore code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of y prevents parallelization" remark:"  y[i] written at line 18, y[i - 1] read at line 18: distance 1, direction (<)"
        y[i] = y[i - 1] + 1;
    return s;
}
