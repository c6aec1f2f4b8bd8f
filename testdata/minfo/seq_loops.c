// minfo -acc=gpu -Minfo=accel
// -Minfo reports every loop of a compute region, as NVHPC does. Loops
// without a loop directive inside a partitioned loop are the compiler's
// to schedule (autopar): the k loop below, a sum, becomes a vector loop
// with a reduction, taking the vector level from the loop around it; one
// shorter than a warp, or not canonical (the while loop), runs
// sequentially in each thread, reported as "#pragma acc loop seq"; a
// sequential loop around partitioned loops is reported too, with the
// dependence that keeps it sequential (the t loop stays in the kernel:
// each iteration i touches a[i] only, opt/columnloops.go).
#define N 256
void f(double *a, int n, int steps) {
#pragma acc parallel loop copy(a[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:256]) [if not already present]" warning:"'a' is copied to and from the device but the construct writes every element before reading it; copyout(a[:256]) would skip the copy to the device"
    for (int i = 0; i < N; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
        double s = 0;
        for (int k = 0; k < n; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:s)"
            for (int m = 0; m < 4; m++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                s += k * m;
        int j = 0;
        while (j < 3) // want remark:"#pragma acc loop seq"
            j++;
        a[i] = s + j;
    }
#pragma acc parallel copy(a[0:N]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:256]) [if not already present]"
    for (int t = 0; t < steps; t++) { // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 28, a[i] read at line 28: direction (!=,=)"
#pragma acc loop gang vector
        for (int i = 0; i < N; i++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] += 1;
    }
}
