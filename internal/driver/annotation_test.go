package driver_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// TestAnnotations checks the `// want` annotations of the C files in
// testdata/errors and testdata/minfo against what accc reports. The first
// line is the recipe: `// errorcheck [flags]` runs accc -fsyntax-only with
// the flags; `// minfo [flags]` and `// buildcheck [flags]` compile to an
// object with them (errors that only code generation finds).
// included reports whether C source src includes include/NAME.
func included(src []byte, name string) bool {
	return strings.Contains(string(src), `#include "include/`+name+`"`)
}

func TestAnnotations(t *testing.T) {
	acctest.NeedCC(t)
	root := acctest.RepoRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "testdata", "errors", "*.c"))
	more, _ := filepath.Glob(filepath.Join(root, "testdata", "minfo", "*.c"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no annotated C files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			recipe, err := acctest.ParseRecipe(src)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"--diag-format=json"}
			switch recipe.Kind {
			case "skip":
				t.Skip(recipe.Reason)
			case "errorcheck":
				args = append(args, "-fsyntax-only")
			case "minfo", "buildcheck":
				args = append(args, "-c", "-o", filepath.Join(t.TempDir(), "x.o"))
			default:
				t.Fatalf("unknown recipe %q", recipe.Kind)
			}
			for _, a := range recipe.Args {
				if a == "-acc" || a == "-acc=gpu" || strings.HasPrefix(a, "-acc=gpu,") {
					t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
				}
			}
			args = append(append(args, recipe.Args...), filepath.Base(file))
			_, stderr, _ := accc(t, filepath.Dir(file), args...)
			ds := decodeJSONDiagnostics(t, stderr)
			srcs := map[string][]byte{filepath.Base(file): src}
			// Headers under include/ carry want annotations of their own:
			// diagnostics name them as the preprocessor found them.
			headers, _ := filepath.Glob(filepath.Join(filepath.Dir(file), "include", "*"))
			for _, h := range headers {
				if b, err := os.ReadFile(h); err == nil && included(src, filepath.Base(h)) {
					srcs[filepath.Join("include", filepath.Base(h))] = b
				}
			}
			acctest.CheckWants(t, srcs, ds)
		})
	}
}

// decodeJSONDiagnostics reads accc's --diag-format=json output (see
// diag.WriteJSON for the schema) back into diagnostics.
func decodeJSONDiagnostics(t *testing.T, out string) []diag.Diagnostic {
	t.Helper()
	var ds []diag.Diagnostic
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		var rec struct {
			File  string `json:"file"`
			Range *struct {
				Start struct{ Line, Character int }
			} `json:"range"`
			Severity string `json:"severity"`
			Code     string `json:"code"`
			Message  string `json:"message"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("accc printed a line that is not a JSON diagnostic: %q (%v)", line, err)
		}
		d := diag.Diagnostic{Pos: diag.Pos{File: rec.File}, Code: diag.Code(rec.Code), Msg: rec.Message}
		if rec.Range != nil {
			d.Pos.Line = rec.Range.Start.Line + 1
			d.Pos.Col = rec.Range.Start.Character + 1
		}
		switch rec.Severity {
		case "error":
			d.Severity = diag.Error
		case "warning":
			d.Severity = diag.Warning
		default:
			d.Severity = diag.Remark
		}
		ds = append(ds, d)
	}
	return ds
}
