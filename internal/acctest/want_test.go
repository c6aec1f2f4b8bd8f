package acctest

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
)

// fakeT records what a helper reports instead of failing the real test.
// Fatal and Skip end the goroutine, as testing does; use capture.
type fakeT struct {
	testing.TB
	mu      sync.Mutex
	errs    []string
	logs    []string
	skipped string
	fatal   bool
}

func (f *fakeT) Helper() {}
func (f *fakeT) Error(args ...any) {
	f.mu.Lock()
	f.errs = append(f.errs, fmt.Sprint(args...))
	f.mu.Unlock()
}
func (f *fakeT) Errorf(format string, args ...any) { f.Error(fmt.Sprintf(format, args...)) }
func (f *fakeT) Fatal(args ...any)                 { f.Error(args...); f.fatal = true; runtime.Goexit() }
func (f *fakeT) Fatalf(format string, args ...any) { f.Fatal(fmt.Sprintf(format, args...)) }
func (f *fakeT) Log(args ...any)                   { f.logs = append(f.logs, fmt.Sprint(args...)) }
func (f *fakeT) Logf(format string, args ...any)   { f.Log(fmt.Sprintf(format, args...)) }
func (f *fakeT) Skip(args ...any)                  { f.skipped = fmt.Sprint(args...); runtime.Goexit() }
func (f *fakeT) Skipf(format string, args ...any)  { f.Skip(fmt.Sprintf(format, args...)) }

