// Hand-written CUDA reference for syrk_acc.c: A*A' as a shared-memory tiled
// product (32x32 tiles, one output per thread) over the lower-triangle tiles
// only. Same timed scope: kernel (time_ms); with allocation and transfers
// (total_ms).
#include "../bench.h"
#define T 32

__global__ void syrk(int n, int m, double alpha, double beta, const double *__restrict__ A, double *__restrict__ C) {
    if (blockIdx.x > blockIdx.y) return;  // tiles above the diagonal: not updated
    __shared__ double a[T][T + 1], b[T][T + 1];
    int i = blockIdx.y * T + threadIdx.y, j = blockIdx.x * T + threadIdx.x;
    int jr = blockIdx.x * T + threadIdx.y;  // the row of A this thread loads for the j side
    double s = 0.0;
    for (int k0 = 0; k0 < m; k0 += T) {
        int k = k0 + threadIdx.x;
        a[threadIdx.y][threadIdx.x] = i < n && k < m ? A[(size_t)i * m + k] : 0.0;
        b[threadIdx.y][threadIdx.x] = jr < n && k < m ? A[(size_t)jr * m + k] : 0.0;
        __syncthreads();
        for (int kk = 0; kk < T; kk++) s += a[threadIdx.y][kk] * b[threadIdx.x][kk];
        __syncthreads();
    }
    if (i < n && j <= i) C[(size_t)i * n + j] = C[(size_t)i * n + j] * beta + alpha * s;
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 4000), m = arg(argc, argv, 2, 3000);
    double alpha = 1.5, beta = 1.2;
    double *A = (double *)malloc(sizeof(double) * n * m), *C = (double *)malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) A[i * m + j] = (double)((i * j + 1) % n) / n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) C[i * n + j] = (double)((i * j + 2) % m) / m;
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dC;
    cudaMalloc(&dA, sizeof(double) * n * m); cudaMalloc(&dC, sizeof(double) * n * n);
    cudaMemcpy(dA, A, sizeof(double) * n * m, cudaMemcpyHostToDevice);
    cudaMemcpy(dC, C, sizeof(double) * n * n, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    syrk<<<dim3((n + T - 1) / T, (n + T - 1) / T), dim3(T, T)>>>(n, m, alpha, beta, dA, dC);
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(C, dC, sizeof(double) * n * n, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dC);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) sum += C[i * n + j];
    printf("syrk n %d m %d\n", n, m);
    report(sum, (double)n * (n + 1) * m, "flop", t1 - t0, te - ts);
    return 0;
}
