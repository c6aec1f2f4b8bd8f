package driver_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestPassCrash builds an accc whose schedule pass panics (lower's test
// hook, set at link time) and compiles a construct the user wrote at
// user.c:41:9 with it: accc reports the internal error of the pass at that
// position, exits with status 3, and prints the Go stack only with
// ACCC_DEBUG=1.
func TestPassCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a second accc")
	}
	acctest.NeedCC(t)
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "accc-panics")
	build := exec.Command(gocmd, "build", "-ldflags=-X github.com/accc-compiler/accc/lower.panicIn=schedule", "-o", exe, "./cmd/accc")
	build.Dir = acctest.RepoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src := filepath.Join(dir, "x.c")
	prog := "#line 40 \"user.c\"\nvoid f(int n, float *x) {\n#pragma acc parallel loop copyout(x[0:n])\n  for (int i = 0; i < n; i++) x[i] = i;\n}\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, debug := range []string{"", "1"} {
		cmd := exec.Command(exe, "-acc=host", "-fsyntax-only", src)
		cmd.Env = append(os.Environ(), "ACCC_DEBUG="+debug)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 3 {
			t.Errorf("ACCC_DEBUG=%q: %v, want exit status 3\n%s", debug, err, out)
		}
		first, _, _ := strings.Cut(string(out), "\n")
		if want := "user.c:41:9: internal error in pass schedule: test panic in pass schedule"; first != want {
			t.Errorf("ACCC_DEBUG=%q: first line %q, want %q", debug, first, want)
		}
		if got := strings.Contains(string(out), "goroutine "); got != (debug == "1") {
			t.Errorf("ACCC_DEBUG=%q: Go stack printed: %v\n%s", debug, got, out)
		}
	}
}