// capture runs fn with a fakeT wrapping t.
func capture(t *testing.T, fn func(tb testing.TB)) *fakeT {
	f := &fakeT{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f
}

func TestParseWants(t *testing.T) {
	src := `// minfo -Minfo=accel
void f(int n) {
#pragma acc data copy(a) create(b)   // want "Generating copy(a[:][:])" "Generating create(b[:][:])"
  x = "// not a want"; // want re"kernel f_\d+_gpu" error:"bad \"q\" \\ x"
  // want@+1 warning:re"a\\b" remark:"r"
  y();
  z(); // want@-2 "back"
  // wanted: nothing here; // wants neither
  w(); //want "no space needed"
}
`
	got, err := ParseWants("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	type w struct {
		line, comment int
		str           string
	}
	var gotW []w
	for _, x := range got {
		gotW = append(gotW, w{x.Line, x.CommentLine, x.String()})
	}
	want := []w{
		{3, 3, `"Generating copy(a[:][:])"`},
		{3, 3, `"Generating create(b[:][:])"`},
		{4, 4, `re"kernel f_\d+_gpu"`},
		{4, 4, `error:"bad \"q\" \\ x"`},
		{6, 5, `warning:re"a\\b"`},
		{6, 5, `remark:"r"`},
		{5, 7, `"back"`},
		{9, 9, `"no space needed"`},
	}
	if !reflect.DeepEqual(gotW, want) {
		t.Errorf("got  %v\nwant %v", gotW, want)
	}
	if got[3].Text != `bad "q" \ x` || !got[3].HasSeverity || got[3].Severity != diag.Error {
		t.Errorf("error expectation parsed as %+v", got[3])
	}
	if got[4].Re == nil || !got[4].Re.MatchString(`a\b`) || got[4].Severity != diag.Warning {
		t.Errorf(`re"a\\b" parsed as %+v`, got[4])
	}
}

func TestParseWantsMalformed(t *testing.T) {
	for _, tc := range []struct{ src, err string }{
		{"x; // want", "t.c:1: malformed // want annotation: no expectations"},
		{"x; // want   ", "no expectations"},
		{`x; // want "open`, "unterminated string"},
		{`x; // want text`, `expected "text", re"regexp" or a severity`},
		{`x; // want: "t"`, `unexpected ": \"t\"" after want`},
		{`x; // want "a""b"`, `expected a space after "a"`},
		{`x; // want ""`, `empty expectation`},
		{`x; // want re"("`, "missing closing )"},
		{`x; // want fatal:"x"`, `expected "text"`},
		{`x; // want@1 "x"`, `bad line offset "@1"`},
		{`x; // want@+ "x"`, `bad line offset "@+"`},
		{`x; // want@+0 "x"`, `bad line offset "@+0"`},
		{`x; // want@-1 "x"`, "points outside the file (line 0)"},
		{"x; // want@+2 \"x\"\ny;", "points outside the file (line 3)"},
		{`x; // want "a" // trailing comment`, `expected "text"`},
	} {
		_, err := ParseWants("t.c", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseWants(%q) error = %v, want one containing %q", tc.src, err, tc.err)
		}
	}
	// Every malformed annotation is reported, not just the first.
	_, err := ParseWants("t.c", []byte("a; // want\nb;\nc; // want x\n"))
	if err == nil || strings.Count(err.Error(), "\n") != 1 ||
		!strings.Contains(err.Error(), "t.c:1:") || !strings.Contains(err.Error(), "t.c:3:") {
		t.Errorf("two malformed annotations: error = %v", err)
	}
}

func at(line int, sev diag.Severity, msg string) diag.Diagnostic {
	return diag.Diagnostic{Pos: diag.Pos{File: "t.c", Line: line, Col: 1}, Severity: sev, Msg: msg}
}

func TestMatchWants(t *testing.T) {
	src := `// errorcheck
a; // want "Loop is parallelizable" remark:"Generating copy"
b; // want error:"unknown reduction"
// want@+1 re"kernel f_\d+_gpu"
c;
d; // want "a" "ab"
e; // want "missing one"
// want@+1 warning:"wrong severity"
f;
`
	wants, err := ParseWants("t.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ds := []diag.Diagnostic{
		{Severity: diag.Error, Msg: "no input files"},
		at(2, diag.Remark, "Generating copy(x[:n]) [if not already present]"),
		at(2, diag.Remark, "Loop is parallelizable"),
		at(3, diag.Error, "unknown reduction operator 'maxx'"),
		at(5, diag.Remark, "Generating CUDA kernel f_5_gpu"),
		// The greedy pairing would give "ab" to want "a" and leave "a"
		// unmatched; the best pairing matches both.
		at(6, diag.Remark, "ab"),
		at(6, diag.Remark, "a"),
		at(9, diag.Error, "wrong severity"),
		at(10, diag.Warning, "nobody expects this"),
		{Pos: diag.Pos{File: "other.h", Line: 3}, Severity: diag.Warning, Msg: "in a header"},
	}
	got := MatchWants(wants, ds)
	want := []string{
		"accc: unexpected error: no input files",
		`other.h:3: unexpected warning: in a header`,
		`t.c:7: no diagnostic was reported matching "missing one"`,
		`t.c:8: no diagnostic was reported matching warning:"wrong severity" (for line 9)`,
		`t.c:9: unexpected error: wrong severity`,
		`t.c:10: unexpected warning: nobody expects this`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// One diagnostic satisfies one expectation: a duplicate is unexpected,
	// and two expectations need two diagnostics.
	wants, _ = ParseWants("t.c", []byte(`x; // want "dup"`))
	got = MatchWants(wants, []diag.Diagnostic{at(1, diag.Remark, "dup"), at(1, diag.Remark, "dup")})
	if len(got) != 1 || got[0] != "t.c:1: unexpected remark: dup" {
		t.Errorf("duplicate diagnostic: %q", got)
	}
	wants, _ = ParseWants("t.c", []byte(`x; // want "dup" "dup"`))
	got = MatchWants(wants, []diag.Diagnostic{at(1, diag.Remark, "dup")})
	if len(got) != 1 || got[0] != `t.c:1: no diagnostic was reported matching "dup"` {
		t.Errorf("duplicate expectation: %q", got)
	}
	// File names are compared cleaned.
	wants, _ = ParseWants("./dir/t.c", []byte(`x; // want "m"`))
	d := at(1, diag.Remark, "m")
	d.Pos.File = "dir/t.c"
	if got := MatchWants(wants, []diag.Diagnostic{d}); len(got) != 0 {
		t.Errorf("cleaned file names: %q", got)
	}
}

func TestCheckWants(t *testing.T) {
	srcs := map[string][]byte{
		"a.c": []byte("x; // want \"hello\"\n"),
		"b.c": []byte("y; // want \"there\"\n"),
	}
	f := capture(t, func(tb testing.TB) {
		CheckWants(tb, srcs, []diag.Diagnostic{
			{Pos: diag.Pos{File: "a.c", Line: 1}, Severity: diag.Remark, Msg: "hello world"},
			{Pos: diag.Pos{File: "b.c", Line: 1}, Severity: diag.Remark, Msg: "other"},
		})
	})
	want := []string{
		`b.c:1: unexpected remark: other`,
		`b.c:1: no diagnostic was reported matching "there"`,
	}
	if !reflect.DeepEqual(f.errs, want) {
		t.Errorf("got %q\nwant %q", f.errs, want)
	}
	// Malformed annotations are errors, each on its own.
	srcs["c.c"] = []byte("z; // want\n")
	srcs["d.c"] = []byte("z; // want x\n")
	f = capture(t, func(tb testing.TB) { CheckWants(tb, srcs, nil) })
	if len(f.errs) != 2 || !strings.HasPrefix(f.errs[0], "c.c:1: malformed") || !strings.HasPrefix(f.errs[1], "d.c:1: malformed") {
		t.Errorf("malformed: %q", f.errs)
	}
}

func TestParseRecipe(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want Recipe
		err  string
	}{
		{"// errorcheck\nint x;", Recipe{Kind: "errorcheck", Args: []string{}}, ""},
		{"// minfo -Minfo=accel,loop -O2\n", Recipe{Kind: "minfo", Args: []string{"-Minfo=accel,loop", "-O2"}}, ""},
		{"//run", Recipe{Kind: "run", Args: []string{}}, ""},
		{"// run -acc=emulate\r\n", Recipe{Kind: "run", Args: []string{"-acc=emulate"}}, ""},
		{"// skip: needs   a GPU \n", Recipe{Kind: "skip", Reason: "needs   a GPU"}, ""},
		{"// skip:\n", Recipe{}, "needs a reason"},
		{"// skip because\n", Recipe{}, "needs a reason"},
		{"int x; // run\n", Recipe{}, "not a recipe"},
		{"\n// run\n", Recipe{}, "not a recipe"},
		{"// Run\n", Recipe{}, "not a recipe"},
		{"//\n", Recipe{}, "not a recipe"},
	} {
		got, err := ParseRecipe([]byte(tc.src))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseRecipe(%q) error = %v, want %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseRecipe(%q) = %#v, %v; want %#v", tc.src, got, err, tc.want)
		}
	}
}
