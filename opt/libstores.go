package opt

// libraryStores lists, for the C library functions device code may call
// that store through pointer arguments (lower/devicelib.go), the indexes
// of those arguments.
var libraryStores = map[string][]int{
	"memcpy": {0}, "memmove": {0}, "memset": {0},
	"frexp": {1}, "frexpf": {1}, "modf": {1}, "modff": {1},
	"remquo": {2}, "remquof": {2}, "sincos": {1, 2}, "sincosf": {1, 2},
}
