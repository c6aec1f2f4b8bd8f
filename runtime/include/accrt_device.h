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

#include <cassert> /* __assert_fail in device code: kernels call it where the program used assert */
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <type_traits>
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

/* Construct reductions combined by the last gang (accrt.h,
 * accrt_red_result): the gang's index in the grid and the number of
 * gangs. */
__device__ __forceinline__ unsigned accrt_gang_rank() {
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}
__device__ __forceinline__ unsigned accrt_gang_count() { return gridDim.x * gridDim.y * gridDim.z; }

/* Whether this gang is the last of the grid to get here, after storing
 * its partial results (thread 0, before the call). The fence makes the
 * stores visible before the count; atomicInc wraps the count back to 0
 * at the last gang, ready for the next launch. Every thread of the block
 * must call it. */
__device__ __forceinline__ bool accrt_last_gang(unsigned *count) {
    __shared__ bool last;
    __syncthreads();
    if (accrt_tid() == 0) {
        __threadfence();
        last = atomicInc(count, accrt_gang_count() - 1) == accrt_gang_count() - 1;
    }
    __syncthreads();
    return last;
}

/* The last gang's combination: Op over the partial results of every
 * gang (read past the L1 cache, which other gangs' stores bypass), then
 * with start, in the same order each run. Every thread gets the result. */
template <class Op, class T> __device__ T accrt_gangs_reduce(const T *part, T start) {
    T v = Op::template id<T>();
    for (unsigned i = accrt_tid(); i < accrt_gang_count(); i += accrt_nthreads())
        v = Op::op(v, ((const volatile T *)part)[i]);
    return Op::op(start, accrt_block_reduce<Op>(v));
}

/* Gang-level reduction: the block's result combined into *cell with one
 * atomic. */
template <class Op, class T> __device__ __forceinline__ void accrt_reduce_to(T v, T *cell) {
    v = accrt_block_reduce<Op>(v);
    if (accrt_tid() == 0)
        Op::atomic(cell, v);
}

/* The atomic construct (OpenACC 3.4 §2.12). accrt_atomic_read and
 * accrt_atomic_write are volatile loads and stores of the variable's width;
 * accrt_atomic_rmw<OP, NEW>(p, e) sets *p = *p OP e (the _REV codes:
 * e OP *p; ACCRT_AT_SET: e), with C's conversions, and returns the value
 * before the update, or after it when NEW. It uses atomicAdd, atomicAnd,
 * atomicOr, atomicXor and atomicExch where the type has them and a
 * compare-and-swap loop elsewhere: on the integer of the same size, or for
 * 1- and 2-byte types on the aligned 4-byte word that holds them. */
enum {
    ACCRT_AT_ADD, ACCRT_AT_SUB, ACCRT_AT_MUL, ACCRT_AT_DIV, ACCRT_AT_AND, ACCRT_AT_OR, ACCRT_AT_XOR,
    ACCRT_AT_SHL, ACCRT_AT_SHR, ACCRT_AT_SET,
    ACCRT_AT_SUB_REV, ACCRT_AT_DIV_REV, ACCRT_AT_SHL_REV, ACCRT_AT_SHR_REV,
    ACCRT_AT_MAX, ACCRT_AT_MIN /* fmax and fmin for floating x */
};

template <class T> __device__ __forceinline__ T accrt_atomic_read(T *p) { return *(volatile T *)p; }
template <class T, class U> __device__ __forceinline__ void accrt_atomic_write(T *p, U e) {
    *(volatile T *)p = (T)e;
}

template <int OP, class T, class U> __device__ __forceinline__ T accrt_atomic_apply(T x, U e) {
    if constexpr (OP == ACCRT_AT_ADD) return (T)(x + e);
    else if constexpr (OP == ACCRT_AT_SUB) return (T)(x - e);
    else if constexpr (OP == ACCRT_AT_MUL) return (T)(x * e);
    else if constexpr (OP == ACCRT_AT_DIV) return (T)(x / e);
    else if constexpr (OP == ACCRT_AT_AND) return (T)(x & e);
    else if constexpr (OP == ACCRT_AT_OR) return (T)(x | e);
    else if constexpr (OP == ACCRT_AT_XOR) return (T)(x ^ e);
    else if constexpr (OP == ACCRT_AT_SHL) return (T)(x << e);
    else if constexpr (OP == ACCRT_AT_SHR) return (T)(x >> e);
    else if constexpr (OP == ACCRT_AT_SET) return (T)e;
    else if constexpr (OP == ACCRT_AT_SUB_REV) return (T)(e - x);
    else if constexpr (OP == ACCRT_AT_DIV_REV) return (T)(e / x);
    else if constexpr (OP == ACCRT_AT_SHL_REV) return (T)(e << x);
    else if constexpr (OP == ACCRT_AT_MAX && std::is_floating_point<T>::value) return (T)fmax(x, e);
    else if constexpr (OP == ACCRT_AT_MIN && std::is_floating_point<T>::value) return (T)fmin(x, e);
    else if constexpr (OP == ACCRT_AT_MAX) return (T)(x > e ? x : e);
    else if constexpr (OP == ACCRT_AT_MIN) return (T)(x < e ? x : e);
    else return (T)(e >> x);
}

