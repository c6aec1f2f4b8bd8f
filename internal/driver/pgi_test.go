package driver_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestPGIMakefileOptions builds a two-file program with the options the
// NAS Parallel Benchmarks' OpenACC Makefiles pass to pgcc: the build
// succeeds, -mp reaches the host compile and the link (OpenMP works), and
// each ignored option is reported once for the whole invocation.
func TestPGIMakefileOptions(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "main.c", `#include <stdio.h>
#include <omp.h>
double sum(int n, const double *restrict x);
int main(void) {
    double x[100];
    int threads = 0;
#pragma omp parallel
    {
#pragma omp atomic
        threads++;
    }
    for (int i = 0; i < 100; i++) x[i] = i;
    printf("%g %d\n", sum(100, x), threads == omp_get_max_threads());
    return 0;
}
`)
	writeFile(t, dir, "sum.c", `double sum(int n, const double *restrict x) {
    double s = 0;
#pragma acc parallel loop reduction(+:s) copyin(x[0:n])
    for (int i = 0; i < n; i++) s += x[i];
    return s;
}
`)
	flags := []string{"-acc=host", "-fast", "-Msafeptr", "-Minfo=accel", "-mcmodel=medium", "-Mvect=simd",
		"-Munroll", "-Minline", "-Mlarge_arrays", "-Mfprelaxed", "-mp", "-Mvect=simd"}
	_, stderr, status := accc(t, dir, append(flags, "-o", "prog", "main.c", "sum.c")...)
	if status != 0 {
		t.Fatalf("accc failed (%d):\n%s", status, stderr)
	}
	for _, opt := range []string{"-Mvect=simd", "-Munroll", "-Minline", "-Mfprelaxed"} {
		want := "accc: warning: PGI option '" + opt + "' is ignored"
		if n := strings.Count(stderr, want); n != 1 {
			t.Errorf("%d warnings %q, want 1:\n%s", n, want, stderr)
		}
	}
	if strings.Contains(stderr, "Msafeptr") || strings.Contains(stderr, "large_arrays") || strings.Contains(stderr, "-fast") {
		t.Errorf("an honoured option is warned about:\n%s", stderr)
	}
	out, err := exec.Command(filepath.Join(dir, "prog")).Output()
	if err != nil || string(out) != "4950 1\n" {
		t.Errorf("program printed %q (%v), want %q", out, err, "4950 1\n")
	}
}

// TestPGIRejectedOptions: options that would change what the program
// means, and that accc cannot do, stop the build with a clear message.
func TestPGIRejectedOptions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "x.c", "int main(void) { return 0; }\n")
	for _, tt := range []struct{ opts, want string }{
		{"-mp=gpu", "accc: error: '-mp=gpu': OpenMP offload to the GPU is not supported"},
	} {
		_, stderr, status := accc(t, dir, append(strings.Fields(tt.opts), "-c", "x.c")...)
		if status != 2 || !strings.HasPrefix(stderr, tt.want) {
			t.Errorf("accc %s: status %d, stderr:\n%s\nwant status 2 and %q", tt.opts, status, stderr, tt.want)
		}
	}
}
