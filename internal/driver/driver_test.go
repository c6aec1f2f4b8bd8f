package driver_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/driver"
)

// accc runs the accc binary in dir and returns its stdout, stderr and exit
// status.
func accc(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(acctest.Accc(t), args...)
	cmd.Dir = dir
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

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const saxpy = `#include <stdio.h>
#define N 1000
float x[N], y[N];
int main(void) {
    for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
#pragma acc parallel loop copyin(x[0:N]) copy(y[0:N])
    for (int i = 0; i < N; i++)
        y[i] = 2.0f * x[i] + y[i];
    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < N; i++) s += y[i];
    printf("%.1f\n", s);
    return 0;
}
`

func TestSyntaxOnlyMalformedDirective(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "bad.c", "void f(int n, float *a) {\n#pragma acc parallel loop copyin(a[0:n]) gang gang(num:4\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n")
	_, stderr, status := accc(t, dir, "-acc", "-fsyntax-only", "bad.c")
	if status != 1 {
		t.Errorf("exit status %d, want 1; stderr:\n%s", status, stderr)
	}
	if !strings.HasPrefix(stderr, "bad.c:2:") || !strings.Contains(stderr, ": error: ") {
		t.Errorf("stderr does not start with a positioned error:\n%s", stderr)
	}
	if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
		t.Errorf("stack trace in output:\n%s", stderr)
	}
}

func TestSyntaxOnlyCorrectFileIsSilent(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "ok.c", saxpy)
	stdout, stderr, status := accc(t, dir, "-acc", "-fsyntax-only", "ok.c")
	if status != 0 || stdout != "" || stderr != "" {
		t.Errorf("status %d, stdout %q, stderr %q; want 0 and silence", status, stdout, stderr)
	}
}

func TestHostTargetRunsProgram(t *testing.T) {
	cc := acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "saxpy.c", saxpy)
	if _, stderr, status := accc(t, dir, "-acc=host", "-O2", "-o", "saxpy", "saxpy.c"); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	got, err := exec.Command(filepath.Join(dir, "saxpy")).Output()
	if err != nil {
		t.Fatal(err)
	}
	ref := exec.Command(cc, "-o", filepath.Join(dir, "ref"), filepath.Join(dir, "saxpy.c"))
	if out, err := ref.CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	want, _ := exec.Command(filepath.Join(dir, "ref")).Output()
	if string(got) != string(want) || string(got) != "1000000.0\n" {
		t.Errorf("output %q, reference %q, want %q", got, want, "1000000.0\n")
	}
}

func TestExampleJacobi(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	src, err := filepath.Abs("../../examples/jacobi.c")
	if err != nil {
		t.Fatal(err)
	}
	if _, stderr, status := accc(t, dir, "-acc=host", "-Minfo=accel", "-O2", "-o", "jacobi", src, "-lm"); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	out, err := exec.Command(filepath.Join(dir, "jacobi")).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "iterations: 1000\nresidual: 2.419263e-04\nchecksum: 4361.503235\n"
	if string(out) != want {
		t.Errorf("jacobi printed\n%s\nwant\n%s", out, want)
	}
}

func TestPlainCIsByteIdentical(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	src := "/* no directives */\n#include <stdio.h>\n#pragma GCC diagnostic push\nint main(void) { puts(\"hi\"); return 0; }\n#pragma GCC diagnostic pop\n"
	writeFile(t, dir, "plain.c", src)
	if _, stderr, status := accc(t, dir, "-acc=host", "--emit=source", "plain.c"); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "plain.acc.c"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != src {
		t.Errorf("generated host file differs from the input:\n%s", got)
	}
	if _, stderr, status := accc(t, dir, "-o", "plain", "plain.c"); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	if out, _ := exec.Command(filepath.Join(dir, "plain")).Output(); string(out) != "hi\n" {
		t.Errorf("plain program printed %q", out)
	}
}

