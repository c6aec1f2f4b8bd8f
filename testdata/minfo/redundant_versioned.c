// minfo -acc=gpu -Minfo=accel
// Loop versioning in the gang-redundant code of a parallel construct
// (§2.5.1): a loop without a directive that only possible aliasing
// between pointers keeps sequential runs over the gang's vector lanes
// when a run-time test finds their data apart (present blocks for
// pointers without a section of their own, the sections otherwise), and
// in a copy of the kernel with that loop sequential when not. Where the
// host cannot tell the ranges (deviceptr), or the construct reduces over
// its gangs, the loop stays sequential and says why.
#include <math.h>
#define N 64

void columns(int n, double A[N][N], double Q[N][N], double R[N][N]) {
    double nrm;
#pragma acc data present(A, Q, R) // want remark:"Generating present(A[:])" remark:"Generating present(Q[:])" remark:"Generating present(R[:])"
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(A[:])" remark:"Generating implicit present(R[:])" remark:"Generating implicit present(Q[:])"
    {
        for (int k = 0; k < n; k++) { // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of A->,R-> prevents parallelization"
            nrm = 0;
            for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:nrm)"
                nrm += A[i][k] * A[i][k];
            R[k][k] = sqrt(nrm);
            for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"Loop versioned: parallel when A and Q, Q and R do not overlap at run time, else kernel columns_16_seq_gpu runs it sequentially" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                Q[i][k] = A[i][k] / R[k][k];
            for (int j = k + 1; j < n; j++) { // want remark:"Loop is parallelizable" remark:"Loop versioned: parallel when Q and R, A and R, A and Q do not overlap at run time, else kernel columns_16_seq_gpu runs it sequentially" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                R[k][j] = 0;
                for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of Q->,R-> prevents parallelization"
                    R[k][j] += Q[i][k] * A[i][j];
                for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                    A[i][j] = A[i][j] - Q[i][k] * R[k][j];
            }
        }
    }
}

void sections(int n, const double *x, double *y) {
#pragma acc parallel present(x[0:n], y[0:n]) // want remark:"Generating NVIDIA GPU code" remark:"Generating present(x[:n])" remark:"Generating present(y[:n])"
    for (int i = 0; i < n; i++) // want remark:"Loop is parallelizable" remark:"Loop versioned: parallel when x and y do not overlap at run time, else kernel sections_37_seq_gpu runs it sequentially" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
        y[i] = 2 * x[i];
}

void devptr(int n, const double *x, double *y) {
#pragma acc parallel deviceptr(x, y) // want remark:"Generating NVIDIA GPU code"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of x->,y-> prevents parallelization" remark:"  if x and y never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel"
        y[i] = 2 * x[i];
}

void gangsum(int n, const double *x, double *y, double *s) {
    double t = 0;
#pragma acc parallel present(x[0:n], y[0:n]) reduction(+:t) // want remark:"Generating NVIDIA GPU code" remark:"Generating reduction(+:t)" remark:"Generating present(x[:n])" remark:"Generating present(y[:n])"
    {
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of x->,y-> prevents parallelization" remark:"  if x and y never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel"
            y[i] = 2 * x[i];
#pragma acc loop gang reduction(+:t)
        for (int i = 0; i < n; i++) // want remark:"#pragma acc loop gang /* blockIdx.x */" remark:"Generating reduction(+:t)"
            t += y[i];
    }
    s[0] = t;
}

// A kernels construct tests the present blocks of such pointers alike.
void kcopy(int n, double A[N][N], double Q[N][N]) {
#pragma acc data present(A, Q) // want remark:"Generating present(A[:])" remark:"Generating present(Q[:])"
#pragma acc kernels // want remark:"Generating implicit present(A[:])" remark:"Generating implicit present(Q[:])"
    for (int i = 1; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"Loop versioned: parallel when A and Q do not overlap at run time, else kernel kcopy_65_seq_gpu runs it sequentially" remark:"#pragma acc loop gang /* blockIdx.x */"
        for (int j = 0; j < n; j++) // want remark:"Loop is parallelizable" remark:"Loop versioned: parallel when A and Q do not overlap at run time, else kernel kcopy_65_seq_gpu runs it sequentially" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
            Q[i][j] = A[i - 1][j] + 1;
}

// A pointer to row pointers reaches rows outside its block: no test.
void rows(int n, double **a, double **b) {
#pragma acc data present(a, b) // want remark:"Generating present(a[:])" remark:"Generating present(b[:])"
#pragma acc parallel // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit present(b[:])" remark:"Generating implicit present(a[:])"
    for (int i = 0; i < n; i++) // want remark:"#pragma acc loop seq" remark:"Complex loop carried dependence of a->,b-> prevents parallelization" remark:"  if a and b never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel"
        a[i][0] = b[i][0];
}

