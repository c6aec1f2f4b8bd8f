// Hand-written CUDA reference for bicg_acc.c: s = A'*r with 32 columns a
// block (rows read coalesced, split over 32 thread rows and summed in shared
// memory), q = A*p with one warp per row (shuffle reduction). Same timed
// scope: kernels (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void atr(int n, int m, const double *__restrict__ A, const double *__restrict__ r, double *__restrict__ s) {
    __shared__ double part[32][33];
    int j = blockIdx.x * 32 + threadIdx.x;
    double t = 0.0;
    if (j < m)
        for (int i = threadIdx.y; i < n; i += 32) t += r[i] * A[(size_t)i * m + j];
    part[threadIdx.y][threadIdx.x] = t;
    __syncthreads();
    if (threadIdx.y != 0 || j >= m) return;
    for (int k = 1; k < 32; k++) t += part[k][threadIdx.x];
    s[j] = t;
}
__global__ void ap(int n, int m, const double *__restrict__ A, const double *__restrict__ p, double *__restrict__ q) {
    int i = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
    if (i >= n) return;
    double t = 0.0;
    for (int j = lane; j < m; j += 32) t += A[(size_t)i * m + j] * p[j];
    for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffff, t, o);
    if (lane == 0) q[i] = t;
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), m = arg(argc, argv, 2, 8192), reps = arg(argc, argv, 3, 20);
    double *A = (double *)malloc(sizeof(double) * n * m);
    double *s = (double *)malloc(sizeof(double) * m), *q = (double *)malloc(sizeof(double) * n);
    double *p = (double *)malloc(sizeof(double) * m), *r = (double *)malloc(sizeof(double) * n);
    for (int i = 0; i < m; i++) p[i] = (double)(i % m) / m;
    for (int i = 0; i < n; i++) {
        r[i] = (double)(i % n) / n;
        for (int j = 0; j < m; j++) A[(size_t)i * m + j] = (double)(i * (j + 1) % n) / n;
    }
    cudaFree(0);
    double ts = now_ms();
    double *dA, *ds, *dq, *dp, *dr;
    cudaMalloc(&dA, sizeof(double) * n * m); cudaMalloc(&ds, sizeof(double) * m); cudaMalloc(&dq, sizeof(double) * n);
    cudaMalloc(&dp, sizeof(double) * m); cudaMalloc(&dr, sizeof(double) * n);
    cudaMemcpy(dA, A, sizeof(double) * n * m, cudaMemcpyHostToDevice);
    cudaMemcpy(dp, p, sizeof(double) * m, cudaMemcpyHostToDevice);
    cudaMemcpy(dr, r, sizeof(double) * n, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    for (int rep = 0; rep < reps; rep++) {
        atr<<<(m + 31) / 32, dim3(32, 32)>>>(n, m, dA, dr, ds);
        ap<<<(n + 7) / 8, 256>>>(n, m, dA, dp, dq);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(s, ds, sizeof(double) * m, cudaMemcpyDeviceToHost);
    cudaMemcpy(q, dq, sizeof(double) * n, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(ds); cudaFree(dq); cudaFree(dp); cudaFree(dr);
    double te = now_ms();
    double sum = 0;
    for (int j = 0; j < m; j++) sum += s[j];
    for (int i = 0; i < n; i++) sum += q[i];
    printf("bicg n %d m %d reps %d\n", n, m, reps);
    report(sum, 2.0 * n * (double)m * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
