package lower

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// panicUnit is a preprocessed unit whose compute construct the user wrote
// at user.c:41:9: internal errors name that position, not the unit's
// line.
const panicUnit = `# 1 "t.i"
# 40 "user.c"
void f(int n, float *x) {
#pragma acc parallel loop copyout(x[0:n])
  for (int i = 0; i < n; i++) x[i] = i;
}
`

// buildPanic lowers panicUnit and returns the internal error it panics
// with, or nil.
func buildPanic(t *testing.T, opts Options) (ie *diag.InternalError) {
	t.Helper()
	acctest.NeedCC(t)
	var ds diag.List
	u, err := frontend.LoadPreprocessed(&frontend.Config{}, "t.i", []byte(panicUnit), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		var ok bool
		if ie, ok = r.(*diag.InternalError); !ok {
			t.Fatalf("panic %v (%T), want a *diag.InternalError", r, r)
		}
	}()
	Build(u, opts, &ds)
	return nil
}

// TestPassPanic makes each pass of compute constructs panic: the panic
// becomes an internal error that names the pass and the construct's
// position in the user's file, and keeps the stack of the panic.
func TestPassPanic(t *testing.T) {
	if ie := buildPanic(t, Options{Target: "gpu", VerifyIR: true}); ie != nil {
		t.Fatalf("without a panicking pass: %v", ie)
	}
	defer func() { panicIn = "" }()
	for _, name := range PassNames() {
		panicIn = name
		ie := buildPanic(t, Options{Target: "gpu"})
		if ie == nil {
			t.Errorf("pass %s: no internal error", name)
			continue
		}
		want := "user.c:41:9: internal error in pass " + name + ": test panic in pass " + name
		if ie.Error() != want || ie.Pass != name {
			t.Errorf("pass %s: %q (pass %q), want %q", name, ie.Error(), ie.Pass, want)
		}
		if !strings.Contains(string(ie.Stack), "lower.(*region).runPass") {
			t.Errorf("pass %s: the stack does not show the pass:\n%s", name, ie.Stack)
		}
	}
}

// TestVerifyFailure checks that a verifier finding is an internal error of
// the pass at the construct, its lines the user's.
func TestVerifyFailure(t *testing.T) {
	acctest.NeedCC(t)
	var ds diag.List
	u, err := frontend.LoadPreprocessed(&frontend.Config{}, "t.i", []byte(panicUnit), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	b := &builder{u: u, opts: Options{VerifyIR: true}, conv: newTypeConv(sourceFiles{u.File, u.Lines})}
	problems := func() []ir.Problem {
		return []ir.Problem{{Line: 5, Msg: "loop at vector inside a loop already partitioned at vector"}, {Line: 4, Msg: "a second"}}
	}
	defer func() {
		ie, ok := recover().(*diag.InternalError)
		want := "user.c:41:9: internal error in pass schedule: invalid IR: line 42: loop at vector inside a loop already partitioned at vector; line 41: a second"
		if !ok || ie.Error() != want {
			t.Errorf("got %v, want %s", ie, want)
		}
	}()
	b.verify("schedule", diag.Pos{File: "t.i", Line: 4, Col: 9}, problems)
}

// TestVerifyOff checks that without VerifyIR the verifier does not run.
func TestVerifyOff(t *testing.T) {
	b := &builder{}
	b.verify("schedule", diag.Pos{}, func() []ir.Problem {
		t.Error("the verifier ran without VerifyIR")
		return nil
	})
}

// TestPassFacts checks that every fact of the IR is provided by a pass
// of the table.
func TestPassFacts(t *testing.T) {
	var all ir.Facts
	for _, p := range computePasses {
		all |= p.provides
	}
	if want := ir.FactBlockLoops<<1 - 1; all != want {
		t.Errorf("the passes provide %s, want %s", all, want)
	}
}
