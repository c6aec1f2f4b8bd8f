// minfo -acc=gpu -Minfo=accel
// Dependence-analysis corpus: scalars assigned in kernels loops. A scalar
// written before it is read in every iteration, and dead after the loop, is
// private to the iteration (even when declared outside the loop and the
// construct); one read before it is written, written only under a
// condition, or whose last value is needed after the loop keeps the loop
// sequential.
#define N 64
float A[N][N], B[N][N], r[N];
float gt;

void privatizable(int n, const float *restrict a, float *restrict b) {
    float t1, t2, u2, t3, v, t4;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copyin(r[:]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(A[:][:]) [if not already present]"
    {
        // t1 declared outside the construct, written first in each iteration
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t1 = a[i] * 2;
            b[i] = t1 * t1;
        }
        // a local of the body is private by its scope
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            float w = a[i] + 1;
            b[i] = w / 2;
        }
        // two scalars, the second computed from the first
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t2 = a[i];
            u2 = t2 * t2;
            b[i] = t2 + u2;
        }
        // t3 assigned, then updated from itself, then read
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t3 = a[i];
            t3 = t3 * 3 + 1;
            b[i] = t3;
        }
        // written first in the outer loop, read in the inner one
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang /* blockIdx.x */"
            v = r[i];
            for (int k = 0; k < N; k++) // want remark:"Loop is parallelizable" remark:"#pragma acc loop vector(128) /* threadIdx.x */"
                A[i][k] = v * B[i][k];
        }
        // written first in each inner iteration, used only there
        for (int i = 0; i < N; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(256) collapse(2) /* blockIdx.x threadIdx.x */"
            for (int k = 0; k < N; k++) { // want remark:"Loop is parallelizable" remark:"  /* collapsed */"
                t4 = B[i][k];
                A[i][k] = t4 * t4;
            }
    }
}

void reused(int n, const float *restrict a, float *restrict b) {
    float t;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]"
    {
        // t is private to both loops: the second assigns it before any read,
        // and the function does not read it after the construct
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t = a[i] * 2;
            b[i] = t;
        }
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            t = a[i] + 2;
            b[i] += t;
        }
    }
}

float killed_after(int n, const float *restrict a, float *restrict b) {
    float t = 0;
    // t's value after the construct is overwritten before it is read
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
        t = a[i] - 1;
        b[i] = t;
    }
    t = 1;
    return t;
}

float not_private(int n, const float *restrict a, float *restrict b) {
    float t = 0, u = 0, c = 0, x = 0;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copy(t) [if not already present]" remark:"Generating implicit copy(u) [if not already present]" remark:"Generating implicit copy(c) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(x) [if not already present]" remark:"Generating implicit copy(r[:]) [if not already present]"
    {
        // read before it is written: the previous iteration's value
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for t at line 88"
            b[i] = t;
            t = a[i];
        }
        // written only under a condition, read always
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for u at line 95"
            if (a[i] > 0)
                u = a[i];
            b[i] = u;
        }
        // written on one branch of an if/else, read before it is written on the other
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for c at line 102,103"
            if (a[i] > 0)
                c = 1;
            else
                c = c + 1;
            b[i] = c * a[i];
        }
        // written by an inner loop that may run no iteration (n of them), read after it
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for x at line 109"
            for (int k = 0; k < n; k++) // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for x at line 109"
                x = B[i][k];
            r[i] = x;
        }
    }
    return t + u;
}

float not_private_either(int n, const float *restrict a, float *restrict b) {
    float x = 0, y = 0, z = 0;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(x) [if not already present]" remark:"Generating implicit copy(r[:]) [if not already present]" remark:"Generating implicit copy(y) [if not already present]" remark:"Generating implicit copy(z) [if not already present]" warning:"'b' is in a copyout clause but the construct never writes it: copying it back replaces the host's values with uninitialised device memory; use copy or create"
    {
        // the inner loop may leave before it assigns
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for x at line 126"
            for (int k = 0; k < N; k++) { // want remark:"#pragma acc loop seq" remark:"Loop without integer trip count will be executed in sequential mode"
                if (B[i][k] < 0)
                    break;
                x = B[i][k];
            }
            r[i] = x;
        }
        // the inner loop's bounds are equal: it runs no iteration
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for y at line 132"
            for (int k = 4; k < 4; k++) // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for y at line 132"
                y = B[i][k];
            r[i] = y;
        }
        // the inner loop assigns only on one branch
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Loop carried scalar dependence for z at line 139"
            for (int k = 0; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for z at line 139"
                if (B[i][k] > 0)
                    z = B[i][k];
            r[i] = z;
        }
    }
    return x + y + z;
}

float branches(int n, const float *restrict a, float *restrict b, int *restrict flag) {
    float c, d, e, x, y;
#pragma acc kernels copyin(a[0:n], flag[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyin(flag[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copyin(B[:][:]) [if not already present]" remark:"Generating implicit copy(r[:]) [if not already present]"
    {
        // written on both branches of an if/else, then read
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            if (a[i] > 0)
                c = 1;
            else
                c = -1;
            b[i] = c * a[i];
        }
        // an else-if chain that assigns on every branch
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            if (flag[i] > 0) {
                d = a[i];
            } else if (flag[i] < 0) {
                d = -a[i];
            } else {
                d = 0;
            }
            b[i] = d + 1;
        }
        // written and read inside one branch only: nothing is carried
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            if (flag[i] != 0) {
                e = a[i] * 2;
                b[i] = e;
            }
        }
        // written only by an inner loop that always runs (N iterations), read after it
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int k = 0; k < N; k++) // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for x at line 179"
                x = B[i][k];
            r[i] = x;
        }
        // an inner nest that always runs, assigning on both branches
        for (int i = 0; i < N; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            for (int k = 0; k < 8; k++) // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for y at line 190"
                for (int j = 1; j <= 2; j++) { // want remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for y at line 190"
                    if (B[i][k] > j)
                        y = B[i][k];
                    else
                        y = j;
                }
            r[i] = y;
        }
    }
    return 0;
}

float last_value(int n, const float *restrict a, float *restrict b) {
    float t = 0, s = 0;
    // the function returns t's last value
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copy(t) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for t at line 220"
        t = a[i] * 2;
        b[i] = t;
    }
    // another loop of the same construct reads s after this one
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copy(s) [if not already present]"
    {
        for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for s at line 212"
            s = a[i] + 1;
            b[i] = s;
        }
        for (int i = 0; i < n; i++) // want remark:"Generating NVIDIA GPU code" remark:"Loop is parallelizable" remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            b[i] += s;
    }
    // a global: code elsewhere may read its last value
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n]) // want remark:"Generating copyin(a[:n]) [if not already present]" remark:"Generating copyout(b[:n]) [if not already present]" remark:"Generating implicit copy(gt) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"Generating NVIDIA GPU code" remark:"Accelerator serial kernel generated" remark:"#pragma acc loop seq" remark:"Scalar last value needed after loop for gt"
        gt = a[i] * 2;
        b[i] = gt;
    }
    return t;
}
