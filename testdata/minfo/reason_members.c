// minfo -acc=gpu -Minfo=accel
// A reason names a struct member as the program does (s.n), never by the
// variable that stands for the member in kernel code.
struct S { int n; double x; };

int member(double *a, int m) {
    struct S s = {0, 0};
#pragma acc kernels copy(s.n) copy(a[0:m]) // want remark:"Generating copy(a[:m]) [if not already present]" remark:"Generating copy(s.n) [if not already present]"
    for (int i = 0; i < m; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for s.n"
        s.n = i;
        a[i] += s.n;
    }
    return s.n;
}
