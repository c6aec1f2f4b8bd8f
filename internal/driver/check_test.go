package driver_test

import (
	"path/filepath"
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
			runFailing(t, f, failing{
				kind: "check",
				// -g -O0: the lines of host accesses are exact
				compiler: []string{accc, "-acc=emulate", "-g", "-O0"},
				env:      []string{"ACCC_CHECK=all"},
			})
		})
	}
}
