// Hand-written CUDA reference for fdtd-2d_acc.c: the four updates of a step as
// four kernels (2-D grids of 32x8 blocks, threadIdx.x along rows). Same timed
// scope: kernels (time_ms); with allocation and transfers (total_ms).
#include "../bench.h"

__global__ void ey0(int ny, const double *__restrict__ fict, int t, double *__restrict__ ey) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) ey[j] = fict[t];
}
__global__ void upd_ey(int nx, int ny, double *__restrict__ ey, const double *__restrict__ hz) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i < nx && j < ny) { size_t k = (size_t)i * ny + j; ey[k] = ey[k] - 0.5 * (hz[k] - hz[k - ny]); }
}
__global__ void upd_ex(int nx, int ny, double *__restrict__ ex, const double *__restrict__ hz) {
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx && j < ny) { size_t k = (size_t)i * ny + j; ex[k] = ex[k] - 0.5 * (hz[k] - hz[k - 1]); }
}
__global__ void upd_hz(int nx, int ny, const double *__restrict__ ex, const double *__restrict__ ey, double *__restrict__ hz) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx - 1 && j < ny - 1) {
        size_t k = (size_t)i * ny + j;
        hz[k] = hz[k] - 0.7 * (ex[k + 1] - ex[k] + ey[k + ny] - ey[k]);
    }
}

int main(int argc, char **argv) {
    int nx = arg(argc, argv, 1, 2000), ny = arg(argc, argv, 2, 2600), tmax = arg(argc, argv, 3, 500);
    size_t bytes = sizeof(double) * nx * ny;
    double *ex = (double *)malloc(bytes), *ey = (double *)malloc(bytes), *hz = (double *)malloc(bytes);
    double *fict = (double *)malloc(sizeof(double) * tmax);
    for (int t = 0; t < tmax; t++) fict[t] = (double)t;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            ex[(size_t)i * ny + j] = ((double)i * (j + 1)) / nx;
            ey[(size_t)i * ny + j] = ((double)i * (j + 2)) / ny;
            hz[(size_t)i * ny + j] = ((double)i * (j + 3)) / nx;
        }
    cudaFree(0);
    double ts = now_ms();
    double *dex, *dey, *dhz, *dfict;
    cudaMalloc(&dex, bytes); cudaMalloc(&dey, bytes); cudaMalloc(&dhz, bytes); cudaMalloc(&dfict, sizeof(double) * tmax);
    cudaMemcpy(dex, ex, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dey, ey, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dhz, hz, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dfict, fict, sizeof(double) * tmax, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    dim3 blk(32, 8), grd((ny + 31) / 32, (nx + 7) / 8);
    for (int t = 0; t < tmax; t++) {
        ey0<<<(ny + 255) / 256, 256>>>(ny, dfict, t, dey);
        upd_ey<<<grd, blk>>>(nx, ny, dey, dhz);
        upd_ex<<<grd, blk>>>(nx, ny, dex, dhz);
        upd_hz<<<grd, blk>>>(nx, ny, dex, dey, dhz);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaMemcpy(ex, dex, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(ey, dey, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(hz, dhz, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dex); cudaFree(dey); cudaFree(dhz); cudaFree(dfict);
    double te = now_ms();
    double sum = 0;
    for (size_t k = 0; k < (size_t)nx * ny; k++) sum += ex[k] + ey[k] + hz[k];
    printf("fdtd-2d nx %d ny %d tmax %d\n", nx, ny, tmax);
    report(sum, 8.0 * nx * (double)ny * sizeof(double) * tmax, "byte", t1 - t0, te - ts);
    return 0;
}
