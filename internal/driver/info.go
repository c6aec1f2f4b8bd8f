package driver

import (
	"fmt"
	"io"
	"runtime"
	"strings"
)

// Info writes the toolchain and device report of `accc info`, in the spirit
// of nvaccelinfo: what accc found, and which targets can work here.
func Info(w io.Writer) error {
	fmt.Fprintf(w, "accc version:      %s (%s %s/%s)\n", Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	tc, err := Discover(true)
	if tc.CC == "" {
		fmt.Fprintf(w, "host C compiler:   not found (%v)\n", err)
	} else {
		fmt.Fprintf(w, "host C compiler:   %s (%s)\n", tc.CC, tc.CCVersion)
	}
	gpuTarget := "no (nvcc not found)"
	if tc.NVCC == "" {
		fmt.Fprintf(w, "CUDA compiler:     not found: install the CUDA toolkit, set CUDA_HOME, or run 'make cuda' in the accc tree\n")
	} else {
		fmt.Fprintf(w, "CUDA compiler:     %s (release %s, V%s, found via %s)\n", tc.NVCC, tc.NVCCVersion, tc.NVCCFullVersion, tc.NVCCFrom)
		fmt.Fprintf(w, "CUDA toolkit:      %s\n", tc.CUDAHome)
		gpuTarget = "yes (code generation lands with compute constructs)"
	}
	gpus := GPUs()
	if len(gpus) == 0 {
		fmt.Fprintf(w, "GPUs visible:      none\n")
	} else {
		fmt.Fprintf(w, "GPUs visible:      %d\n", len(gpus))
		for i, g := range gpus {
			fmt.Fprintf(w, "  device %d:        %s\n", i, strings.TrimSpace(g))
		}
	}
	fmt.Fprintf(w, "targets:\n")
	fmt.Fprintf(w, "  -acc=host        yes (sequential, shared memory)\n")
	fmt.Fprintf(w, "  -acc=gpu         %s\n", gpuTarget)
	fmt.Fprintf(w, "  -acc=multicore   not yet\n")
	fmt.Fprintf(w, "  -acc=emulate     not yet\n")
	return nil
}
