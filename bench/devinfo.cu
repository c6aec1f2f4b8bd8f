// devinfo: the device's name and peaks, for scripts/bench.sh's "% of peak".
// Peak DRAM bandwidth = 2 (double data rate) x memory clock x bus width; peak
// FP64 = SMs x clock x FP64 FMA units per SM x 2 flop (the CUDA cores, not
// the tensor cores: the benchmarks' kernels, accc's and the references, use
// plain FMA). FMA units per SM from the CUDA C Programming Guide's throughput
// table; an unknown architecture prints 0 (no fraction shown).
#include <cstdio>
#include <cuda_runtime.h>

static int fp64_fma_per_sm(int major, int minor) {
    if (major == 6 && minor == 0) return 32;
    if (major == 7 && minor == 0) return 32;  // V100
    if (major == 8 && minor == 0) return 32;  // A100
    if (major == 9 && minor == 0) return 64;  // H100, H200
    if (major == 10 && minor == 0) return 64; // B200
    if (major >= 6) return 2;                 // consumer parts: 1/64 rate
    return 0;
}

int main() {
    cudaDeviceProp p;
    if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) { fprintf(stderr, "devinfo: no CUDA device\n"); return 1; }
    int clock_khz = 0, mem_khz = 0, bus = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, 0);
    cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, 0);
    double gbs = 2.0 * mem_khz * 1e3 * (bus / 8) / 1e9;
    double gflops = (double)p.multiProcessorCount * clock_khz * 1e3 * fp64_fma_per_sm(p.major, p.minor) * 2 / 1e9;
    printf("device %s\n", p.name);
    printf("sm %d%d sms %d clock_mhz %d mem_clock_mhz %d bus_bits %d\n", p.major, p.minor, p.multiProcessorCount,
           clock_khz / 1000, mem_khz / 1000, bus);
    printf("peak_gbs %.1f\n", gbs);
    printf("peak_gflops %.1f\n", gflops);
    return 0;
}
