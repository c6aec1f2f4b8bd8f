// minfo -acc=gpu -Minfo=accel
// Loops without a directive in the gang-redundant code of a parallel
// construct (outside every gang loop, §2.5.1: each gang runs that code)
// are the compiler's to schedule, as NVHPC's autopar does: proven
// independent, they spread over the gang's vector lanes (and its workers
// when the construct has num_workers), never over the gangs; a sum
// becomes a vector reduction into the gang's copy. Loops the tests do not
// prove stay sequential, with the reason.
#include <math.h>
#define NI 64
#define NJ 64
double A[NI][NJ], R[NJ][NJ], Q[NI][NJ];

void gramschmidt(void) {
    double nrm;
#pragma acc parallel copy(A, Q, R) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(A[:][:]) [if not already present]" remark:"Generating copy(Q[:][:]) [if not already present]" remark:"Generating copy(R[:][:]) [if not already present]"
    {
        for (int k = 0; k < NJ; k++) { // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of A prevents parallelization" remark:"  A[i][j] written at line 30, A[i][k] read at line 21: direction (!=)"
            nrm = 0;
            for (int i = 0; i < NI; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */" remark:"Generating reduction(+:nrm)"
                nrm += A[i][k] * A[i][k];
            R[k][k] = sqrt(nrm);
            for (int i = 0; i < NI; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                Q[i][k] = A[i][k] / R[k][k];
            for (int j = k + 1; j < NJ; j++) { // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                R[k][j] = 0;
                for (int i = 0; i < NI; i++) // want remark:"#pragma acc loop seq" remark:"Loop carried dependence of R prevents parallelization" remark:"  R[k][j] written at line 28, R[k][j] read at line 28: direction (=,=,!=)"
                    R[k][j] += Q[i][k] * A[i][j];
                for (int i = 0; i < NI; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop seq"
                    A[i][j] = A[i][j] - Q[i][k] * R[k][j];
            }
        }
    }
}

void workers(double *restrict x, const double *restrict y) {
#pragma acc parallel num_workers(4) copy(x[0:NI*NJ]) copyin(y[0:NI*NJ]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(x[:64*64]) [if not already present]" remark:"Generating copyin(y[:64*64]) [if not already present]"
    for (int i = 0; i < NI; i++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop worker(4) /* threadIdx.y */"
        for (int j = 0; j < NJ; j++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(32) /* threadIdx.x */"
            x[i * NJ + j] += y[i * NJ + j];
}

void last_value(double *restrict x, double *restrict out) {
    double t = 0;
#pragma acc parallel copy(x[0:NI], out[0:1]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(x[:64]) [if not already present]" remark:"Generating copy(out[:1]) [if not already present]"
    {
        for (int i = 0; i < NI; i++) { // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for t at line 51"
            t = x[i] * 2;
            x[i] = t;
        }
        out[0] = t;
    }
}