func TestSeparateCompilationAndDeps(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "util.h", "double twice(double);\n")
	writeFile(t, dir, "util.c", "#include \"util.h\"\ndouble twice(double v) { return 2 * v; }\n")
	writeFile(t, dir, "main.c", "#include <stdio.h>\n#include \"util.h\"\nint main(void) {\n  double a[4] = {1, 2, 3, 4};\n#pragma acc parallel loop copy(a)\n  for (int i = 0; i < 4; i++) a[i] = 2 * a[i];\n  printf(\"%g\\n\", a[0] + a[1] + a[2] + a[3] + twice(0));\n  return 0;\n}\n")
	for _, f := range []string{"util.c", "main.c"} {
		if _, stderr, status := accc(t, dir, "-acc=host", "-MMD", "-c", f); status != 0 {
			t.Fatalf("accc -c %s failed (%d):\n%s", f, status, stderr)
		}
	}
	dep, err := os.ReadFile(filepath.Join(dir, "main.d"))
	if err != nil || !strings.Contains(string(dep), "util.h") {
		t.Errorf("main.d missing or without util.h: %q, %v", dep, err)
	}
	if _, stderr, status := accc(t, dir, "-acc=host", "main.o", "util.o", "-o", "prog"); status != 0 {
		t.Fatalf("link failed (%d):\n%s", status, stderr)
	}
	if out, _ := exec.Command(filepath.Join(dir, "prog")).Output(); string(out) != "20\n" {
		t.Errorf("program printed %q, want 20", out)
	}
}

func TestPreprocessOnly(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "m.c", "#define TWICE(x) (2*(x))\nint v = TWICE(VAL);\n")
	stdout, stderr, status := accc(t, dir, "-E", "-DVAL=21", "m.c")
	if status != 0 || !strings.Contains(stdout, "int v = (2*(21));") {
		t.Errorf("status %d, stdout:\n%s\nstderr:\n%s", status, stdout, stderr)
	}
}

func TestVerbosePrintsCommands(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "v.c", "int main(void) { return 0; }\n")
	_, stderr, status := accc(t, dir, "-v", "-c", "v.c")
	if status != 0 || !strings.Contains(stderr, " -c ") || !strings.Contains(stderr, "v.c -o v.o") {
		t.Errorf("status %d, -v output:\n%s", status, stderr)
	}
}

func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-c", "missing.c"}, "accc: error: missing.c: No such file or directory\n"},
		{[]string{"-bogus", "x.c"}, "accc: error: unrecognized command-line option '-bogus'"},
		{[]string{}, "accc: fatal error: no input files"},
		{[]string{"-acc=tpu", "x.c"}, "tpu"},
	}
	for _, tt := range tests {
		_, stderr, status := accc(t, dir, tt.args...)
		if status == 0 || !strings.Contains(stderr, tt.want) {
			t.Errorf("accc %v: status %d, stderr %q; want non-zero and %q", tt.args, status, stderr, tt.want)
		}
		if strings.Contains(stderr, "goroutine ") {
			t.Errorf("accc %v printed a stack trace", tt.args)
		}
	}
}

// TestUnsupportedConstructIsPositionedError: every target rejects a
// construct it cannot compile yet at its position, with status 1.
func TestUnsupportedConstructIsPositionedError(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "k.c", "void f(int n, float *x) {\n#pragma acc parallel loop copy(x[0:n])\n  for (int i = 0; i < n; i++) {\n#pragma acc wait\n    x[i] += 1;\n  }\n}\n")
	for _, target := range []string{"-acc=host", "-acc=multicore", "-acc=emulate"} {
		_, stderr, status := accc(t, dir, target, "-c", "k.c")
		if status != 1 || !strings.HasPrefix(stderr, "k.c:4:9: error: '#pragma acc wait' inside a compute construct is not supported yet") {
			t.Errorf("%s: status %d, stderr:\n%s", target, status, stderr)
		}
	}
}

