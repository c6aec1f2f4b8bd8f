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
// line is the recipe: `// errorcheck [flags]` and `// minfo [flags]` run
// accc -fsyntax-only with the flags (the -Minfo remarks and the directive
// errors come from lowering, which -fsyntax-only runs for every target, so
// these need no nvcc); `// buildcheck [flags]` compiles to an object with
// them (errors that only code generation finds). TestAnnotationsBuild
// checks the minfo files again through a full build.
func TestAnnotations(t *testing.T) {
	acctest.NeedCC(t)
	for _, file := range annotatedFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, recipe := readAnnotated(t, file)
			switch recipe.Kind {
			case "skip":
				t.Skip(recipe.Reason)
			case "errorcheck", "minfo":
				checkAnnotations(t, file, src, recipe, false)
			case "buildcheck":
				checkAnnotations(t, file, src, recipe, true)
			default:
				t.Fatalf("unknown recipe %q", recipe.Kind)
			}
		})
	}
}

// TestAnnotationsBuild compiles each minfo file to an object and checks
// its annotations again: a build reports the remarks -fsyntax-only
// reports, and the code generated for them compiles. The minfo files are
// GPU programs: without nvcc the test is skipped (it fails in CI).
func TestAnnotationsBuild(t *testing.T) {
	acctest.NeedCC(t)
	t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
	for _, file := range annotatedFiles(t) {
		src, recipe := readAnnotated(t, file)
		if recipe.Kind != "minfo" {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			checkAnnotations(t, file, src, recipe, true)
		})
	}
}

// annotatedFiles returns the C files of testdata/errors and testdata/minfo.
func annotatedFiles(t *testing.T) []string {
	t.Helper()
	root := acctest.RepoRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "testdata", "errors", "*.c"))
	more, _ := filepath.Glob(filepath.Join(root, "testdata", "minfo", "*.c"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no annotated C files")
	}
	return files
}

// readAnnotated reads an annotated C file and its recipe.
func readAnnotated(t *testing.T, file string) ([]byte, acctest.Recipe) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	recipe, err := acctest.ParseRecipe(src)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return src, recipe
}

// checkAnnotations runs accc on file with the recipe's flags, -fsyntax-only
// or, with build, -c to an object (which needs nvcc for the GPU: without
// one the test is skipped), and checks its diagnostics against the want
// annotations of the file and of the headers it includes from include/.
func checkAnnotations(t *testing.T, file string, src []byte, recipe acctest.Recipe, build bool) {
	t.Helper()
	args := []string{"--diag-format=json"}
	if build {
		args = append(args, "-c", "-o", filepath.Join(t.TempDir(), "x.o"))
		for _, a := range recipe.Args {
			if a == "-acc" || a == "-acc=gpu" || strings.HasPrefix(a, "-acc=gpu,") {
				t.Setenv("ACCC_NVCC", acctest.NeedNVCC(t))
			}
		}
	} else {
		args = append(args, "-fsyntax-only")
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
}

// included reports whether C source src includes include/NAME.
func included(src []byte, name string) bool {
	return strings.Contains(string(src), `#include "include/`+name+`"`)
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
