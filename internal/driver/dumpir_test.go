package driver_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/driver"
)

// --dump-ir prints the IR on stdout with -fsyntax-only for every target
// (no nvcc needed), and during a full compile: with all, each compute
// construct after every pass.
func TestDumpIR(t *testing.T) {
	acctest.NeedCC(t)
	dir := t.TempDir()
	writeFile(t, dir, "saxpy.c", saxpy)
	passes := driver.IRPasses()
	last := passes[len(passes)-2] // the last pass before "all"
	for _, target := range []string{"gpu", "multicore", "host", "emulate"} {
		stdout, stderr, status := accc(t, dir, "-acc="+target, "-fsyntax-only", "--dump-ir="+last, "saxpy.c")
		if status != 0 || stderr != "" {
			t.Fatalf("%s: status %d, stderr:\n%s", target, status, stderr)
		}
		if !strings.HasPrefix(stdout, "construct compute parallel at saxpy.c:6:") ||
			strings.Count(stdout, "\nconstruct compute parallel at saxpy.c:10:") != 1 ||
			!strings.Contains(stdout, "\n  kernel main_10_gpu line 10 ") {
			t.Errorf("%s: --dump-ir=%s printed:\n%s", target, last, stdout)
		}
	}

	stdout, stderr, status := accc(t, dir, "-acc=host", "--dump-ir=all", "-o", "saxpy", "saxpy.c")
	if status != 0 {
		t.Fatalf("status %d, stderr:\n%s", status, stderr)
	}
	for _, p := range passes[:len(passes)-1] {
		if n := strings.Count(stdout, "# after "+p+"\nconstruct compute parallel at saxpy.c:"); n != 2 {
			t.Errorf("'# after %s' and a construct: %d times, want 2", p, n)
		}
	}
	if t.Failed() {
		t.Logf("stdout:\n%s", stdout)
	}
}
