// reduce.cu: every reduction helper of accrt_device.h for every operator
// and type, checked against a host loop. The tests compile it with nvcc;
// on a GPU machine it runs (linked with the CUDA runtime library) and
// prints "ok".
#include "accrt_device.h"

#include <cstdio>
#include <cstdlib>

// Gang level (accrt_reduce_to), vector and worker levels, and plain
// atomics, over n values, on a (bx, by) block.
template <class Op, class T> __global__ void reduce(const T *x, long long n, T *cells) {
    T s = Op::template id<T>();
    long long step = (long long)gridDim.x * blockDim.x * blockDim.y;
    for (long long i = blockIdx.x * (long long)blockDim.x * blockDim.y + accrt_tid(); i < n; i += step)
        s = Op::op(s, x[i]);
    accrt_reduce_to<Op>(s, &cells[0]);
    T v = accrt_vector_reduce<Op>(s);
    T w = accrt_worker_reduce<Op>(v);
    if (accrt_tid() == 0)
        accrt_atomic<Op>(&cells[1], w);
}

static int failures;

// Values chosen so every operator gives an exact, order-independent result.
template <class T> static T value(int op, long long i) {
    switch (op) {
    case 1: return (T)((i % 1000 == 0) ? 2 : 1);     // *: 2^11
    case 6: return (T)(~(1ull << (i % 13)) & 0xffff); // &
    case 8: return (T)(i % 5 == 0 ? 0 : 3);           // &&
    default: return (T)(i % 101);
    }
}

template <class Op, class T> static void check(const char *name, const char *type, int op, T (*comb)(T, T)) {
    const long long n = 10007;
    const int shapes[][2] = {{128, 1}, {32, 4}, {16, 3}, {96, 1}};
    T *x, *cells, want = Op::template id<T>();
    cudaMallocManaged(&x, n * sizeof(T));
    cudaMallocManaged(&cells, 2 * sizeof(T));
    for (long long i = 0; i < n; i++) {
        x[i] = value<T>(op, i);
        want = comb(want, x[i]);
    }
    for (auto &sh : shapes) {
        T id = Op::template id<T>();
        cells[0] = cells[1] = id;
        // Each block's vector+worker result is combined atomically into
        // cells[1]: the same total as cells[0].
        reduce<Op, T><<<7, dim3(sh[0], sh[1])>>>(x, n, cells);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess || cells[0] != want || cells[1] != want) {
            printf("FAIL %s %s block %dx%d: %s\n", name, type, sh[0], sh[1], cudaGetErrorString(e));
            failures++;
        }
    }
    cudaFree(x);
    cudaFree(cells);
}

template <class T> static T c_add(T a, T b) { return a + b; }
template <class T> static T c_mul(T a, T b) { return a * b; }
template <class T> static T c_max(T a, T b) { return a < b ? b : a; }
template <class T> static T c_min(T a, T b) { return b < a ? b : a; }
template <class T> static T c_band(T a, T b) { return a & b; }
template <class T> static T c_bor(T a, T b) { return a | b; }
template <class T> static T c_bxor(T a, T b) { return a ^ b; }
template <class T> static T c_land(T a, T b) { return T(a && b); }
template <class T> static T c_lor(T a, T b) { return T(a || b); }

template <class T> static void arith(const char *type) {
    check<accrt_add, T>("+", type, 0, c_add<T>);
    check<accrt_mul, T>("*", type, 1, c_mul<T>);
    check<accrt_max, T>("max", type, 2, c_max<T>);
    check<accrt_min, T>("min", type, 3, c_min<T>);
    check<accrt_land, T>("&&", type, 8, c_land<T>);
    check<accrt_lor, T>("||", type, 9, c_lor<T>);
}

template <class T> static void integer(const char *type) {
    arith<T>(type);
    check<accrt_band, T>("&", type, 6, c_band<T>);
    check<accrt_bor, T>("|", type, 7, c_bor<T>);
    check<accrt_bxor, T>("^", type, 7, c_bxor<T>);
}

int main(void) {
    integer<int>("int");
    integer<unsigned>("unsigned");
    integer<long>("long");
    integer<unsigned long>("unsigned long");
    integer<long long>("long long");
    integer<unsigned long long>("unsigned long long");
    arith<float>("float");
    arith<double>("double");
    if (accrt_gangs(0, 128) != 1 || accrt_gangs(129, 128) != 2 || accrt_gangs(1ll << 40, 1) != 2147483647u) {
        printf("FAIL accrt_gangs\n");
        failures++;
    }
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
