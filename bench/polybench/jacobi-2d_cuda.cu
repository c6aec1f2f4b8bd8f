// Hand-written CUDA reference for jacobi-2d_acc.c: one kernel per sweep on a
// 2-D grid of 32x8 blocks (threadIdx.x along rows: coalesced). Same timed
// scope: kernels (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void sweep(int n, const double *__restrict__ a, double *__restrict__ b) {
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1, i = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i < n - 1 && j < n - 1) {
        size_t k = (size_t)i * n + j;
        b[k] = 0.2 * (a[k] + a[k - 1] + a[k + 1] + a[k + n] + a[k - n]);
    }
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 2800), tsteps = arg(argc, argv, 2, 500);
    size_t bytes = sizeof(double) * n * n;
    double *A = (double *)malloc(bytes), *B = (double *)malloc(bytes);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[(size_t)i * n + j] = ((double)i * (j + 2) + 2) / n;
            B[(size_t)i * n + j] = ((double)i * (j + 3) + 3) / n;
        }
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dB;
    cudaMalloc(&dA, bytes); cudaMalloc(&dB, bytes);
    cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B, bytes, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    dim3 blk(32, 8), grd((n - 2 + 31) / 32, (n - 2 + 7) / 8);
    for (int t = 0; t < tsteps; t++) {
        sweep<<<grd, blk>>>(n, dA, dB);
        sweep<<<grd, blk>>>(n, dB, dA);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(A, dA, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(B, dB, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dB);
    double te = now_ms();
    double sum = 0;
    for (size_t k = 0; k < (size_t)n * n; k++) sum += A[k] + B[k];
    printf("jacobi-2d n %d tsteps %d\n", n, tsteps);
    report(sum, 2.0 * 2.0 * (n - 2) * (double)(n - 2) * sizeof(double) * tsteps, "byte", t1 - t0, te - ts);
    return 0;
}
