package driver_test

import (
	"path/filepath"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

// emulateDir holds the run programs whose output is -acc=emulate's own:
// the gang-redundant code of its gangs, which run one after another,
// where a GPU's gangs race, and the ACCC_CHECK settings (their "// env:"
// lines) that make a wrong program show its bug.
const emulateDir = "emulate"

// TestRunEmulate builds the programs of testdata/emulate with
// -acc=emulate and compares their output with NAME.out.
func TestRunEmulate(t *testing.T) {
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	files := acctest.Programs(t, filepath.Join(acctest.RepoRoot(t), "testdata", emulateDir))
	if len(files) < 5 {
		t.Fatalf("testdata/%s holds %d programs, want at least 5", emulateDir, len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r := acctest.ProgramRecipe(t, f)
			acctest.RunProgram(t, f, []string{accc, "-acc=emulate", "-O2"}, r.Args...)
		})
	}
}

// TestRunOrderModes builds every program of testdata/run with
// -acc=emulate and runs it with its partitioned loops' iterations (and
// its gangs) reversed and shuffled (ACCC_CHECK_ORDER): the programs are
// correct, so their output must not change.
func TestRunOrderModes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every run program once more (-short)")
	}
	acctest.NeedCC(t)
	accc := acctest.Accc(t)
	envs := [][]string{{"ACCC_CHECK_ORDER=reverse"}, {"ACCC_CHECK_ORDER=shuffle"}, {"ACCC_CHECK_ORDER=shuffle", "ACCC_CHECK_SEED=26"}}
	for _, f := range runPrograms(t, cpuKnownFailures, plainDir) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r := acctest.ProgramRecipe(t, f)
			cpuKnownFailures.RunProgramEnvs(t, f, envs, []string{accc, "-acc=emulate", "-O2"}, r.Args...)
		})
	}
}
