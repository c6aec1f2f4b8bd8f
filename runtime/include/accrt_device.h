/*
 * accrt_device.h: helpers for the kernel files accc generates (file.acc.cu,
 * compiled by nvcc as C++). Reductions (OpenACC 3.4 §2.5.15, §2.9.11) are
 * built from warp shuffles, a shared-memory combine per block and one
 * atomic per block into the cells of accrt_red_begin:
 *
 *   double *cell = (double *)accrt_red_begin(&sum, sizeof sum, ACCRT_SYNC, site);
 *   k<<<accrt_gangs(n, 128), 128, 0, accrt_stream(ACCRT_SYNC)>>>(n, x, cell);
 *   accrt_check_launch(site);
 *   accrt_red_end(&sum, sizeof sum, ACCRT_SYNC, site);
 *
 *   __global__ void k(int n, const double *x, double *cell) {
 *       double s = accrt_add::id<double>();
 *       for (long long i = ...; i < n; i += ...) s += x[i];
 *       accrt_reduce_to<accrt_add>(s, cell);   // every thread of the block calls it
 *   }
 *
 * Operators: accrt_add (+), accrt_mul (*), accrt_max, accrt_min, accrt_band
 * (&), accrt_bor (|), accrt_bxor (^), accrt_land (&&), accrt_lor (||). Types:
 * int, unsigned, long, unsigned long, long long, unsigned long long, float,
 * double (the bitwise operators on the integer types only); narrower types
 * reduce in int. The block-wide helpers contain __syncthreads(): every
 * thread of the block must call them.
 */
#ifndef ACCRT_DEVICE_H
#define ACCRT_DEVICE_H

#include <climits>
#include <cstring>
#include <cuda_runtime.h>

#include "accrt.h"
#include "openacc.h" /* acc_on_device and the acc_device_t constants in kernels */

/* The stream of an async queue (a queue number, ACCRT_ASYNC_NOVAL or ACCRT_SYNC). */
extern "C" cudaStream_t accrt_stream(int async);

template <class To, class From> __device__ __forceinline__ To accrt_bits(From f) {
    static_assert(sizeof(To) == sizeof(From), "accrt_bits: sizes differ");
    To t;
    memcpy(&t, &f, sizeof t);
    return t;
}

/* Identities of max and min. */
template <class T> struct accrt_limits;
#define ACCRT_LIMITS(T, LO, HI)                                                                              \
    template <> struct accrt_limits<T> {                                                                     \
        static __device__ __forceinline__ T lowest() { return LO; }                                          \
        static __device__ __forceinline__ T highest() { return HI; }                                         \
    };
ACCRT_LIMITS(int, INT_MIN, INT_MAX)
ACCRT_LIMITS(unsigned, 0u, UINT_MAX)
ACCRT_LIMITS(long, LONG_MIN, LONG_MAX)
ACCRT_LIMITS(unsigned long, 0ul, ULONG_MAX)
ACCRT_LIMITS(long long, LLONG_MIN, LLONG_MAX)
ACCRT_LIMITS(unsigned long long, 0ull, ULLONG_MAX)
ACCRT_LIMITS(float, -__int_as_float(0x7f800000), __int_as_float(0x7f800000))
ACCRT_LIMITS(double, -__longlong_as_double(0x7ff0000000000000ll), __longlong_as_double(0x7ff0000000000000ll))
#undef ACCRT_LIMITS

/* Atomic *p = op(*p, v) by compare-and-swap, for any 1-, 2-, 4- or
 * 8-byte type (narrow ones through the aligned word that holds them: a
 * reduction into the device copy of a char or short variable); it stops
 * early when the value would not change. */
template <class Op, class T> __device__ void accrt_atomic_cas(T *p, T v) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "accrt reductions: unsupported type size");
    if constexpr (sizeof(T) < 4) {
        const size_t addr = (size_t)p;
        unsigned *a = (unsigned *)(addr & ~(size_t)3);
        const unsigned shift = (unsigned)(addr & 3) * 8, mask = ((1u << (8 * sizeof(T))) - 1) << shift;
        unsigned old = *a, assumed;
        do {
            assumed = old;
            T cur;
            unsigned bits = (assumed & mask) >> shift;
            memcpy(&cur, &bits, sizeof(T));
            T res = Op::op(cur, v);
            unsigned nb = 0;
            memcpy(&nb, &res, sizeof(T));
            unsigned next = (assumed & ~mask) | ((nb << shift) & mask);
            if (next == assumed)
                return;
            old = atomicCAS(a, assumed, next);
        } while (old != assumed);
    } else if constexpr (sizeof(T) == 4) {
        unsigned *a = (unsigned *)p, old = *a, assumed;
        do {
            assumed = old;
            unsigned next = accrt_bits<unsigned>(Op::op(accrt_bits<T>(assumed), v));
            if (next == assumed)
                return;
            old = atomicCAS(a, assumed, next);
        } while (old != assumed);
    } else {
        unsigned long long *a = (unsigned long long *)p, old = *a, assumed;
        do {
            assumed = old;
            unsigned long long next = accrt_bits<unsigned long long>(Op::op(accrt_bits<T>(assumed), v));
            if (next == assumed)
                return;
            old = atomicCAS(a, assumed, next);
        } while (old != assumed);
    }
}

