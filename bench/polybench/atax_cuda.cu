// Hand-written CUDA reference for atax_acc.c: tmp = A*x with one warp per row
// (shuffle reduction), y = A'*tmp with 32 columns a block (rows read
// coalesced, split over 32 thread rows and summed in shared memory). Same
// timed scope: kernels (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void ax(int m, int n, const double *__restrict__ A, const double *__restrict__ x, double *__restrict__ t) {
    int i = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
    if (i >= m) return;
    double s = 0.0;
    for (int j = lane; j < n; j += 32) s += A[(size_t)i * n + j] * x[j];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (lane == 0) t[i] = s;
}
__global__ void aty(int m, int n, const double *__restrict__ A, const double *__restrict__ t, double *__restrict__ y) {
    __shared__ double part[32][33];
    int j = blockIdx.x * 32 + threadIdx.x;
    double s = 0.0;
    if (j < n)
        for (int i = threadIdx.y; i < m; i += 32) s += A[(size_t)i * n + j] * t[i];
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y != 0 || j >= n) return;
    for (int k = 1; k < 32; k++) s += part[k][threadIdx.x];
    y[j] = s;
}

int main(int argc, char **argv) {
    int m = arg(argc, argv, 1, 8192), n = arg(argc, argv, 2, 8192), reps = arg(argc, argv, 3, 20);
    double *A = (double *)malloc(sizeof(double) * m * n), *x = (double *)malloc(sizeof(double) * n), *y = (double *)malloc(sizeof(double) * n);
    double fn = n;
    for (int i = 0; i < n; i++) x[i] = 1 + (i / fn);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) A[(size_t)i * n + j] = (double)((i + j) % n) / (5 * m);
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dx, *dy, *dt;
    cudaMalloc(&dA, sizeof(double) * m * n); cudaMalloc(&dx, sizeof(double) * n);
    cudaMalloc(&dy, sizeof(double) * n); cudaMalloc(&dt, sizeof(double) * m);
    cudaMemcpy(dA, A, sizeof(double) * m * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x, sizeof(double) * n, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    for (int r = 0; r < reps; r++) {
        ax<<<(m + 7) / 8, 256>>>(m, n, dA, dx, dt);
        aty<<<(n + 31) / 32, dim3(32, 32)>>>(m, n, dA, dt, dy);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(y, dy, sizeof(double) * n, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dx); cudaFree(dy); cudaFree(dt);
    double te = now_ms();
    double sum = 0;
    for (int j = 0; j < n; j++) sum += y[j];
    printf("atax m %d n %d reps %d\n", m, n, reps);
    report(sum, 2.0 * m * (double)n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
