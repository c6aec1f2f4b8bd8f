// Hand-written CUDA reference for 2mm_acc.c: the two products as a
// shared-memory tiled GEMM (32x32 tiles, one output per thread), same data,
// same timed scope (kernels: time_ms; with allocation and transfers: total_ms).
#include "../bench.h"
#define T 32

// Y[i][j] = alpha * sum_k X[i][k] * W[k][j] + beta * Y[i][j] (beta == 0: Y not read)
__global__ void gemm(int ni, int nj, int nk, double alpha, double beta, const double *__restrict__ X,
                     const double *__restrict__ W, double *__restrict__ Y) {
    __shared__ double xs[T][T], ws[T][T + 1];
    int i = blockIdx.y * T + threadIdx.y, j = blockIdx.x * T + threadIdx.x;
    double s = 0.0;
    for (int k0 = 0; k0 < nk; k0 += T) {
        xs[threadIdx.y][threadIdx.x] = i < ni && k0 + threadIdx.x < nk ? X[(size_t)i * nk + k0 + threadIdx.x] : 0.0;
        ws[threadIdx.y][threadIdx.x] = k0 + threadIdx.y < nk && j < nj ? W[(size_t)(k0 + threadIdx.y) * nj + j] : 0.0;
        __syncthreads();
        for (int k = 0; k < T; k++) s += xs[threadIdx.y][k] * ws[k][threadIdx.x];
        __syncthreads();
    }
    if (i < ni && j < nj) Y[(size_t)i * nj + j] = alpha * s + (beta != 0.0 ? beta * Y[(size_t)i * nj + j] : 0.0);
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 2048);
    int ni = n, nj = n, nk = n, nl = n;
    double alpha = 1.5, beta = 1.2;
    double *A = (double *)malloc(sizeof(double) * ni * nk), *B = (double *)malloc(sizeof(double) * nk * nj);
    double *C = (double *)malloc(sizeof(double) * nj * nl), *D = (double *)malloc(sizeof(double) * ni * nl);
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++) A[i * nk + k] = (double)((i * k + 1) % ni) / ni;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++) B[k * nj + j] = (double)(k * (j + 1) % nj) / nj;
    for (int j = 0; j < nj; j++)
        for (int l = 0; l < nl; l++) C[j * nl + l] = (double)((j * (l + 3) + 1) % nl) / nl;
    for (int i = 0; i < ni; i++)
        for (int l = 0; l < nl; l++) D[i * nl + l] = (double)(i * (l + 2) % nk) / nk;
    cudaFree(0);
    double ts = now_ms();
    double *dA, *dB, *dC, *dD, *dT;
    cudaMalloc(&dA, sizeof(double) * ni * nk); cudaMalloc(&dB, sizeof(double) * nk * nj);
    cudaMalloc(&dC, sizeof(double) * nj * nl); cudaMalloc(&dD, sizeof(double) * ni * nl);
    cudaMalloc(&dT, sizeof(double) * ni * nj);
    cudaMemcpy(dA, A, sizeof(double) * ni * nk, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B, sizeof(double) * nk * nj, cudaMemcpyHostToDevice);
    cudaMemcpy(dC, C, sizeof(double) * nj * nl, cudaMemcpyHostToDevice);
    cudaMemcpy(dD, D, sizeof(double) * ni * nl, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    dim3 blk(T, T);
    gemm<<<dim3((nj + T - 1) / T, (ni + T - 1) / T), blk>>>(ni, nj, nk, alpha, 0.0, dA, dB, dT);
    gemm<<<dim3((nl + T - 1) / T, (ni + T - 1) / T), blk>>>(ni, nl, nj, 1.0, beta, dT, dC, dD);
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(D, dD, sizeof(double) * ni * nl, cudaMemcpyDeviceToHost);
    cudaFree(dA); cudaFree(dB); cudaFree(dC); cudaFree(dD); cudaFree(dT);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < ni * nl; i++) sum += D[i];
    printf("2mm n %d\n", n);
    report(sum, 4.0 * n * (double)n * n, "flop", t1 - t0, te - ts);
    return 0;
}
