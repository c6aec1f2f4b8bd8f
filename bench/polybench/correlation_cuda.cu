// Hand-written CUDA reference for correlation_acc.c: means and standard
// deviations with one thread per column (coalesced rows), normalisation on a
// 2-D grid, and data' * data as a shared-memory tiled product (32x32 tiles,
// one output per thread) over the upper-triangle tiles only, each result
// stored at [i][j] and [j][i]. Same timed scope: kernels (time_ms); with
// allocation and transfers (total_ms).
#include "../bench.h"
#define T 32

__global__ void colstats(int n, int m, double float_n, double eps, const double *__restrict__ d, double *__restrict__ mean,
                         double *__restrict__ sd) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m) return;
    double s = 0.0;
    for (int i = 0; i < n; i++) s += d[(size_t)i * m + j];
    double mu = s / float_n;
    s = 0.0;
    for (int i = 0; i < n; i++) { double x = d[(size_t)i * m + j] - mu; s += x * x; }
    s = sqrt(s / float_n);
    mean[j] = mu;
    sd[j] = s <= eps ? 1.0 : s;
}
__global__ void normalise(int n, int m, double float_n, double *__restrict__ d, const double *__restrict__ mean,
                          const double *__restrict__ sd) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < m) d[(size_t)i * m + j] = (d[(size_t)i * m + j] - mean[j]) / (sqrt(float_n) * sd[j]);
}
__global__ void corrk(int n, int m, const double *__restrict__ d, double *__restrict__ c) {
    if (blockIdx.x < blockIdx.y) return;  // tiles below the diagonal: mirrored
    __shared__ double a[T][T + 1], b[T][T + 1];
    int i = blockIdx.y * T + threadIdx.y, j = blockIdx.x * T + threadIdx.x;
    double s = 0.0;
    for (int k0 = 0; k0 < n; k0 += T) {
        int k = k0 + threadIdx.y;
        a[threadIdx.y][threadIdx.x] = k < n && blockIdx.y * T + threadIdx.x < m ? d[(size_t)k * m + blockIdx.y * T + threadIdx.x] : 0.0;
        b[threadIdx.y][threadIdx.x] = k < n && j < m ? d[(size_t)k * m + j] : 0.0;
        __syncthreads();
        for (int kk = 0; kk < T; kk++) s += a[kk][threadIdx.y] * b[kk][threadIdx.x];
        __syncthreads();
    }
    if (i < m && j < m) {
        if (j > i) { c[(size_t)i * m + j] = s; c[(size_t)j * m + i] = s; }
        else if (j == i) c[(size_t)i * m + i] = 1.0;
    }
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 3000), m = arg(argc, argv, 2, 2600);
    double float_n = (double)n, eps = 0.1;
    double *data = (double *)malloc(sizeof(double) * n * m), *corr = (double *)malloc(sizeof(double) * m * m);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) data[i * m + j] = (double)(i * (j + 1) % 101) / 101.0 + 0.05 * ((i + j) % 7);
    cudaFree(0);
    double ts = now_ms();
    double *dd, *dc, *dmean, *dsd;
    cudaMalloc(&dd, sizeof(double) * n * m); cudaMalloc(&dc, sizeof(double) * m * m);
    cudaMalloc(&dmean, sizeof(double) * m); cudaMalloc(&dsd, sizeof(double) * m);
    cudaMemcpy(dd, data, sizeof(double) * n * m, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    colstats<<<(m + 127) / 128, 128>>>(n, m, float_n, eps, dd, dmean, dsd);
    normalise<<<dim3((m + 31) / 32, (n + 7) / 8), dim3(32, 8)>>>(n, m, float_n, dd, dmean, dsd);
    corrk<<<dim3((m + T - 1) / T, (m + T - 1) / T), dim3(T, T)>>>(n, m, dd, dc);
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(corr, dc, sizeof(double) * m * m, cudaMemcpyDeviceToHost);
    cudaFree(dd); cudaFree(dc); cudaFree(dmean); cudaFree(dsd);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < m * m; i++) sum += corr[i] * (1 + i % 7);
    printf("correlation n %d m %d\n", n, m);
    report(sum, (double)m * (m - 1) * n, "flop", t1 - t0, te - ts);
    return 0;
}
