package lower_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/lower"
)

// TestDumpGolden lowers the t.c of each testdata/dump/*.txtar archive and
// compares what --dump-ir prints with its want/PASS sections: want/NAME is
// the dump after pass NAME (a name of lower.PassNames, or all), so a new
// pass needs only a new section (add it empty and run go test -update).
// An optional flags section takes -acc=TARGET (gpu by default) and
// -Msafeptr; want/diagnostics, if present, holds what lowering reported,
// and without it an error fails the test.
func TestDumpGolden(t *testing.T) {
	acctest.NeedCC(t)
	files, _ := filepath.Glob("testdata/dump/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/dump/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			acctest.Golden(t, file, func(ar *txtar.Archive) map[string]string {
				return dumps(t, ar)
			})
		})
	}
}

func dumps(t *testing.T, ar *txtar.Archive) map[string]string {
	src, ok := acctest.Section(ar, "t.c")
	if !ok {
		t.Fatal("archive has no t.c")
	}
	opts := lower.Options{Target: "gpu", VerifyIR: true}
	for _, f := range acctest.Flags(ar) {
		switch {
		case strings.HasPrefix(f, "-acc="):
			opts.Target = strings.TrimPrefix(f, "-acc=")
		case f == "-Msafeptr":
			opts.NoAlias = true
		default:
			t.Fatalf("flags: %q is not -acc=TARGET or -Msafeptr", f)
		}
	}
	fsys, err := acctest.ArchiveFS(ar)
	if err != nil {
		t.Fatal(err)
	}
	passes := append(lower.PassNames(), "all")
	_, wantDiags := acctest.Section(ar, acctest.WantPrefix+"diagnostics")
	out := map[string]string{}
	for _, f := range ar.Files {
		pass, ok := strings.CutPrefix(f.Name, acctest.WantPrefix)
		if !ok || pass == "diagnostics" {
			continue
		}
		if !slices.Contains(passes, pass) {
			t.Errorf("section %s: no pass %q (passes: %s)", f.Name, pass, strings.Join(passes, ", "))
			continue
		}
		// Each dump lowers a fresh unit, so that no Build sees another's.
		var ds diag.List
		u, err := frontend.LoadSource(&frontend.Config{FS: fsys}, "t.c", src, &ds)
		if err != nil {
			t.Fatalf("frontend: %v\n%v", err, ds.Sorted())
		}
		var b strings.Builder
		opts.DumpIR, opts.DumpTo = pass, &b
		lower.Build(u, opts, &ds)
		out[pass] = b.String()
		var db strings.Builder
		for _, d := range ds.Sorted() {
			db.WriteString(d.String() + "\n")
		}
		out["diagnostics"] = db.String()
		if ds.HasErrors() && !wantDiags {
			t.Errorf("lowering for --dump-ir=%s reported errors:\n%s", pass, db.String())
		}
	}
	return out
}
