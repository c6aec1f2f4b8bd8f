// Hand-written CUDA reference for reduce_acc.c: one grid-stride kernel a rep
// (4 blocks of 256 threads per SM), warp-shuffle then shared-memory block
// reductions, one atomic per block and result, and one read-back of the three
// results per rep (pinned), as the OpenACC reductions into host scalars need.
// Same timed scope: reps (time_ms); with allocation and transfers (total_ms).
#include <cmath>
#include "../bench.h"

struct res { double dot, dmax; unsigned long long cnt; };

__global__ void red(int n, double w, const double *__restrict__ x, const double *__restrict__ y, res *out) {
    double dot = 0.0, dmax = 0.0;
    unsigned long long cnt = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        double d = fabs(x[i] * w - y[i]);
        dot += x[i] * y[i] * w;
        dmax = fmax(dmax, d);
        cnt += d > 0.5;
    }
    for (int o = 16; o > 0; o >>= 1) {
        dot += __shfl_xor_sync(0xffffffff, dot, o);
        dmax = fmax(dmax, __shfl_xor_sync(0xffffffff, dmax, o));
        cnt += __shfl_xor_sync(0xffffffff, cnt, o);
    }
    __shared__ double sd[32], sm[32];
    __shared__ unsigned long long sc[32];
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sd[wid] = dot; sm[wid] = dmax; sc[wid] = cnt; }
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        dot = lane < nw ? sd[lane] : 0.0; dmax = lane < nw ? sm[lane] : 0.0; cnt = lane < nw ? sc[lane] : 0;
        for (int o = 16; o > 0; o >>= 1) {
            dot += __shfl_xor_sync(0xffffffff, dot, o);
            dmax = fmax(dmax, __shfl_xor_sync(0xffffffff, dmax, o));
            cnt += __shfl_xor_sync(0xffffffff, cnt, o);
        }
        if (lane == 0) {
            atomicAdd(&out->dot, dot);
            // non-negative doubles order like their bit patterns
            atomicMax((unsigned long long *)&out->dmax, (unsigned long long)__double_as_longlong(dmax));
            atomicAdd(&out->cnt, cnt);
        }
    }
}

int main(int argc, char **argv) {
    int n = arg(argc, argv, 1, 1 << 26), reps = arg(argc, argv, 2, 40);
    double *x = (double *)malloc(sizeof(double) * n), *y = (double *)malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++) {
        x[i] = (double)(i % 1000) / 1000.0;
        y[i] = (double)((i * 7) % 1013) / 1013.0;
    }
    cudaFree(0);
    int sms;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    double check = 0;
    double ts = now_ms();
    double *dx, *dy;
    res *dr, *hr;
    cudaMalloc(&dx, sizeof(double) * n); cudaMalloc(&dy, sizeof(double) * n); cudaMalloc(&dr, sizeof(res));
    cudaMallocHost(&hr, sizeof(res));
    cudaMemcpy(dx, x, sizeof(double) * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, sizeof(double) * n, cudaMemcpyHostToDevice);
    double t0 = now_ms();
    for (int r = 0; r < reps; r++) {
        double w = 1.0 + r * 0.01;
        cudaMemsetAsync(dr, 0, sizeof(res));
        red<<<sms * 4, 256>>>(n, w, dx, dy, dr);
        cudaMemcpy(hr, dr, sizeof(res), cudaMemcpyDeviceToHost);
        check += hr->dot * 1e-6 + hr->dmax + hr->cnt * 1e-6;
    }
    double t1 = now_ms();
    cudaFree(dx); cudaFree(dy); cudaFree(dr); cudaFreeHost(hr);
    double te = now_ms();
    printf("reduce n %d reps %d\n", n, reps);
    report(check, 2.0 * n * sizeof(double) * reps, "byte", t1 - t0, te - ts);
    return 0;
}
