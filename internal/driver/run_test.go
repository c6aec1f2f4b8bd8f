package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// The run programs (DESIGN.md §5): self-checking OpenACC programs whose
// expected standard output is NAME.out, in three directories by what they
// need:
//
//	testdata/run       plain C too: plain cc ignores the directives, so
//	                   TestRunPlainCC checks the programs themselves
//	testdata/acc       accc only (openacc.h, the acc_* routines, runtime
//	                   errors), with the same output on every target
//	testdata/discrete  separate device memory: the output depends on data
//	                   staying stale where the clauses say so; -acc=emulate
//	                   and -acc=gpu only
//
// The other tests build them with accc for one target each.

// minRunPrograms guards against the corpus silently disappearing (a wrong
// directory, a bad glob): issue 3 asks for at least 30 programs.
const minRunPrograms = 36

// cpuKnownFailures are the programs the CPU targets cannot build yet.
var cpuKnownFailures = acctest.KnownFailures{}

// Run program directories under testdata.
const (
	plainDir    = "run"
	accDir      = "acc"
	discreteDir = "discrete"
)

// targetDirs are the directories whose programs each accc target runs.
var targetDirs = map[string][]string{
	"host":      {plainDir, accDir},
	"multicore": {plainDir, accDir},
	"emulate":   {plainDir, accDir, discreteDir},
	"gpu":       {plainDir, accDir, discreteDir},
}

// runPrograms returns the run programs of the directories, failing the
// test if there are too few or if a known-failure entry names no program
// (a stale entry).
func runPrograms(t *testing.T, known acctest.KnownFailures, dirs ...string) []string {
	t.Helper()
	var files []string
	for _, d := range dirs {
		files = append(files, acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", d))...)
	}
	if len(files) < minRunPrograms {
		t.Fatalf("testdata/%v hold %d run programs, want at least %d", dirs, len(files), minRunPrograms)
	}
	var stale []string
	for name := range known {
		found := false
		for _, d := range []string{plainDir, accDir, discreteDir} {
			if _, err := os.Stat(filepath.Join(acctest.RepoRoot(t), "testdata", d, name)); err == nil {
				found = true
			}
		}
		if !found {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	for _, name := range stale {
		t.Errorf("known failure %s is not a program in testdata/%v: remove it from the list", name, dirs)
	}
	return files
}

// TestRunPlainCC builds every run program with the host C compiler, the
// directives ignored, and compares its output with NAME.out: this checks
// the programs and their expected outputs.
func TestRunPlainCC(t *testing.T) {
	cc := acctest.NeedCC(t)
	for _, f := range runPrograms(t, nil, plainDir) {
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
			for _, f := range runPrograms(t, cpuKnownFailures, targetDirs[target]...) {
				t.Run(filepath.Base(f), func(t *testing.T) {
					t.Parallel()
					r := acctest.ProgramRecipe(t, f)
					cpuKnownFailures.RunProgram(t, f, []string{accc, "-acc=" + target, "-O2"}, r.Args...)
				})
			}
		})
	}
}

// TestRunHostDevice runs every program of testdata/run built with
// -acc=emulate with ACC_DEVICE_TYPE=host: the program starts on the host
// device, every compute region runs its host version (the statement as
// written, §3.2.2), and the output must still be NAME.out. The programs
// run one at a time: the environment is the test's.
func TestRunHostDevice(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	t.Setenv("ACC_DEVICE_TYPE", "host")
	for _, f := range runPrograms(t, cpuKnownFailures, plainDir) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := acctest.ProgramRecipe(t, f)
			cpuKnownFailures.RunProgram(t, f, []string{accc, "-acc=emulate", "-O2"}, r.Args...)
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
	for _, f := range runPrograms(t, cpuKnownFailures, targetDirs["gpu"]...) {
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
	for _, f := range runPrograms(t, cpuKnownFailures, targetDirs["gpu"]...) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := acctest.ProgramRecipe(t, f)
			cpuKnownFailures.RunProgram(t, f, []string{accc, "-acc=gpu", "-O2"}, r.Args...)
		})
	}
}

