package driver_test

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// memoryDir holds the run programs of the memory modes (-gpu=mem:...,
// docs/memory.md), each built for -acc=emulate with the mode its recipe
// names; TestMemoryModesOthers builds them with the other modes.
const memoryDir = "memory"

// unifiedMsg is what the runtime prints once with -gpu=mem:unified where
// the device cannot access pageable memory (the emulated device never can).
const unifiedMsg = "accc runtime: -gpu=mem:unified: the device cannot access pageable host memory here (no HMM or ATS)"

// TestRunMemoryModes builds the programs of testdata/memory with
// -acc=emulate and their recipe's mode and compares their output with
// NAME.out.
func TestRunMemoryModes(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	files := acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", memoryDir))
	if len(files) < 2 {
		t.Fatalf("testdata/%s holds %d programs, want at least 2", memoryDir, len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r := acctest.ProgramRecipe(t, f)
			acctest.RunProgram(t, f, []string{accc, "-acc=emulate", "-O2"}, r.Args...)
		})
	}
}

// buildRun builds the sources with accc and args and runs the program,
// returning its standard output and error and whether it exited 0.
func buildRun(t *testing.T, accc string, args ...string) (stdout, stderr string, ok bool) {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "prog")
	build := exec.Command(accc, append(append([]string{"-acc=emulate", "-O1", "-Wno-data-stale", "-o", exe}, args...), "-lm")...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("accc %v: %v\n%s", args, err, out)
	}
	var o, e bytes.Buffer
	run := exec.Command(exe)
	run.Env = append(os.Environ(), "ACCC_CHECK=all")
	run.Stdout, run.Stderr = &o, &e
	err := run.Run()
	return o.String(), e.String(), err == nil
}

func readOut(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(acctest.RepoRoot(t), "testdata", memoryDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMemoryModesOthers builds the programs of testdata/memory with the
// modes their recipes do not name: unified behaves as managed on a device
// without HMM, with one message; separate memory (the default, and with
// pinnedalloc) copies heap data, so that managed_heap.c sees no host write
// and stops at its present clause on heap data no construct mapped, and
// the allocator gives the same blocks in every mode.
func TestMemoryModesOthers(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	dir := filepath.Join(acctest.RepoRoot(t), "testdata", memoryDir)
	heap, stress := filepath.Join(dir, "managed_heap.c"), filepath.Join(dir, "alloc_stress.c")
	t.Run("unified", func(t *testing.T) {
		t.Parallel()
		out, errOut, ok := buildRun(t, accc, "-gpu=mem:unified", heap)
		if want := readOut(t, "managed_heap.out"); !ok || out != want {
			t.Errorf("managed_heap.c with -gpu=mem:unified: ok=%v\n%s", ok, acctest.Diff("want", want, "got", out))
		}
		if strings.Count(errOut, unifiedMsg) != 1 {
			t.Errorf("stderr has not one %q:\n%s", unifiedMsg, errOut)
		}
	})
	for _, mode := range []string{"-gpu=mem:separate", "-gpu=mem:separate:pinnedalloc"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			out, errOut, ok := buildRun(t, accc, mode, heap)
			want := "1: heap 0 global 0\n2: refcount 2 then 1, present 1, device address is host address 0\n3: kernel saw 0, b[5] 6\n"
			if ok || out != want || !strings.Contains(errOut, "FATAL ERROR: data in PRESENT clause was not found on device 1: name=a") {
				t.Errorf("managed_heap.c with %s: ok=%v (want a presence error)\n%s\nstderr:\n%s", mode, ok,
					acctest.Diff("want", want, "got", out), errOut)
			}
		})
	}
	for _, mode := range []string{"-gpu=mem:separate", "-gpu=pinned", "-gpu=unified"} {
		t.Run("alloc_stress "+mode, func(t *testing.T) {
			t.Parallel()
			out, _, ok := buildRun(t, accc, mode, stress)
			if want := readOut(t, "alloc_stress.out"); !ok || out != want {
				t.Errorf("alloc_stress.c with %s: ok=%v\n%s", mode, ok, acctest.Diff("want", want, "got", out))
			}
		})
	}
}

// TestManagedLibrary links a program with a library built by plain gcc
// (testdata/memory/lib): with -gpu=mem:managed the library's malloc and
// realloc give managed memory too, which the data clauses do not copy.
func TestManagedLibrary(t *testing.T) {
	cc := acctest.NeedCC(t)
	accc := acctest.Accc(t)
	dir := filepath.Join(acctest.RepoRoot(t), "testdata", memoryDir, "lib")
	lib := t.TempDir()
	if out, err := exec.Command(cc, "-O2", "-c", filepath.Join(dir, "buffer.c"), "-o", filepath.Join(lib, "buffer.o")).CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	if out, err := exec.Command("ar", "rcs", filepath.Join(lib, "libbuffer.a"), filepath.Join(lib, "buffer.o")).CombinedOutput(); err != nil {
		t.Fatalf("ar: %v\n%s", err, out)
	}
	for mode, want := range map[string]string{
		"-gpu=mem:managed":  "shared 1\nseen 70 sum 499563\n",
		"-gpu=mem:separate": "shared 0\nseen 7 sum 499500\n",
	} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			out, errOut, ok := buildRun(t, accc, mode, filepath.Join(dir, "main.c"), "-L"+lib, "-lbuffer")
			if !ok || out != want {
				t.Errorf("ok=%v\n%s\nstderr:\n%s", ok, acctest.Diff("want", want, "got", out), errOut)
			}
		})
	}
}

// TestMemoryModesCUDALink builds the programs of testdata/memory for the
// GPU (generated CUDA through nvcc, the runtime's CUDA build, the link)
// with each memory mode: the mode's heap (memory.c over heap_cuda.cu's
// managed or pinned chunks) is in the executable, with the malloc every
// object and library reaches; separate memory has none of it. The GPU
// machine runs them (.gpu/managed.sh).
func TestMemoryModesCUDALink(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	dir := filepath.Join(acctest.RepoRoot(t), "testdata", memoryDir)
	for _, c := range []struct{ prog, mode string }{
		{"managed_heap.c", "-gpu=mem:managed"}, {"managed_heap.c", "-gpu=mem:unified"},
		{"alloc_stress.c", "-gpu=mem:separate:pinnedalloc"}, {"alloc_stress.c", "-gpu=mem:separate"},
	} {
		t.Run(c.prog+" "+c.mode, func(t *testing.T) {
			t.Parallel()
			exe := filepath.Join(t.TempDir(), "prog")
			cmd := exec.Command(accc, "-acc=gpu", "-gpu=cc90", c.mode, "-O2", "-Wno-data-stale", "-o", exe, filepath.Join(dir, c.prog))
			cmd.Env = append(os.Environ(), "ACCC_NVCC="+nvcc)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("accc: %v\n%s", err, out)
			}
			f, err := elf.Open(exe)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			syms, err := f.Symbols()
			if err != nil {
				t.Fatal(err)
			}
			defined := map[string]bool{}
			for _, s := range syms {
				if s.Section != elf.SHN_UNDEF && elf.ST_TYPE(s.Info) == elf.STT_FUNC {
					defined[s.Name] = true
				}
			}
			want := c.mode != "-gpu=mem:separate"
			for _, name := range []string{"malloc", "free", "posix_memalign", "accrt_be_heap_chunk"} {
				if defined[name] != want {
					t.Errorf("%s defined: %v, want %v", name, defined[name], want)
				}
			}
		})
	}
}
