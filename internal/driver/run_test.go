package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// The run programs (testdata/run/*.c, DESIGN.md §5): self-checking OpenACC
// programs whose expected standard output is NAME.out. Plain cc ignores
// the directives, so TestRunPlainCC checks the programs themselves; the
// other tests build them with accc for one target each.

// minRunPrograms guards against the corpus silently disappearing (a wrong
// directory, a bad glob): issue 3 asks for at least 30 programs.
const minRunPrograms = 36

// cpuKnownFailures are the programs the CPU targets cannot build yet.
var cpuKnownFailures = acctest.KnownFailures{
	"data_section_ptr2d.c": "todo(#4): deep copy of pointer-to-pointer sections",
}

// runPrograms returns the run programs, failing the test if there are too
// few or if a known-failure entry names no program (a stale entry).
func runPrograms(t *testing.T, known acctest.KnownFailures) []string {
	t.Helper()
	dir := filepath.Join(acctest.RepoRoot(t), "testdata", "run")
	files := acctest.Programs(t, dir)
	if len(files) < minRunPrograms {
		t.Fatalf("%s holds %d run programs, want at least %d", dir, len(files), minRunPrograms)
	}
	var stale []string
	for name := range known {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	for _, name := range stale {
		t.Errorf("known failure %s is not a program in %s: remove it from the list", name, dir)
	}
	return files
}

// TestRunPlainCC builds every run program with the host C compiler, the
// directives ignored, and compares its output with NAME.out: this checks
// the programs and their expected outputs.
func TestRunPlainCC(t *testing.T) {
	cc := acctest.NeedCC(t)
	for _, f := range runPrograms(t, nil) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			acctest.RunProgram(t, f, []string{cc, "-O2"})
		})
	}
}

// TestRunTargets builds every run program with accc for each CPU target
// and compares its output with NAME.out: -acc=host (sequential, shared
// memory), -acc=multicore (OpenMP threads, shared memory) and
// -acc=emulate (separate emulated device memory, so a missing copy shows
// up as a wrong result, as on a GPU).
func TestRunTargets(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	for _, target := range []string{"host", "multicore", "emulate"} {
		t.Run(target, func(t *testing.T) {
			for _, f := range runPrograms(t, cpuKnownFailures) {
				t.Run(filepath.Base(f), func(t *testing.T) {
					t.Parallel()
					r := acctest.ProgramRecipe(t, f)
					cpuKnownFailures.RunProgram(t, f, []string{accc, "-acc=" + target, "-O2"}, r.Args...)
				})
			}
		})
	}
}

// TestGeneratedCUDACompiles builds every run program for the GPU (-acc=gpu
// -c): its generated .cu must compile with nvcc and combine with the host
// object. On a machine with a GPU, TestRunGPU runs them.
func TestGeneratedCUDACompiles(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	dir := t.TempDir()
	for _, f := range runPrograms(t, cpuKnownFailures) {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			obj := filepath.Join(dir, strings.TrimSuffix(name, ".c")+".o")
			cmd := exec.Command(accc, "-acc=gpu", "-gpu=cc90", "-O2", "-c", f, "-o", obj)
			cmd.Env = append(os.Environ(), "ACCC_NVCC="+nvcc)
			out, err := cmd.CombinedOutput()
			if reason, known := cpuKnownFailures[name]; known {
				if err == nil {
					t.Fatalf("known failure (%s) now builds: remove it from the list", reason)
				}
				t.Skip(reason)
			}
			if err != nil {
				t.Fatalf("accc -acc=gpu -c %s: %v\n%s", name, err, out)
			}
		})
	}
}

// TestRunGPU runs every program built with -acc=gpu on the GPU, where
// there is one (the device machine; CI has none).
func TestRunGPU(t *testing.T) {
	acctest.NeedGPU(t)
	nvcc := acctest.NeedNVCC(t)
	accc := acctest.Accc(t)
	t.Setenv("ACCC_NVCC", nvcc)
	for _, f := range runPrograms(t, cpuKnownFailures) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := acctest.ProgramRecipe(t, f)
			cpuKnownFailures.RunProgram(t, f, []string{accc, "-acc=gpu", "-O2"}, r.Args...)
		})
	}
}