typedef unsigned long long accrt_ull;

/* Each operator: id<T>() (its identity), op(a, b), and atomic(p, v), which
 * uses a hardware atomic where one exists and accrt_atomic_cas elsewhere. */
#define ACCRT_OP_COMMON(NAME)                                                                                \
    template <class T> static __device__ __forceinline__ void atomic(T *p, T v) {                            \
        accrt_atomic_cas<NAME>(p, v);                                                                         \
    }
#define ACCRT_NATIVE(FN, T, U)                                                                               \
    static __device__ __forceinline__ void atomic(T *p, T v) { FN((U *)p, (U)v); }

struct accrt_add {
    template <class T> static __device__ __forceinline__ T id() { return T(0); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return a + b; }
    ACCRT_OP_COMMON(accrt_add)
    ACCRT_NATIVE(atomicAdd, int, int)
    ACCRT_NATIVE(atomicAdd, unsigned, unsigned)
    ACCRT_NATIVE(atomicAdd, long, accrt_ull)
    ACCRT_NATIVE(atomicAdd, unsigned long, accrt_ull)
    ACCRT_NATIVE(atomicAdd, long long, accrt_ull)
    ACCRT_NATIVE(atomicAdd, accrt_ull, accrt_ull)
    ACCRT_NATIVE(atomicAdd, float, float)
    ACCRT_NATIVE(atomicAdd, double, double)
};

struct accrt_mul {
    template <class T> static __device__ __forceinline__ T id() { return T(1); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return a * b; }
    ACCRT_OP_COMMON(accrt_mul)
};

struct accrt_max {
    template <class T> static __device__ __forceinline__ T id() { return accrt_limits<T>::lowest(); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return a < b ? b : a; }
    ACCRT_OP_COMMON(accrt_max)
    ACCRT_NATIVE(atomicMax, int, int)
    ACCRT_NATIVE(atomicMax, unsigned, unsigned)
    ACCRT_NATIVE(atomicMax, long, long long)
    ACCRT_NATIVE(atomicMax, unsigned long, accrt_ull)
    ACCRT_NATIVE(atomicMax, long long, long long)
    ACCRT_NATIVE(atomicMax, accrt_ull, accrt_ull)
};

struct accrt_min {
    template <class T> static __device__ __forceinline__ T id() { return accrt_limits<T>::highest(); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return b < a ? b : a; }
    ACCRT_OP_COMMON(accrt_min)
    ACCRT_NATIVE(atomicMin, int, int)
    ACCRT_NATIVE(atomicMin, unsigned, unsigned)
    ACCRT_NATIVE(atomicMin, long, long long)
    ACCRT_NATIVE(atomicMin, unsigned long, accrt_ull)
    ACCRT_NATIVE(atomicMin, long long, long long)
    ACCRT_NATIVE(atomicMin, accrt_ull, accrt_ull)
};

#define ACCRT_BITWISE(NAME, OP, ID, FN)                                                                      \
    struct NAME {                                                                                            \
        template <class T> static __device__ __forceinline__ T id() { return ID; }                           \
        template <class T> static __device__ __forceinline__ T op(T a, T b) { return a OP b; }               \
        ACCRT_OP_COMMON(NAME)                                                                                \
        ACCRT_NATIVE(FN, int, int)                                                                           \
        ACCRT_NATIVE(FN, unsigned, unsigned)                                                                 \
        ACCRT_NATIVE(FN, long, accrt_ull)                                                                    \
        ACCRT_NATIVE(FN, unsigned long, accrt_ull)                                                           \
        ACCRT_NATIVE(FN, long long, accrt_ull)                                                               \
        ACCRT_NATIVE(FN, accrt_ull, accrt_ull)                                                               \
    };
ACCRT_BITWISE(accrt_band, &, (T)~T(0), atomicAnd)
ACCRT_BITWISE(accrt_bor, |, T(0), atomicOr)
ACCRT_BITWISE(accrt_bxor, ^, T(0), atomicXor)
#undef ACCRT_BITWISE

/* && and || yield 0 or 1, as in C. */
struct accrt_land {
    template <class T> static __device__ __forceinline__ T id() { return T(1); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return T(a && b); }
    ACCRT_OP_COMMON(accrt_land)
};

struct accrt_lor {
    template <class T> static __device__ __forceinline__ T id() { return T(0); }
    template <class T> static __device__ __forceinline__ T op(T a, T b) { return T(a || b); }
    ACCRT_OP_COMMON(accrt_lor)
};