// TestNVCCCompilesKernels checks that the CUDA compiler accc finds (on PATH,
// CUDA_HOME, or the project-local install of `make cuda`) builds sm_90 code
// of the kind accc generates: warp shuffles, atomics, a launch stub.
func TestNVCCCompilesKernels(t *testing.T) {
	nvcc := acctest.NeedNVCC(t)
	dir := t.TempDir()
	cu := writeFile(t, dir, "k.cu", `#include <cuda_runtime.h>
__global__ void __launch_bounds__(128) sum_gpu(int n, const double *__restrict__ x, double *out) {
    double v = 0;
    for (long i = blockIdx.x * 128L + threadIdx.x; i < n; i += (long)gridDim.x * 128)
        v += x[i];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}
extern "C" int sum_launch(int n, const double *x, double *out) {
    sum_gpu<<<(n + 127) / 128, 128>>>(n, x, out);
    return cudaGetLastError() != cudaSuccess;
}
`)
	cmd := exec.Command(nvcc, "-arch=sm_90", "-c", cu, "-o", filepath.Join(dir, "k.o"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvcc: %v\n%s", err, out)
	}
}

func TestInfoReportsToolchain(t *testing.T) {
	acctest.NeedCC(t)
	stdout, stderr, status := accc(t, t.TempDir(), "info")
	if status != 0 || !strings.Contains(stdout, "host C compiler:") || !strings.Contains(stdout, "-acc=host") {
		t.Errorf("accc info: status %d\n%s%s", status, stdout, stderr)
	}
	if os.Getenv("ACCC_NVCC") != "" && !strings.Contains(stdout, "release 13") {
		t.Errorf("accc info does not report the CUDA release of $ACCC_NVCC:\n%s", stdout)
	}
}

// TestSeedGameOfLifeOnHost runs the Game of Life of seed 000 (the benchmark
// in ../shared/bench) on the host target; its known answer is 45224 cells.
func TestSeedGameOfLifeOnHost(t *testing.T) {
	acctest.NeedCC(t)
	src := filepath.Join(acctest.RepoRoot(t), "..", "shared", "bench", "gol_acc.c")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("the shared benchmarks are not beside the checkout: %v", err)
	}
	dir := t.TempDir()
	if _, stderr, status := accc(t, dir, "-acc=host", "-O2", "-o", "gol", src); status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	out, err := exec.Command(filepath.Join(dir, "gol")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "Total Alive: 45224\n") {
		t.Errorf("gol printed:\n%s", out)
	}
}

// TestPrintLibs checks that objects accc built link with the host
// compiler alone, given what --print-libs prints.
func TestPrintLibs(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "x.c", "#include <stdio.h>\nint main(void) {\n    int a[8], s = 0;\n#pragma acc parallel loop copyout(a) reduction(+:s)\n    for (int i = 0; i < 8; i++) { a[i] = i; s += i; }\n    printf(\"%d %d\\n\", a[7], s);\n    return 0;\n}\n")
	if _, stderr, status := accc(t, dir, "-acc=emulate", "-c", "x.c", "-o", "x.o"); status != 0 {
		t.Fatalf("accc -c: %d\n%s", status, stderr)
	}
	libs, stderr, status := accc(t, dir, "-acc=emulate", "--print-libs")
	if status != 0 || strings.Count(libs, "\n") != 1 {
		t.Fatalf("accc --print-libs: status %d, stdout %q\n%s", status, libs, stderr)
	}
	cc, err := driver.FindCC()
	if err != nil {
		t.Fatal(err)
	}
	link := exec.Command("sh", "-c", strings.Join(cc, " ")+" x.o "+strings.TrimSpace(libs)+" -o x && ./x")
	link.Dir = dir
	if out, err := link.CombinedOutput(); err != nil || string(out) != "7 28\n" {
		t.Errorf("linking with %s: %v\n%s", libs, err, out)
	}
}
