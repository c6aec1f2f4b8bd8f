package lower

import "strings"

// The device library: the functions of the C library and the compiler
// builtins that compute regions may call without a routine directive.
// CUDA provides each of mathFuncs in device code (float and double
// overloads), and the CPU targets call the C library. The builtins that
// <math.h> macros expand to (isnan, INFINITY, NAN, HUGE_VAL, isgreater,
// fpclassify ...) are called by the names in builtinNames, which
// accrt.h defines as the builtins for the CPU dialects and
// accrt_device.h as device functions for CUDA, whose compiler knows some
// of them only in host code.

// mathFuncs are the library functions kernels may call.
var mathFuncs = map[string]bool{}

// deviceLibFuncs are the other C library functions device code may call:
// CUDA has a device heap.
var deviceLibFuncs = map[string]bool{"malloc": true, "free": true}

// builtinNames maps a GCC builtin kernels may call to the name kernel
// code calls it by: itself where nvcc compiles it in device code, else
// an accrt_ function of the same meaning.
var builtinNames = map[string]string{
	"__builtin_isinf_sign":     "accrt_isinf_sign",
	"__builtin_fpclassify":     "accrt_fpclassify",
	"__builtin_isnormal":       "accrt_isnormal",
	"__builtin_isgreater":      "accrt_isgreater",
	"__builtin_isgreaterequal": "accrt_isgreaterequal",
	"__builtin_isless":         "accrt_isless",
	"__builtin_islessequal":    "accrt_islessequal",
	"__builtin_islessgreater":  "accrt_islessgreater",
	"__builtin_isunordered":    "accrt_isunordered",
	"__builtin_expect":         "",
	"__builtin_isnan":          "",
	"__builtin_isinf":          "",
	"__builtin_isfinite":       "",
	"__builtin_signbit":        "",
	"__builtin_signbitf":       "",
	"__builtin_inf":            "",
	"__builtin_inff":           "",
	"__builtin_huge_val":       "",
	"__builtin_huge_valf":      "",
	"__builtin_nan":            "",
	"__builtin_nanf":           "",
	"__builtin_fabs":           "",
	"__builtin_fabsf":          "",
	"__builtin_unreachable":    "",
	"__builtin_assume_aligned": "",
	"__builtin_constant_p":     "",
	"__builtin_popcount":       "",
	"__builtin_popcountl":      "",
	"__builtin_popcountll":     "",
	"__builtin_clz":            "",
	"__builtin_clzl":           "",
	"__builtin_clzll":          "",
	"__builtin_ctz":            "",
	"__builtin_ctzl":           "",
	"__builtin_ctzll":          "",
}

// deviceCallName is the name kernel code calls library function or
// builtin f by.
func deviceCallName(f string) string {
	if n := builtinNames[f]; n != "" {
		return n
	}
	return f
}

// deviceLibrary reports whether kernels may call f without a routine
// directive.
func deviceLibrary(f string) bool { return pureLibrary(f) || deviceLibFuncs[f] }

// pureLibrary reports whether f is a math function or builtin of the
// device library: it touches no memory but what its pointer arguments
// (frexp, modf, sincos, remquo) reach.
func pureLibrary(f string) bool {
	_, builtin := builtinNames[f]
	return builtin || mathFuncs[f]
}

func init() {
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