/* The compare-and-swap loop; returns the old value. */
template <int OP, class T, class U> __device__ T accrt_atomic_cas_rmw(T *p, U e) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "accrt atomic: unsupported type size");
    if constexpr (sizeof(T) < 4) {
        const size_t addr = (size_t)p;
        unsigned *a = (unsigned *)(addr & ~(size_t)3);
        const unsigned shift = (unsigned)(addr & 3) * 8, mask = ((1u << (8 * sizeof(T))) - 1) << shift;
        unsigned old = *(volatile unsigned *)a, assumed;
        T cur;
        do {
            assumed = old;
            unsigned bits = (assumed & mask) >> shift;
            memcpy(&cur, &bits, sizeof(T));
            T res = accrt_atomic_apply<OP>(cur, e);
            unsigned nb = 0;
            memcpy(&nb, &res, sizeof(T));
            old = atomicCAS(a, assumed, (assumed & ~mask) | ((nb << shift) & mask));
        } while (old != assumed);
        return cur;
    } else if constexpr (sizeof(T) == 4) {
        unsigned *a = (unsigned *)p, old = *(volatile unsigned *)a, assumed;
        do {
            assumed = old;
            old = atomicCAS(a, assumed, accrt_bits<unsigned>(accrt_atomic_apply<OP>(accrt_bits<T>(assumed), e)));
        } while (old != assumed);
        return accrt_bits<T>(assumed);
    } else {
        unsigned long long *a = (unsigned long long *)p, old = *(volatile unsigned long long *)a, assumed;
        do {
            assumed = old;
            old = atomicCAS(a, assumed,
                            accrt_bits<unsigned long long>(accrt_atomic_apply<OP>(accrt_bits<T>(assumed), e)));
        } while (old != assumed);
        return accrt_bits<T>(assumed);
    }
}

template <class T> struct accrt_atomic_word {
    typedef typename std::conditional<sizeof(T) == 4, unsigned, unsigned long long>::type type;
};

/* The old value, by a hardware atomic where one fits. */
template <int OP, class T, class U> __device__ __forceinline__ T accrt_atomic_fetch(T *p, U e) {
    constexpr bool word = sizeof(T) == 4 || sizeof(T) == 8;
    constexpr bool ints = std::is_integral<T>::value && std::is_integral<U>::value && !std::is_same<T, bool>::value;
    /* x + e in T's precision: e is not wider than x's floating type. */
    constexpr bool fadd = std::is_floating_point<T>::value && word &&
                          (std::is_integral<U>::value || sizeof(U) <= sizeof(T)) && !std::is_same<U, long double>::value;
    typedef typename accrt_atomic_word<T>::type W;
    if constexpr (word && ints && (OP == ACCRT_AT_ADD || OP == ACCRT_AT_SUB)) {
        W v = (W)(T)e;
        return (T)atomicAdd((W *)p, OP == ACCRT_AT_ADD ? v : (W)0 - v);
    } else if constexpr (fadd && (OP == ACCRT_AT_ADD || OP == ACCRT_AT_SUB)) {
        T v = (T)e;
        return atomicAdd(p, OP == ACCRT_AT_ADD ? v : -v);
    } else if constexpr (word && ints && OP == ACCRT_AT_AND) {
        return (T)atomicAnd((W *)p, (W)(T)e);
    } else if constexpr (word && ints && OP == ACCRT_AT_OR) {
        return (T)atomicOr((W *)p, (W)(T)e);
    } else if constexpr (word && ints && OP == ACCRT_AT_XOR) {
        return (T)atomicXor((W *)p, (W)(T)e);
    } else if constexpr (word && ints && sizeof(U) <= sizeof(T) && std::is_signed<T>::value == std::is_signed<U>::value &&
                         (OP == ACCRT_AT_MAX || OP == ACCRT_AT_MIN)) {
        /* atomicMax and atomicMin compare as T's signedness: e converts
         * to T without changing its value. */
        typedef typename std::conditional<std::is_signed<T>::value,
                                          typename std::conditional<sizeof(T) == 4, int, long long>::type, W>::type S;
        return (T)(OP == ACCRT_AT_MAX ? atomicMax((S *)p, (S)e) : atomicMin((S *)p, (S)e));
    } else if constexpr (word && OP == ACCRT_AT_SET) {
        return accrt_bits<T>(atomicExch((W *)p, accrt_bits<W>((T)e)));
    } else {
        return accrt_atomic_cas_rmw<OP>(p, e);
    }
}

