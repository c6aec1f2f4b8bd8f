// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: loops whose form or control flow decides:
// subscripts that are not affine, indirect stores, while and do-while
// loops, early exits, calls to math functions, bounds or indices assigned
// in the body, steps other than one and downward loops.
#include <math.h>
#define N 64
float a1[N], b1[N], c1[N];
int ix[N];

void subscripts(int n, float *restrict a, const float *restrict b, const int *restrict idx) {
#pragma acc kernels copy(a[0:n*n]) copyin(b[0:n], idx[0:n]) // want remark:"Generating copy(a[:n*n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating copyin(idx[:n]) [if not already present]" remark:"Generating implicit copyin(b1[:]) [if not already present]" remark:"Generating implicit copy(a1[:]) [if not already present]" remark:"Generating implicit copy(c1[:]) [if not already present]" remark:"Generating implicit copyin(ix[:]) [if not already present]"
    {
        // an indirect store: idx may repeat
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[idx[i]] written at line 16, a[idx[i]] written at line 16"
            a[idx[i]] = b[i];
        // an indirect read, direct store: independent
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[idx[i]] * 2;
        // an indirect read of the array that is stored
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 22, a[idx[i]] read at line 22"
            a[i] = a[idx[i]] + 1;
        // a quadratic subscript (i*i is distinct for i >= 0, but not affine)
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * i] written at line 25, a[i * i] written at line 25"
            a[i * i] = b[i];
        // a subscript through % that wraps around
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a1 prevents parallelization" remark:"  a1[i * 5 % 16] written at line 28, a1[i * 5 % 16] read at line 28"
            a1[(i * 5) % 16] += b1[i];
        // a global index array read in a store's subscript
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of c1 prevents parallelization" remark:"  c1[ix[i]] written at line 31, c1[ix[i]] written at line 31"
            c1[ix[i]] = b1[i];
    }
}

void loop_forms(int n, float *restrict a, const float *restrict b) {
    int i, k;
#pragma acc kernels copy(a[0:n]) copyin(b[0:n]) // want remark:"Generating copy(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating implicit copy(i) [if not already present]" remark:"Generating implicit copy(k) [if not already present]"
    {
        // a while loop: no trip count
        i = 0; // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated"
        while (i < n) { // want remark:"#pragma acc loop seq"
            a[i] = b[i];
            i++;
        }
        // a do-while loop
        k = 0;
        do { // want remark:"#pragma acc loop seq"
            a[k] += 1;
            k++;
        } while (k < n);
        // an early exit
        for (int j = 0; j < n; j++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            if (b[j] < 0)
                break;
            a[j] = b[j];
        }
        // continue skips part of an iteration: still independent
        for (int j = 0; j < n; j++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            if (b[j] < 0)
                continue;
            a[j] = b[j] * 2;
        }
        // a break that leaves a switch, not the loop
        for (int j = 0; j < n; j++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            switch ((int)b[j]) {
            case 0:
                a[j] = 1;
                break;
            default:
                a[j] = 2;
                break;
            }
        }
    }
}

void inner_exit(float *restrict a) {
    // the inner loop exits early; the rows remain independent
#pragma acc kernels copy(a[0:N*N]) // want remark:"Generating copy(a[:64*64]) [if not already present]"
    for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i * 64 + j] written at line 81, a[i * 64 + j] read at line 81: direction (!=)"
        for (int j = 0; j < N; j++) { // want remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            if (a[i * N + j] < 0)
                break;
            a[i * N + j] = sqrtf(a[i * N + j]);
        }
}

void bodies(int n, float *restrict a, const float *restrict b) {
#pragma acc kernels copy(a[0:n]) copyin(b[0:n]) // want remark:"Generating copy(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]" remark:"Generating implicit copy(n) [if not already present]"
    {
        // math functions have no side effects
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = sqrt(b[i]) + fabs(b[i]) + exp(b[i]) + sinf(b[i]) + powf(b[i], 2);
        // the body lowers the bound
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            a[i] = b[i];
            if (a[i] > 100)
                n--;
        }
        // the body moves the index
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
            a[i] = b[i];
            if (b[i] == 0)
                i++;
        }
    }
}

void steps(int n, float *restrict a, const float *restrict b) {
#pragma acc kernels copy(a[0:n]) copyin(b[0:n]) // want remark:"Generating copy(a[:n]) [if not already present]" remark:"Generating copyin(b[:n]) [if not already present]"
    {
        // step 2, each element once
        for (int i = 0; i < n; i += 2) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[i] * 2;
        // step 2, odd elements read, even ones written: never the same element
        for (int i = 0; i < n - 1; i += 2) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 117, a[i + 1] read at line 117: distance 1, direction (>)"
            a[i] = a[i + 1] + 1;
        // step 2, distance 2 is one iteration back
        for (int i = 2; i < n; i += 2) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 120, a[i - 2] read at line 120: distance 2, direction (<)"
            a[i] = a[i - 2] + b[i];
        // step 3 with a distance 3 read ahead: carried
        for (int i = 0; i < n - 3; i += 3) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 123, a[i + 3] read at line 123: distance 3, direction (>)"
            a[i] = a[i + 3] * 0.5f;
        // a downward loop writing its own element
        for (int i = n - 1; i >= 0; i--) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[i] + 1;
        // downward, reading the element the previous iteration wrote
        for (int i = n - 2; i >= 0; i--) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 129, a[i + 1] read at line 129: distance 1, direction (>)"
            a[i] = a[i + 1] + b[i];
        // downward, reading the element the next iteration writes
        for (int i = n - 1; i > 0; i--) // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried dependence of a prevents parallelization" remark:"  a[i] written at line 132, a[i - 1] read at line 132: distance 1, direction (<)"
            a[i] = a[i - 1] * 0.5f;
        // downward with step 2
        for (int i = n - 1; i >= 0; i -= 2) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = -b[i];
        // an inclusive bound
        for (int i = 0; i <= n - 1; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i] = b[i] - 1;
    }
}