// TestRuntimeErrors builds the programs of testdata/fatal, which misuse
// the data environment (present on absent data, partial presence, a bad
// queue, ...), for each CPU target: each must stop with exit status 1 and
// print every "// stderr: TEXT" line of its source on standard error, as
// the runtime's FATAL ERROR message; a crash or a silent success fails.
func TestRuntimeErrors(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	for _, target := range []string{"host", "multicore", "emulate"} {
		t.Run(target, func(t *testing.T) {
			for _, f := range acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", "fatal")) {
				t.Run(filepath.Base(f), func(t *testing.T) {
					t.Parallel()
					runFatal(t, f, accc, "-acc="+target)
				})
			}
		})
	}
}

// TestRuntimeErrorsGPU is TestRuntimeErrors for -acc=gpu, where there is
// a GPU.
func TestRuntimeErrorsGPU(t *testing.T) {
	acctest.NeedGPU(t)
	t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
	accc := acctest.Accc(t)
	for _, f := range acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", "fatal")) {
		t.Run(filepath.Base(f), func(t *testing.T) { runFatal(t, f, accc, "-acc=gpu") })
	}
}

// runFatal builds and runs one testdata/fatal program and checks its error.
func runFatal(t *testing.T, f string, compiler ...string) {
	t.Helper()
	runFailing(t, f, failing{
		kind:     "fatal",
		compiler: compiler,
		after:    []string{"-O2"},
		// A kernel's own check reports through printf, which CUDA
		// prints on standard output, before it stops the kernel.
		stdoutToo: slices.Contains(compiler, "-acc=gpu"),
	})
}

// failing says how runFailing builds and runs a program that must stop.
type failing struct {
	kind      string   // what the recipe on the program's first line must be
	compiler  []string // the compiler and its options, before the recipe's
	after     []string // options after the recipe's
	env       []string // added to the environment, before the program's // env: lines
	stdoutToo bool     // the text may be on standard output too
}

// runFailing builds and runs program f as how says: it must exit with
// status 1 and print every "// stderr: TEXT" line of its source on
// standard error.
func runFailing(t *testing.T, f string, how failing) {
	t.Helper()
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := acctest.ParseRecipe(src)
	if err != nil || r.Kind != how.kind {
		t.Fatalf("%s: the first line must be // %s (%v)", f, how.kind, err)
	}
	var wants []string
	for _, line := range strings.Split(string(src), "\n") {
		if w, ok := strings.CutPrefix(strings.TrimSpace(line), "// stderr:"); ok {
			wants = append(wants, strings.TrimSpace(w))
		}
	}
	if len(wants) == 0 {
		t.Fatalf("%s: no // stderr: line says what the program prints", f)
	}
	env, err := acctest.ProgramEnv(src)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "prog")
	var args []string
	args = append(append(append(args, how.compiler[1:]...), r.Args...), how.after...)
	args = append(args, "-o", exe, f, "-lm")
	if out, err := exec.Command(how.compiler[0], args...).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", f, err, out)
	}
	cmd := exec.Command(exe)
	if len(how.env) > 0 || len(env) > 0 {
		cmd.Env = append(append(os.Environ(), how.env...), env...)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if how.stdoutToo {
		cmd.Stdout = &stderr
	}
	err = cmd.Run()
	code := -1
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err == nil {
		code = 0
	}
	if code != 1 {
		t.Errorf("%s: exit status %d (%v), want 1\nstderr:\n%s", f, code, err, stderr.String())
	}
	for _, w := range wants {
		if !strings.Contains(stderr.String(), w) {
			t.Errorf("%s: stderr lacks %q\nstderr:\n%s", f, w, stderr.String())
		}
	}
}
