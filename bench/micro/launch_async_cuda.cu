// Hand-written CUDA reference for launch_async_acc.c: k bare launches of the
// same one-line kernel on one stream, then one cudaStreamSynchronize. Same
// timed scope: the k launches and the synchronisation (time_ms); with
// allocation and transfers (total_ms).
#include "../bench.h"

__global__ void step(int n, double *__restrict__ x, const double *__restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 0.5 * x[i] + y[i];
}

int main(int argc, char **argv) {
    int k = arg(argc, argv, 1, 10000), n = arg(argc, argv, 2, 1024);
    double *x = (double *)malloc(sizeof(double) * n), *y = (double *)malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) { x[i] = 0.0; y[i] = (double)(i % 17) / 17.0; }
    cudaFree(0);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    double ts = now_ms();
    double *dx, *dy;
    cudaMalloc(&dx, sizeof(double) * n); cudaMalloc(&dy, sizeof(double) * n);
    cudaMemcpy(dx, x, sizeof(double) * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, sizeof(double) * n, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    for (int r = 0; r < k; r++) step<<<(n + 127) / 128, 128, 0, s>>>(n, dx, dy);
    cudaStreamSynchronize(s);
    double t1 = now_ms();
    cudaMemcpy(x, dx, sizeof(double) * n, cudaMemcpyDeviceToHost);
    cudaFree(dx); cudaFree(dy);
    double te = now_ms();
    double sum = 0;
    for (int i = 0; i < n; i++) sum += x[i];
    printf("launch_async k %d n %d\n", k, n);
    report(sum, k, "launch", t1 - t0, te - ts);
    return 0;
}
