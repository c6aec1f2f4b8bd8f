package lower

import "strings"

// The device library: the functions of the C library and the compiler
// builtins that compute regions may call without a routine directive.
// CUDA provides each of mathFuncs in device code (float and double
// overloads), and the CPU targets call the C library. The builtins that
// <math.h> macros expand to (isnan, INFINITY, NAN, HUGE_VAL, isgreater,
// fpclassify ...) are called by their own names; the .cu file maps those
// nvcc knows only in host code to device functions of accrt_device.h.

// mathFuncs are the library functions kernels may call.
var mathFuncs = map[string]bool{}

// deviceLibFuncs are the other C library functions device code may call:
// CUDA has a device heap, and assert (glibc's <assert.h> calls
// __assert_fail, which CUDA declares for device code too); abort stops
// the kernel (accrt_device.h: __trap on CUDA), and so does exit; CUDA
// has memcpy and memset, and accrt_device.h memmove and memcmp. The CPU
// targets call the C library's.
var deviceLibFuncs = map[string]bool{"malloc": true, "free": true, "__assert_fail": true, "abort": true,
	"exit": true, "memcpy": true, "memset": true, "memmove": true, "memcmp": true}

// builtinNames are the GCC builtins kernels may call.
var builtinNames = map[string]bool{}

// deviceLibrary reports whether kernels may call f without a routine
// directive.
func deviceLibrary(f string) bool { return pureLibrary(f) || deviceLibFuncs[f] }

// pureLibrary reports whether f is a math function or builtin of the
// device library: it touches no memory but what its pointer arguments
// (frexp, modf, sincos, remquo) reach.
func pureLibrary(f string) bool {
	return builtinNames[f] || mathFuncs[f]
}

func init() {
	for _, f := range strings.Fields(`__builtin_isinf_sign __builtin_fpclassify __builtin_isnormal __builtin_isgreater
		__builtin_isgreaterequal __builtin_isless __builtin_islessequal __builtin_islessgreater
		__builtin_isunordered __builtin_expect __builtin_isnan __builtin_isinf __builtin_isfinite
		__builtin_signbit __builtin_signbitf __builtin_inf __builtin_inff __builtin_huge_val
		__builtin_huge_valf __builtin_nan __builtin_nanf __builtin_fabs __builtin_fabsf
		__builtin_unreachable __builtin_assume_aligned __builtin_constant_p __builtin_popcount
		__builtin_popcountl __builtin_popcountll __builtin_clz __builtin_clzl __builtin_clzll
		__builtin_ctz __builtin_ctzl __builtin_ctzll`) {
		builtinNames[f] = true
	}
	for _, f := range strings.Fields(`sqrt cbrt hypot exp exp2 exp10 expm1 log log2 log10 log1p pow
		sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh erf erfc tgamma lgamma
		fabs fmax fmin fmod remainder remquo floor ceil round trunc rint nearbyint lround llround
		lrint llrint copysign fdim fma frexp ldexp modf nextafter scalbn scalbln ilogb logb nan
		sincos j0 j1 jn y0 y1 yn`) {
		mathFuncs[f] = true
		mathFuncs[f+"f"] = true
	}
	// acc_on_device (§3.2.15) has device code in openacc.h.
	for _, f := range strings.Fields("abs labs llabs printf isnan isinf isfinite signbit acc_on_device") {
		mathFuncs[f] = true
	}
}
