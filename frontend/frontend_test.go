package frontend

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
)

// TestAttach runs the frontend on each testdata/attach/*.txtar archive and
// compares where each directive attached, and the diagnostics, with the
// archive's want/ sections. The main file is t.c; other sections are
// headers it may include.
func TestAttach(t *testing.T) {
	acctest.NeedCC(t)
	files, _ := filepath.Glob("testdata/attach/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata/attach/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			acctest.Golden(t, file, func(ar *txtar.Archive) map[string]string {
				return map[string]string{"pragmas": loadAndDump(t, ar)}
			})
		})
	}
}

func loadAndDump(t *testing.T, ar *txtar.Archive) string {
	var src []byte
	for _, f := range ar.Files {
		if f.Name == "t.c" {
			src = f.Data
		}
	}
	if src == nil {
		t.Fatal("archive has no t.c")
	}
	var diags diag.List
	fsys, err := acctest.ArchiveFS(ar)
	if err != nil {
		t.Fatal(err)
	}
	u, err := LoadSource(&Config{FS: fsys}, "t.c", src, &diags)
	var b strings.Builder
	if err != nil && err != ErrRejected {
		t.Fatalf("Load: %v", err)
	}
	if u != nil {
		for _, p := range u.Pragmas {
			fmt.Fprintf(&b, "%s: %s\n", p.Pos, p.Dir)
			fmt.Fprintf(&b, "\t%s\n", placement(p))
		}
	}
	for _, d := range diags.Sorted() {
		fmt.Fprintf(&b, "%s\n", d)
	}
	return b.String()
}

// placement describes where a pragma attached, for the golden files.
func placement(p *Pragma) string {
	where := "file scope"
	if p.Func != nil {
		where = "in " + p.Func.Declarator.Name()
	}
	if p.Stmt != nil {
		pos := p.Stmt.Position()
		return fmt.Sprintf("%s, applies to the %s at %d:%d", where, stmtKind(p), pos.Line, pos.Column)
	}
	return where
}

func stmtKind(p *Pragma) string {
	s := p.Stmt
	switch {
	case s.IterationStatement != nil:
		return "loop"
	case s.CompoundStatement != nil:
		return "block"
	case s.ExpressionStatement != nil:
		return "expression statement"
	case s.SelectionStatement != nil:
		return "selection statement"
	}
	return "statement"
}

// TestUnclosedBracket covers the pre-check that keeps cc/v4 from looping
// on truncated declarations (found by FuzzFrontend).
func TestUnclosedBracket(t *testing.T) {
	tests := []struct {
		src  string
		want string // "" for none
	}{
		{"f(int n,*", "t.c:1:2 ("},
		{"int a[3;\n", "t.c:1:6 ["},
		{"int f(void) { return g((1), 2); }\n", ""},
		{"#define OPEN (\nint x = 1; // ( in a comment\nchar *s = \"(\"; char c = '[';\n/* ( */\n", ""},
		{"int v[] = {1,\n 2};\n#define BEGIN {\n", ""},
	}
	for _, tt := range tests {
		pos, c, ok := unclosedBracket("t.c", []byte(tt.src))
		got := ""
		if ok {
			got = fmt.Sprintf("t.c:%d:%d %c", pos.Line, pos.Col, c)
		}
		if got != tt.want {
			t.Errorf("unclosedBracket(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestBlankEmptyPragmaOperators(t *testing.T) {
	for src, want := range map[string]string{
		`k{_Pragma("")t`:                    `k{           t`,
		`_Pragma ( " " ) x; _Pragma("acc")`: `                x; _Pragma("acc")`,
		`my_Pragma("") f(void);`:            `my_Pragma("") f(void);`,
		`int x; /* no operators at all */`:  `int x; /* no operators at all */`,
	} {
		if got := string(blankEmptyPragmaOperators([]byte(src))); got != want {
			t.Errorf("blankEmptyPragmaOperators(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestUnterminatedPragmaOperand(t *testing.T) {
	for src, want := range map[string]string{
		`k{_Pragma("acc '")t`:                            "t.c:1:3 a character constant",
		`_Pragma("acc parallel \"x")`:                    "t.c:1:1 a string literal",
		"int x;\n  _Pragma(\"omp /* x\")":                "t.c:2:3 a comment",
		`_Pragma("acc x\\")`:                             "t.c:1:1 a line splice",
		`_Pragma("acc 'a' \"b\" /**/ // '")`:             "",
		`_Pragma("")`:                                    "",
		`char *s = "_Pragma(\"'\")"; /* _Pragma("'") */`: "",
		`#define P _Pragma("acc loop '")`:                "t.c:1:11 a character constant",
	} {
		got := ""
		if pos, what, ok := unterminatedPragmaOperand("t.c", []byte(src)); ok {
			got = fmt.Sprintf("t.c:%d:%d %s", pos.Line, pos.Col, what)
		}
		if got != want {
			t.Errorf("unterminatedPragmaOperand(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestCCFailuresArePositionedErrors: a panic inside cc/v4 and a file that
// ends inside a declaration are errors at a position of the main file.
func TestCCFailuresArePositionedErrors(t *testing.T) {
	acctest.NeedCC(t)
	for _, tt := range []struct{ src, want string }{
		{"A(int float){}", "t.c:1:1: the C frontend (cc/v4) failed on this declaration"},
		{"int x;\nstruct s { int a; } y;\nint f(void) { return 0; }\nA(int float){}\nint z;\n", "t.c:4:1: the C frontend (cc/v4) failed on this declaration"},
		{"int x;\nint y = 1\n\n", "t.c:2:10: unexpected end of file, expected ';'"},
	} {
		var diags diag.List
		_, err := LoadSource(&Config{}, "t.c", []byte(tt.src), &diags)
		if err != ErrRejected {
			t.Errorf("%q: err = %v, want ErrRejected", tt.src, err)
			continue
		}
		var got []string
		for _, d := range diags.Sorted() {
			got = append(got, fmt.Sprintf("%s:%d:%d: %s", d.Pos.File, d.Pos.Line, d.Pos.Col, d.Msg))
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], tt.want) {
			t.Errorf("%q: errors %q, want one starting %q", tt.src, got, tt.want)
		}
	}
}
