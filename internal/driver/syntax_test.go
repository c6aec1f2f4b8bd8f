package driver_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// acccEnv is accc with the environment changed: each "NAME=value" of env
// replaces that variable (an empty value unsets it in effect).
func acccEnv(t *testing.T, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(acctest.Accc(t), args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		kept := cmd.Env[:0]
		for _, e := range cmd.Env {
			if !strings.HasPrefix(e, name+"=") {
				kept = append(kept, e)
			}
		}
		cmd.Env = append(kept, kv)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running accc: %v", err)
	}
	return out.String(), errb.String(), status
}

// noNVCCEnvs are environments in which accc can find no usable nvcc: a PATH
// holding only the C compiler with no CUDA variable set, and an ACCC_NVCC
// that names no executable (an explicit choice is never replaced, so every
// nvcc lookup fails).
func noNVCCEnvs(t *testing.T) map[string][]string {
	t.Helper()
	cc := acctest.NeedCC(t)
	bin := t.TempDir()
	if err := os.Symlink(cc, filepath.Join(bin, "cc")); err != nil {
		t.Fatal(err)
	}
	clean := []string{"PATH=" + bin, "CC=", "CUDA_HOME=", "CUDA_PATH=", "ACCC_CUDA_WHEELS=", "VIRTUAL_ENV="}
	return map[string][]string{
		"PATH without nvcc":  append(clean[:len(clean):len(clean)], "ACCC_NVCC="),
		"unusable ACCC_NVCC": append(clean[:len(clean):len(clean)], "ACCC_NVCC="+filepath.Join(bin, "no-such-nvcc")),
	}
}

// Lowering-time errors: ir.Build finds them, not the frontend.
var loweringErrors = map[string]string{
	"default_none.c": `void f(int n, float *a) {
  float s = 2;
#pragma acc parallel loop default(none) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= s;
}
`,
	"collapse.c": `void f(int n, float *a) {
#pragma acc parallel loop collapse(3) copy(a[0:n*n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i*n+j] = 0;
}
`,
	"levels.c": `void f(int n, float *a) {
#pragma acc parallel loop vector copy(a[0:n*n])
  for (int i = 0; i < n; i++)
#pragma acc loop gang
    for (int j = 0; j < n; j++)
      a[i*n+j] = 0;
}
`,
}

// TestSyntaxOnlyReportsLoweringErrors: -fsyntax-only reports the errors
// that a full compile finds while lowering the directives, with the same
// positions and words, and fails.
func TestSyntaxOnlyReportsLoweringErrors(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	for name, src := range loweringErrors {
		writeFile(t, dir, name, src)
	}
	for name := range loweringErrors {
		for _, target := range []string{"-acc=host", "-acc=multicore", "-acc=emulate"} {
			t.Run(name+target, func(t *testing.T) {
				_, full, fullStatus := accc(t, dir, target, "-c", "-o", filepath.Join(t.TempDir(), "x.o"), name)
				if fullStatus != 1 || !strings.HasPrefix(full, name+":") || !strings.Contains(full, ": error: ") {
					t.Fatalf("full compile: status %d, stderr:\n%s\nwant a positioned error", fullStatus, full)
				}
				_, syntax, status := accc(t, dir, target, "-fsyntax-only", name)
				if status != 1 {
					t.Errorf("-fsyntax-only: exit status %d, want 1", status)
				}
				if syntax != full {
					t.Errorf("-fsyntax-only reported\n%s\nthe full compile\n%s", syntax, full)
				}
			})
		}
	}
}

// TestSyntaxOnlyGPUWithoutNVCC: -fsyntax-only -acc=gpu checks everything,
// prints the GPU -Minfo and reports lowering errors without nvcc.
func TestSyntaxOnlyGPUWithoutNVCC(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "saxpy.c", saxpy)
	writeFile(t, dir, "default_none.c", loweringErrors["default_none.c"])
	for name, env := range noNVCCEnvs(t) {
		t.Run(name, func(t *testing.T) {
			_, stderr, status := acccEnv(t, dir, env, "-acc=gpu", "-fsyntax-only", "-Minfo=accel", "saxpy.c")
			if status != 0 {
				t.Fatalf("exit status %d, stderr:\n%s", status, stderr)
			}
			for _, want := range []string{
				"main:\n",
				"Generating NVIDIA GPU code",
				"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */",
				"Generating reduction(+:s)",
			} {
				if !strings.Contains(stderr, want) {
					t.Errorf("-Minfo=accel output lacks %q:\n%s", want, stderr)
				}
			}
			if strings.Contains(stderr, "nvcc") {
				t.Errorf("-fsyntax-only mentions nvcc:\n%s", stderr)
			}
			_, stderr, status = acccEnv(t, dir, env, "-acc=gpu", "-fsyntax-only", "default_none.c")
			if status != 1 || !strings.HasPrefix(stderr, "default_none.c:4:23: error: variable 'n' is used in the compute region") ||
				strings.Contains(stderr, "nvcc") {
				t.Errorf("-fsyntax-only -acc=gpu of a default(none) error: status %d, stderr:\n%s", status, stderr)
			}
		})
	}
}

// TestEmitSourceGPUWithoutNVCC: --emit=source -acc=gpu writes the .acc.cu
// and .acc.c files without nvcc, which only compiling them needs.
func TestEmitSourceGPUWithoutNVCC(t *testing.T) {
	for name, env := range noNVCCEnvs(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "saxpy.c", saxpy)
			_, stderr, status := acccEnv(t, dir, env, "-acc=gpu", "--emit=source", "saxpy.c")
			if status != 0 || stderr != "" {
				t.Fatalf("exit status %d, stderr:\n%s", status, stderr)
			}
			cu, err := os.ReadFile(filepath.Join(dir, "saxpy.acc.cu"))
			if err != nil || !strings.Contains(string(cu), "__global__") {
				t.Errorf("saxpy.acc.cu: %v\n%s", err, cu)
			}
			host, err := os.ReadFile(filepath.Join(dir, "saxpy.acc.c"))
			if err != nil || !strings.Contains(string(host), "int main(void)") {
				t.Errorf("saxpy.acc.c: %v\n%s", err, host)
			}
			// Building still needs nvcc, and says so.
			_, stderr, status = acccEnv(t, dir, env, "-acc=gpu", "-c", "saxpy.c")
			if status != 1 || !strings.Contains(stderr, "nvcc") {
				t.Errorf("-acc=gpu -c without nvcc: status %d, stderr:\n%s", status, stderr)
			}
		})
	}
}
