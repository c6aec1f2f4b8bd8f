package driver_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// TestStaticChecksQuiet compiles every run program (testdata/run, acc,
// discrete) and every benchmark program (bench/*/*.c) for the GPU with
// -fsyntax-only, which runs the whole lowering, and fails if one of the
// static checks (diag.StaticChecks) warns: these are correct programs,
// and a static check must never fire on a correct program.
func TestStaticChecksQuiet(t *testing.T) {
	acctest.NeedCC(t)
	root := acctest.RepoRoot(t)
	files := runPrograms(t, nil, plainDir, accDir, discreteDir)
	bench, _ := filepath.Glob(filepath.Join(root, "bench", "*", "*.c"))
	if len(bench) == 0 {
		t.Fatal("no benchmark programs under bench/")
	}
	files = append(files, bench...)
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			args := []string{"-acc=gpu", "-fsyntax-only", "--diag-format=json", "-I", filepath.Dir(f)}
			if src, err := os.ReadFile(f); err != nil {
				t.Fatal(err)
			} else if r, err := acctest.ParseRecipe(src); err == nil && r.Kind == "run" {
				args = append(args, r.Args...) // benchmarks have no recipe
			}
			_, stderr, status := accc(t, filepath.Dir(f), append(args, f)...)
			if status != 0 {
				// The checks run only where the lowering succeeds.
				t.Fatalf("accc %v: status %d\n%s", args, status, stderr)
			}
			for _, d := range decodeJSONDiagnostics(t, stderr) {
				if slices.Contains(diag.StaticChecks, d.Code) {
					t.Errorf("%s: %s on a correct program: %s", d.Pos, d.Code, d.Msg)
				}
			}
		})
	}
}