template <int OP, bool NEW, class T, class U> __device__ __forceinline__ T accrt_atomic_rmw(T *p, U e) {
    T old = accrt_atomic_fetch<OP>(p, e);
    if constexpr (NEW)
        return accrt_atomic_apply<OP>(old, e);
    else
        return old;
}

/* The <math.h> classification builtins kernels call (lower/devicelib.go),
 * which nvcc knows only in host code, for float and double; the .cu file
 * maps the builtins' names to these after its includes. Comparisons raise no floating-point exceptions on the device,
 * so isgreater is x > y. */
template <class T> __device__ __forceinline__ int accrt_isinf_sign(T x) {
    return isinf(x) ? (signbit(x) ? -1 : 1) : 0;
}
template <class T> __device__ __forceinline__ int accrt_isnormal(T x) {
    return isfinite(x) && fabs(x) >= (sizeof(T) == sizeof(float) ? (T)1.17549435e-38F : (T)2.2250738585072014e-308);
}
template <class T>
__device__ __forceinline__ int accrt_fpclassify(int nan, int inf, int normal, int subnormal, int zero, T x) {
    return isnan(x) ? nan : isinf(x) ? inf : x == 0 ? zero : accrt_isnormal(x) ? normal : subnormal;
}
template <class T, class U> __device__ __forceinline__ int accrt_isunordered(T x, U y) { return isnan(x) || isnan(y); }
template <class T, class U> __device__ __forceinline__ int accrt_isgreater(T x, U y) { return x > y; }
template <class T, class U> __device__ __forceinline__ int accrt_isgreaterequal(T x, U y) { return x >= y; }
template <class T, class U> __device__ __forceinline__ int accrt_isless(T x, U y) { return x < y; }
template <class T, class U> __device__ __forceinline__ int accrt_islessequal(T x, U y) { return x <= y; }
template <class T, class U> __device__ __forceinline__ int accrt_islessgreater(T x, U y) { return x < y || x > y; }

/* ++ and -- on _Bool with C's meaning (C11 6.5.2.4: x++ stores x + 1
 * converted to _Bool, always 1; x-- stores x - 1, the negation), which
 * C++ does not allow on bool. */
__device__ __forceinline__ bool accrt_bool_preinc(bool *x) { return *x = true; }
__device__ __forceinline__ bool accrt_bool_postinc(bool *x) {
    bool old = *x;
    *x = true;
    return old;
}
__device__ __forceinline__ bool accrt_bool_predec(bool *x) { return *x = !*x; }
__device__ __forceinline__ bool accrt_bool_postdec(bool *x) {
    bool old = *x;
    *x = !*x;
    return old;
}

/* abort() in device code (C's abort, which CUDA has only on the host):
 * the kernel stops with an error that the launch's check reports. */
__device__ __forceinline__ void accrt_abort(void) {
    printf("accc: abort() called in device code (block %d, thread %d)\n", (int)blockIdx.x, (int)threadIdx.x);
    __trap();
}

/* exit() in device code stops the kernel like abort (CUDA has no device
 * exit; a kernel cannot end the process): the launch's check reports it.
 * Host code of this file keeps C's exit. */
__host__ __device__ __forceinline__ void accrt_device_exit(int status) {
#ifdef __CUDA_ARCH__
    printf("accc: exit(%d) called in device code (block %d, thread %d)\n", status, (int)blockIdx.x, (int)threadIdx.x);
    __trap();
#else
    exit(status);
#endif
}

/* memmove and memcmp, which CUDA has only on the host (device code has its
 * memcpy and memset). */
__host__ __device__ __forceinline__ void *accrt_memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = (unsigned char *)dst;
    const unsigned char *s = (const unsigned char *)src;
    if (d < s) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else if (d > s) {
        for (size_t i = n; i > 0; i--)
            d[i - 1] = s[i - 1];
    }
    return dst;
}
__host__ __device__ __forceinline__ int accrt_memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Kernel code calls GCC's <math.h> builtins by their names (the host
 * compiler expanded isless and friends into them); those nvcc knows only in
 * host code are the functions above. Defined last: the C++ library's
 * headers, included first, use the builtins themselves. */
#define __builtin_isinf_sign accrt_isinf_sign
#define __builtin_fpclassify accrt_fpclassify
#define __builtin_isnormal accrt_isnormal
#define __builtin_isgreater accrt_isgreater
#define __builtin_isgreaterequal accrt_isgreaterequal
#define __builtin_isless accrt_isless
#define __builtin_islessequal accrt_islessequal
#define __builtin_islessgreater accrt_islessgreater
#define __builtin_isunordered accrt_isunordered
#define abort accrt_abort
#define exit accrt_device_exit
#define memmove accrt_memmove
#define memcmp accrt_memcmp

#endif /* ACCRT_DEVICE_H */
