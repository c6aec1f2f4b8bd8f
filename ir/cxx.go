package ir

import (
	"regexp"
	"strings"
)

// cxxReserved are the identifiers a C program may declare that the C++
// of CUDA kernel files cannot use as its names: C++20's keywords that C11
// does not reserve (C++26's contract_assert too), the alternative tokens
// of operators (and, or, not, ...; C gets them only from <iso646.h>, as
// macros), GNU C's asm and typeof outside the GNU dialects, the C99
// keywords an -std=c89 program may use as names (the .acc.cu defines
// restrict as __restrict__), the name of the standard namespace, and the
// built-in variables CUDA gives every kernel, which generated code uses
// in the scopes the user's names are declared in.
var cxxReserved = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`
		alignas alignof and and_eq asm bitand bitor bool catch char8_t char16_t
		char32_t class compl concept consteval constexpr constinit const_cast
		contract_assert co_await co_return co_yield decltype delete
		dynamic_cast explicit export false friend inline mutable namespace new
		noexcept not not_eq nullptr operator or or_eq private protected public
		reinterpret_cast requires restrict static_assert static_cast template
		this thread_local throw true try typeid typename typeof using virtual
		wchar_t xor xor_eq
		std
		threadIdx blockIdx blockDim gridDim warpSize dim3`) {
		cxxReserved[n] = true
	}
}

// cudaVectorType matches the names of CUDA's vector types (float3,
// ulonglong2, double4_32a, ...), which its headers declare at global
// scope: a type of the user's program with such a name would redefine
// them.
var cudaVectorType = regexp.MustCompile(`^(u?char|u?short|u?int|u?long|u?longlong|float|double)[1-4](_16a|_32a)?$`)

// CXXReserved reports whether C++ kernel code cannot use the C
// identifier name as it is (CXXName renames it).
func CXXReserved(name string) bool {
	return cxxReserved[name] || cudaVectorType.MatchString(name)
}

// CXXName returns the identifier that C++ kernel code (the .acc.cu) uses
// for the C identifier name: accc_cxx_NAME for those C++ or CUDA reserves
// (CXXReserved), the name itself for the others. Every name the user's
// program declares goes through it in C++ (variables, members, struct,
// union and typedef names, labels), so that kernels, device routines,
// type definitions and declare'd globals agree; host code keeps the C
// names, and kernels take their arguments by position.
func CXXName(name string) string {
	if CXXReserved(name) {
		return CXXPrefix + name
	}
	return name
}