#undef ACCRT_OP_COMMON
#undef ACCRT_NATIVE

/* Atomic *p = op(*p, v). */
template <class Op, class T> __device__ __forceinline__ void accrt_atomic(T *p, T v) { Op::atomic(p, v); }

/* The linear thread index in the block and the block size. */
__device__ __forceinline__ unsigned accrt_tid() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned accrt_nthreads() { return blockDim.x * blockDim.y * blockDim.z; }

/* The lanes of this thread's warp that exist (the last warp of a block
 * whose size is not a multiple of 32 is partial). */
__device__ __forceinline__ unsigned accrt_warp_mask() {
    unsigned left = accrt_nthreads() - (accrt_tid() & ~31u);
    return left >= 32 ? 0xffffffffu : (1u << left) - 1;
}

/* Butterfly over segments of `width` lanes (a power of two <= 32): every
 * lane gets its segment's result. */
template <class Op, class T> __device__ __forceinline__ T accrt_warp_reduce(T v, int width = 32) {
    unsigned mask = accrt_warp_mask();
    for (int off = width / 2; off > 0; off /= 2)
        v = Op::op(v, (T)__shfl_xor_sync(mask, v, off, width));
    return v;
}

/* The warp's lanes in a partial warp hold the identity where no thread exists:
 * pad so the butterfly over 32 lanes stays correct. */
template <class Op, class T> __device__ __forceinline__ T accrt_warp_reduce_partial(T v) {
    unsigned mask = accrt_warp_mask();
    if (mask == 0xffffffffu)
        return accrt_warp_reduce<Op>(v);
    unsigned lane = accrt_tid() & 31u, n = __popc(mask);
    for (int off = 1; off < 32; off *= 2) {
        T o = (T)__shfl_down_sync(mask, v, off);
        if ((lane & (2 * off - 1)) == 0 && lane + off < n)
            v = Op::op(v, o);
    }
    return (T)__shfl_sync(mask, v, 0);
}

/* The reduction over the whole block (gang level inside one gang, worker
 * and vector levels of a loop that spans the block); every thread gets it. */
template <class Op, class T> __device__ T accrt_block_reduce(T v) {
    __shared__ T part[32];
    unsigned tid = accrt_tid(), nw = (accrt_nthreads() + 31) / 32;
    v = accrt_warp_reduce_partial<Op>(v);
    if ((tid & 31u) == 0)
        part[tid / 32] = v;
    __syncthreads();
    if (tid < 32) {
        v = tid < nw ? part[tid] : Op::template id<T>();
        v = accrt_warp_reduce_partial<Op>(v);
        if (tid == 0)
            part[0] = v;
    }
    __syncthreads();
    v = part[0];
    __syncthreads(); /* part may be reused by the next call */
    return v;
}

/* Vector-level reduction: across threadIdx.x, separately for each
 * (threadIdx.y, threadIdx.z); every thread gets its row's result.
 * blockDim.x must be a power of two <= 32 or a multiple of 32. */
template <class Op, class T> __device__ T accrt_vector_reduce(T v) {
    __shared__ T part[32];
    unsigned bx = blockDim.x, tid = accrt_tid(), wpr, first;
    if (bx <= 32)
        return accrt_warp_reduce<Op>(v, (int)bx);
    v = accrt_warp_reduce<Op>(v);
    if ((tid & 31u) == 0)
        part[tid / 32] = v;
    __syncthreads();
    wpr = bx / 32;
    first = (tid / bx) * wpr;
    v = part[first];
    for (unsigned w = 1; w < wpr; w++)
        v = Op::op(v, part[first + w]);
    __syncthreads();
    return v;
}

/* Worker-level reduction: across threadIdx.y, separately for each
 * (threadIdx.x, threadIdx.z); every thread gets its column's result. */
template <class Op, class T> __device__ T accrt_worker_reduce(T v) {
    __shared__ T buf[1024];
    unsigned tid = accrt_tid(), bx = blockDim.x, by = blockDim.y;
    unsigned base = threadIdx.x + bx * by * threadIdx.z;
    buf[tid] = v;
    __syncthreads();
    if (threadIdx.y == 0) {
        for (unsigned y = 1; y < by; y++)
            v = Op::op(v, buf[base + bx * y]);
        buf[tid] = v;
    }
    __syncthreads();
    v = buf[base];
    __syncthreads();
    return v;
}

/* Gang-level reduction: the block's result combined into *cell with one
 * atomic. */
template <class Op, class T> __device__ __forceinline__ void accrt_reduce_to(T v, T *cell) {
    v = accrt_block_reduce<Op>(v);
    if (accrt_tid() == 0)
        Op::atomic(cell, v);
}

#endif /* ACCRT_DEVICE_H */
