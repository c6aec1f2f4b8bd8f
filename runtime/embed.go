package runtime

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
)

// Files holds the runtime's sources: include/ (accrt.h for generated host
// code, accrt_device.h for generated .cu files) and src/.
//
//go:embed include src
var Files embed.FS

// OpenACCVersion is the value of _OPENACC: the version of the OpenACC
// specification accc implements (3.4, June 2025).
const OpenACCVersion = 202506

// IncludeDir is the directory of Files that generated code needs on its
// include path.
const IncludeDir = "include"

// A Backend is one build of the runtime, the library libaccrt-<Name>.a.
type Backend struct {
	Name        string   // "cuda", "emulate" or "shared"
	Define      string   // the macro that selects it, ACCRT_BACKEND_<NAME>
	CSources    []string // paths in Files, compiled with the host C compiler
	CUDASources []string // paths in Files, compiled with nvcc
	Libs        []string // what linking the library needs besides it
	// MemorySource is the heap of the memory modes (src/memory.c), built
	// once per mode into an object of its own (MemoryObject) that only
	// programs linked with that mode get; "" where the device shares the
	// host's memory anyway.
	MemorySource string
}

// MemoryModes are the memory modes that link the backend's memory object,
// as driver.MemoryMode spells them, and the value of ACCRT_MEMORY_MODE for
// each (runtime/src/accrt_impl.h).
var MemoryModes = map[string]int{"managed": 1, "unified": 2, "pinned": 3}

// MemoryObject is the path, under the backend's build directory, of the
// object of memory mode mode.
func (b Backend) MemoryObject(mode string) string { return "lib/memory-" + mode + ".o" }

// Library is the file name of the backend's static library.
func (b Backend) Library() string { return "libaccrt-" + b.Name + ".a" }

// CFlags are the host compiler options for the backend's C sources, with
// includeDir the path where IncludeDir was written. The sources are C99
// and compile cleanly with -Wall -Wextra -Werror -pedantic.
func (b Backend) CFlags(includeDir string) []string {
	return []string{"-std=c99", "-O2", "-D" + b.Define, "-I" + includeDir}
}

// NVCCFlags are the nvcc options for the backend's CUDA sources, for the
// given -arch value (sm_90).
func (b Backend) NVCCFlags(includeDir, arch string) []string {
	return []string{"-arch=" + arch, "-std=c++17", "-O2", "-D" + b.Define, "-I" + includeDir}
}

var portable = []string{"src/api.c", "src/compare.c", "src/core.c", "src/data.c", "src/present.c", "src/profile.c",
	"src/trace.c"}

// hostSources are the CPU backends' own sources.
var hostSources = []string{"src/host.c", "src/api_host.c"}

// Backends lists every backend. -ldl is for ACC_PROFLIB (profile.c), -lm
// for autocompare's tolerances (compare.c).
var Backends = []Backend{
	{Name: "cuda", Define: "ACCRT_BACKEND_CUDA", CSources: append(portable[:len(portable):len(portable)], "src/fallback.c", "src/copy.c"), CUDASources: []string{"src/cuda.cu", "src/api_cuda.cu", "src/heap_cuda.cu", "src/tools.cu"},
		Libs: []string{"-lcudart", "-lpthread", "-ldl", "-lm"}, MemorySource: "src/memory.c"},
	{Name: "emulate", Define: "ACCRT_BACKEND_EMULATE", CSources: append(append(portable[:len(portable):len(portable)], hostSources...), "src/check.c", "src/heap.c", "src/emulate_exec.c", "src/race.c"),
		// -z now: the checks watch pages of the program's data, which
		// lazy binding would write to (check.c).
		Libs: []string{"-lpthread", "-ldl", "-lm", "-Wl,-z,now"}, MemorySource: "src/memory.c"},
	{Name: "shared", Define: "ACCRT_BACKEND_SHARED", CSources: append(portable[:len(portable):len(portable)], hostSources...),
		Libs: []string{"-lpthread", "-ldl", "-lm"}},
}

// ForTarget returns the backend of an -acc target: gpu → cuda, emulate →
// emulate, host and multicore → shared.
func ForTarget(target string) (Backend, bool) {
	name := map[string]string{"gpu": "cuda", "emulate": "emulate", "host": "shared", "multicore": "shared"}[target]
	for _, b := range Backends {
		if b.Name == name {
			return b, true
		}
	}
	return Backend{}, false
}

// Hash is a hex SHA-256 over the names and contents of Files, for keying a
// cache of built libraries.
func Hash() string {
	h := sha256.New()
	err := fs.WalkDir(Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := Files.ReadFile(path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write([]byte{0})
		h.Write(data)
		return nil
	})
	if err != nil {
		panic("runtime: reading the embedded sources: " + err.Error())
	}
	return hex.EncodeToString(h.Sum(nil))
}
