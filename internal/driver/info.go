package driver

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Info writes the toolchain and device report of `accc info`, in the spirit
// of nvaccelinfo: the tools accc found, the GPUs, and for each target what
// it needs and whether it is usable on this machine.
func Info(w io.Writer) error {
	fmt.Fprintf(w, "accc version:      %s (%s %s/%s)\n", Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)

	tc := &Toolchain{}
	cc, ccErr := FindCC()
	var ompErr error
	if ccErr != nil {
		fmt.Fprintf(w, "host C compiler:   not found (%v)\n", ccErr)
	} else {
		tc.setCC(cc)
		version := tc.CCVersion
		if version == "" {
			version = "version unknown: --version failed"
		}
		fmt.Fprintf(w, "host C compiler:   %s (%s)\n", shellQuote(cc), version)
		if ompErr = probeOpenMP(cc); ompErr != nil {
			fmt.Fprintf(w, "  OpenMP:          no: %v\n", ompErr)
		} else {
			fmt.Fprintf(w, "  OpenMP:          yes (%s -fopenmp builds and links a test program)\n", ccName(cc))
		}
	}

	from, nvcc, nvccErr := findNVCC()
	if nvccErr == nil {
		nvccErr = tc.useNVCC(from, nvcc)
	}
	switch {
	case errors.Is(nvccErr, ErrNoNVCC):
		fmt.Fprintf(w, "CUDA compiler:     not found: install the CUDA toolkit, set CUDA_HOME or ACCC_NVCC, or run 'make cuda' in the accc tree\n")
	case nvccErr != nil:
		fmt.Fprintf(w, "CUDA compiler:     unusable: %v\n", nvccErr)
	default:
		fmt.Fprintf(w, "CUDA compiler:     %s (release %s, V%s, found via %s)\n", tc.NVCC, tc.NVCCVersion, tc.NVCCFullVersion, tc.NVCCFrom)
		fmt.Fprintf(w, "CUDA toolkit:      %s\n", tc.CUDAHome)
	}

	gpus, why := queryGPUs()
	if len(gpus) == 0 {
		fmt.Fprintf(w, "GPUs:              no GPU found (%s)\n", why)
	} else {
		fmt.Fprintf(w, "GPUs:              %d\n", len(gpus))
		for i, g := range gpus {
			fmt.Fprintf(w, "  device %d:        %s\n", i, g.describe())
		}
	}

	fmt.Fprintf(w, "targets:\n")
	if ccErr != nil {
		for _, t := range []string{"host", "emulate", "multicore", "gpu"} {
			fmt.Fprintf(w, "  %-16s not usable: needs a C compiler, and none was found\n", "-acc="+t)
		}
		return nil
	}
	fmt.Fprintf(w, "  -acc=host        usable: needs only the C compiler (sequential, shared memory)\n")
	fmt.Fprintf(w, "  -acc=emulate     usable: needs only the C compiler (separate emulated device memory)\n")
	if ompErr != nil {
		fmt.Fprintf(w, "  -acc=multicore   not usable: needs the C compiler with OpenMP (-fopenmp), which fails here\n")
	} else {
		fmt.Fprintf(w, "  -acc=multicore   usable: needs the C compiler with OpenMP (-fopenmp), which works\n")
	}
	runnable := 0
	for _, g := range gpus {
		if g.supported() {
			runnable++
		}
	}
	switch {
	case nvccErr != nil:
		state := "not found"
		if !errors.Is(nvccErr, ErrNoNVCC) {
			state = "the one found does not work"
		}
		fmt.Fprintf(w, "  -acc=gpu         not usable: needs nvcc to build (%s) and an NVIDIA GPU to run\n", state)
	case runnable == 0 && len(gpus) > 0:
		fmt.Fprintf(w, "  -acc=gpu         builds (nvcc %s), but no GPU here can run the code: CUDA 13 needs compute capability 7.5 or newer\n", tc.NVCCVersion)
	case runnable == 0:
		fmt.Fprintf(w, "  -acc=gpu         builds (nvcc %s), but no GPU found to run the programs\n", tc.NVCCVersion)
	default:
		fmt.Fprintf(w, "  -acc=gpu         usable: needs nvcc (release %s) to build and an NVIDIA GPU to run (%d found)\n", tc.NVCCVersion, runnable)
	}
	return nil
}

