// Hand-written CUDA reference for mvt_acc.c: x1 += A*y1 with one warp per row
// (shuffle reduction), x2 += A'*y2 with 32 columns a block (rows read
// coalesced, split over 32 thread rows and summed in shared memory). Same
// timed scope: kernels (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void ay(int n, const double *__restrict__ A, const double *__restrict__ y, double *__restrict__ x) {
    int i = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
    if (i >= n) return;
    double s = 0.0;
    for (int j = lane; j < n; j += 32) s += A[(size_t)i * n + j] * y[j];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (lane == 0) x[i] += s;
}
__global__ void aty(int n, const double *__restrict__ A, const double *__restrict__ y, double *__restrict__ x) {
    __shared__ double part[32][33];
    int i = blockIdx.x * 32 + threadIdx.x;
    double s = 0.0;
    if (i < n)
        for (int j = threadIdx.y; j < n; j += 32) s += A[(size_t)j * n + i] * y[j];
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y != 0 || i >= n) return;
    for (int k = 1; k < 32; k++) s += part[k][threadIdx.x];
    x[i] += s;
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), reps = arg(argc, argv, 2, 20);
    double *A = (double *)malloc(sizeof(double) * n * n), *h = (double *)malloc(sizeof(double) * n * 4);
    double *x1 = h, *x2 = h + n, *y1 = h + 2 * n, *y2 = h + 3 * n;
    for (int i = 0; i < n; i++) {
        x1[i] = (double)(i % n) / n; x2[i] = (double)((i + 1) % n) / n;
        y1[i] = (double)((i + 3) % n) / n; y2[i] = (double)((i + 4) % n) / n;
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)(i * j % n) / n;
    }
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dh;
    cudaMalloc(&dA, sizeof(double) * n * n); cudaMalloc(&dh, sizeof(double) * n * 4);
    cudaMemcpy(dA, A, sizeof(double) * n * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dh, h, sizeof(double) * n * 4, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    for (int r = 0; r < reps; r++) {
        ay<<<(n + 7) / 8, 256>>>(n, dA, dh + 2 * n, dh);
        aty<<<(n + 31) / 32, dim3(32, 32)>>>(n, dA, dh + 3 * n, dh + n);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(h, dh, sizeof(double) * n * 2, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dh);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += x1[i] + x2[i];
    printf("mvt n %d reps %d\n", n, reps);
    report(sum, 2.0 * n * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
