package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// TestSanitizer builds the programs of testdata/check, each with one of
// the bugs a GPU hides (a missing wait or update, a read of stale or never
// written data, an access past a section, a deviceptr of host memory),
// for -acc=emulate with -g -O0 (the lines of host accesses are exact
// without optimisation), and runs them with ACCC_CHECK=all (their
// // env: lines add stale where they need it). Each must exit with status 1 and
// print every "// stderr: TEXT" line of its source on standard error: the
// report naming the variable and the source lines of both accesses.
//
// The other half of the proof is TestRunTargets: every run program
// (correct ones) runs on emulate with ACCC_CHECK=all,stale and must print
// no report at all.
func TestSanitizer(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	for _, f := range acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", "check")) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			runChecked(t, f, accc)
		})
	}
}

// runChecked builds and runs one testdata/check program and checks its reports.
func runChecked(t *testing.T, f, accc string) {
	t.Helper()
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := acctest.ParseRecipe(src)
	if err != nil || r.Kind != "check" {
		t.Fatalf("%s: the first line must be // check (%v)", f, err)
	}
	var wants []string
	for _, line := range strings.Split(string(src), "\n") {
		if w, ok := strings.CutPrefix(strings.TrimSpace(line), "// stderr:"); ok {
			wants = append(wants, strings.TrimSpace(w))
		}
	}
	if len(wants) == 0 {
		t.Fatalf("%s: no // stderr: line says what the report is", f)
	}
	env, err := acctest.ProgramEnv(src)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "prog")
	args := append(append([]string{"-acc=emulate", "-g", "-O0"}, r.Args...), "-o", exe, f, "-lm")
	if out, err := exec.Command(accc, args...).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", f, err, out)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(append(os.Environ(), "ACCC_CHECK=all"), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
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
