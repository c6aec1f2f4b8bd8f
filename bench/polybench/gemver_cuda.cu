// Hand-written CUDA reference for gemver_acc.c: the rank-2 update as a 2-D
// grid, x = x + beta*A'*y + z with 32 columns a block (rows read coalesced,
// split over 32 thread rows and summed in shared memory), w = w + alpha*A*x
// with one warp per row (shuffle reduction). Same timed scope: kernels
// (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void rank2(int n, double *__restrict__ A, const double *__restrict__ u1, const double *__restrict__ v1,
                      const double *__restrict__ u2, const double *__restrict__ v2) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y;
    if (j < n) A[(size_t)i * n + j] += u1[i] * v1[j] + u2[i] * v2[j];
}
__global__ void atxy(int n, double beta, const double *__restrict__ A, const double *__restrict__ y,
                     const double *__restrict__ z, double *__restrict__ x) {
    __shared__ double part[32][33];
    int i = blockIdx.x * 32 + threadIdx.x;
    double s = 0.0;
    if (i < n)
        for (int j = threadIdx.y; j < n; j += 32) s += A[(size_t)j * n + i] * y[j];
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y != 0 || i >= n) return;
    for (int k = 1; k < 32; k++) s += part[k][threadIdx.x];
    x[i] = x[i] + beta * s + z[i];
}
__global__ void ax(int n, double alpha, const double *__restrict__ A, const double *__restrict__ x, double *__restrict__ w) {
    int i = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
    if (i >= n) return;
    double s = 0.0;
    for (int j = lane; j < n; j += 32) s += A[(size_t)i * n + j] * x[j];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (lane == 0) w[i] = w[i] + alpha * s;
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 8192), reps = arg(argc, argv, 2, 10);
    double alpha = 1.5, beta = 1.2, fn = n;
    size_t nn = (size_t)n * n;
    double *A = (double *)malloc(sizeof(double) * nn), *h = (double *)malloc(sizeof(double) * n * 8);
    double *u1 = h, *u2 = h + n, *v1 = h + 2 * n, *v2 = h + 3 * n, *y = h + 4 * n, *z = h + 5 * n, *x = h + 6 * n, *w = h + 7 * n;
    for (int i = 0; i < n; i++) {
        u1[i] = i / fn; u2[i] = (i + 1) / fn / 2.0; v1[i] = (i + 1) / fn / 4.0; v2[i] = (i + 1) / fn / 6.0;
        y[i] = (i + 1) / fn / 8.0; z[i] = (i + 1) / fn / 9.0; x[i] = 0.0; w[i] = 0.0;
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)(i * j % n) / n;
    }
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dh;
    cudaMalloc(&dA, sizeof(double) * nn); cudaMalloc(&dh, sizeof(double) * n * 8);
    cudaMemcpy(dA, A, sizeof(double) * nn, cudaMemcpyHostToDevice);
    cudaMemcpy(dh, h, sizeof(double) * n * 8, cudaMemcpyHostToDevice);
    double *du1 = dh, *du2 = dh + n, *dv1 = dh + 2 * n, *dv2 = dh + 3 * n, *dy = dh + 4 * n, *dz = dh + 5 * n, *dx = dh + 6 * n, *dw = dh + 7 * n;
    double t0 = now_ms();
    for (int r = 0; r < reps; r++) {
        rank2<<<dim3((n + 255) / 256, n), 256>>>(n, dA, du1, dv1, du2, dv2);
        atxy<<<(n + 31) / 32, dim3(32, 32)>>>(n, beta, dA, dy, dz, dx);
        ax<<<(n + 7) / 8, 256>>>(n, alpha, dA, dx, dw);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(A, dA, sizeof(double) * nn, cudaMemcpyDeviceToHost);
    cudaMemcpy(x, dx, sizeof(double) * n, cudaMemcpyDeviceToHost);
    cudaMemcpy(w, dw, sizeof(double) * n, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dh);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += w[i] / n + x[i];
    printf("gemver n %d reps %d\n", n, reps);
    report(sum, 4.0 * n * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