// probeOpenMP compiles and links a small OpenMP program with the command cc
// and -fopenmp in a temporary directory: nil when that works, else what cc
// said.
func probeOpenMP(cc []string) error {
	dir, release, err := cleanups.tempDir("", "accc-openmp-")
	if err != nil {
		return err
	}
	defer release()
	src := filepath.Join(dir, "omp.c")
	const prog = "#include <omp.h>\nint main(void) {\n  int n = 0;\n#pragma omp parallel reduction(+:n)\n  n++;\n  return n != omp_get_max_threads();\n}\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		return err
	}
	out, err := toolOutput(cc[0], append(cc[1:len(cc):len(cc)], "-fopenmp", src, "-o", filepath.Join(dir, "omp"))...)
	if err != nil {
		msg := firstLine(out)
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%s -fopenmp fails: %s", ccName(cc), msg)
	}
	return nil
}

// ccName names the host compiler command cc in messages: its program's base
// name and the words after it ("gcc", "ccache gcc").
func ccName(cc []string) string {
	return shellQuote(append([]string{filepath.Base(cc[0])}, cc[1:]...))
}

// firstLine is the first non-empty line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// GPU is one device that nvidia-smi reports.
type GPU struct {
	Name       string // "NVIDIA H200"
	ComputeCap string // "9.0"; "" when nvidia-smi cannot tell
}

// describe is the device line of accc info.
func (g GPU) describe() string {
	if g.ComputeCap == "" {
		return g.Name + " (compute capability unknown)"
	}
	cc := "cc" + strings.ReplaceAll(g.ComputeCap, ".", "")
	if !g.supported() {
		return fmt.Sprintf("%s (compute capability %s: too old for CUDA 13, which needs 7.5 or newer)", g.Name, g.ComputeCap)
	}
	return fmt.Sprintf("%s (compute capability %s: build with -gpu=%s)", g.Name, g.ComputeCap, cc)
}

// supported reports whether CUDA 13 can build code for g (compute
// capability 7.5 or newer); a GPU whose capability is unknown counts.
func (g GPU) supported() bool {
	if g.ComputeCap == "" {
		return true
	}
	major, minor, _ := strings.Cut(g.ComputeCap, ".")
	ma, err1 := strconv.Atoi(major)
	mi, err2 := strconv.Atoi(minor)
	if err1 != nil || err2 != nil {
		return true
	}
	return ma*10+mi >= 75
}

// GPUs returns the GPUs nvidia-smi lists with their compute capability, or
// nil when there is no nvidia-smi or it finds none (no driver, no GPU).
func GPUs() []GPU {
	gpus, _ := queryGPUs()
	return gpus
}

// queryGPUs is GPUs that also says why it found none. It asks
// `nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader`; a
// driver too old for the compute_cap field gets `nvidia-smi -L` (names
// only).
func queryGPUs() ([]GPU, string) {
	smi, err := lookAbs("nvidia-smi")
	if err != nil {
		return nil, "nvidia-smi is not installed"
	}
	out, err := toolOutput(smi, "--query-gpu=name,compute_cap", "--format=csv,noheader")
	if err == nil {
		if gpus := parseGPUQuery(out); len(gpus) > 0 {
			return gpus, ""
		}
	}
	list, lerr := toolOutput(smi, "-L")
	if lerr == nil {
		var gpus []GPU
		for _, name := range parseGPUList(list) {
			gpus = append(gpus, GPU{Name: name})
		}
		if len(gpus) > 0 {
			return gpus, ""
		}
	}
	if err != nil {
		if msg := firstLine(out); msg != "" {
			return nil, "nvidia-smi: " + msg
		}
		return nil, "nvidia-smi failed: " + err.Error()
	}
	return nil, "nvidia-smi lists none"
}

// parseGPUQuery reads the lines of nvidia-smi
// --query-gpu=name,compute_cap --format=csv,noheader, e.g.
// "NVIDIA H200, 9.0". Lines that are not "name, N.N" are skipped.
func parseGPUQuery(out string) []GPU {
	var gpus []GPU
	for _, line := range strings.Split(out, "\n") {
		i := strings.LastIndex(line, ",")
		if i < 0 {
			continue
		}
		name, capab := strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
		major, minor, ok := strings.Cut(capab, ".")
		if _, err := strconv.Atoi(major); err != nil || !ok || name == "" {
			continue
		}
		if _, err := strconv.Atoi(minor); err != nil {
			continue
		}
		gpus = append(gpus, GPU{Name: name, ComputeCap: capab})
	}
	return gpus
}
