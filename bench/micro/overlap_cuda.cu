// Hand-written CUDA reference for overlap_acc.c: the same chunks on nq
// streams (cudaMemcpyAsync in, kernel, cudaMemcpyAsync out), host arrays in
// pinned memory (cudaMallocHost, allocated before the timed part), as a CUDA
// programmer overlapping transfers must. Same timed scope: the chunks and the
// synchronisation (time_ms); with the allocation of device memory (total_ms).
#include "../bench.h"

__global__ void compute(int lo, int hi, int iters, const double *__restrict__ a, double *__restrict__ b) {
    int i = lo + blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= hi) return;
    double v = a[i], s = 0.001 * (i % 3);
    for (int it = 0; it < iters; it++) v = v * 0.999 + s;
    b[i] = v;
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 1 << 26), chunks = arg(argc, argv, 2, 32);
    int nq = arg(argc, argv, 3, 4), iters = arg(argc, argv, 4, 2000);
    int cs = n / chunks;
    cudaFree(0);
    double *a, *b;
    cudaMallocHost(&a, sizeof(double) * n); cudaMallocHost(&b, sizeof(double) * n);
    for (int i = 0; i < n; i++) { a[i] = (double)(i % 4096) / 4096.0; b[i] = 0.0; }
    cudaStream_t *st = (cudaStream_t *)malloc(sizeof(cudaStream_t) * nq);
    for (int q = 0; q < nq; q++) cudaStreamCreateWithFlags(&st[q], cudaStreamNonBlocking);
    double ts = now_ms();
    double *da, *db;
    cudaMalloc(&da, sizeof(double) * n); cudaMalloc(&db, sizeof(double) * n);
    double t0 = now_ms();
    for (int c = 0; c < chunks; c++) {
        cudaStream_t s = st[c % nq];
        int lo = c * cs;
        cudaMemcpyAsync(da + lo, a + lo, sizeof(double) * cs, cudaMemcpyHostToDevice, s);
        compute<<<(cs + 127) / 128, 128, 0, s>>>(lo, lo + cs, iters, da, db);
        cudaMemcpyAsync(b + lo, db + lo, sizeof(double) * cs, cudaMemcpyDeviceToHost, s);
    }
    cudaDeviceSynchronize();
    double t1 = now_ms();
    cudaFree(da); cudaFree(db);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += b[i];
    printf("overlap n %d chunks %d queues %d iters %d\n", n, chunks, nq, iters);
    report(sum, 2.0 * n * sizeof(double), "xfer-byte", t1 - t0, te - ts);
    return 0;
}
