package lower_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/acctest"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/lower"
)

func TestMain(m *testing.M) { acctest.Main(m) }

func build(t *testing.T, src string) (*ir.Program, []diag.Diagnostic) {
	t.Helper()
	return buildWith(t, src, lower.Options{Target: "gpu"})
}

func buildWith(t *testing.T, src string, opts lower.Options) (*ir.Program, []diag.Diagnostic) {
	t.Helper()
	acctest.NeedCC(t)
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{}, "t.c", []byte(src), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	opts.VerifyIR = true
	p := lower.Build(u, opts, &ds)
	return p, ds.Sorted()
}

func errorsOf(ds []diag.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		if d.Severity == diag.Error {
			b.WriteString(d.String() + "\n")
		}
	}
	return b.String()
}

// The classes of §2.6.2: scalars firstprivate in parallel, arrays copied,
// loop variables private, reduction variables reduced.
func TestImplicitDataAttributes(t *testing.T) {
	p, ds := build(t, `
double a[100];
void f(int n, double s) {
    int i;
    double sum = 0;
#pragma acc parallel loop reduction(+:sum)
    for (i = 0; i < n; i++) { a[i] = s * i; sum += a[i]; }
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	r := p.Constructs[0].Region
	want := map[string]ir.VarClass{"i": ir.PrivateVar, "n": ir.ByValue, "a": ir.ArrayData, "s": ir.ByValue, "sum": ir.Reduced}
	for _, v := range r.Vars {
		if c, ok := want[v.Name]; !ok || c != v.Class {
			t.Errorf("%s: class %d, want %d", v.Name, v.Class, c)
		}
	}
	if len(p.Constructs[0].Maps) != 1 || p.Constructs[0].Maps[0].Section.MinfoText() != "a[:]" || !p.Constructs[0].Maps[0].Implicit {
		t.Errorf("maps: %+v", p.Constructs[0].Maps)
	}
}

// Scalars written in kernels outside partitioned loops stay in device
// memory (implicit copy); read-only ones are passed by value.
func TestKernelsScalars(t *testing.T) {
	p, ds := build(t, `
void f(int n, float *x) {
    int last = 0;
#pragma acc kernels copy(x[0:n])
    {
#pragma acc loop independent
        for (int i = 0; i < n; i++) x[i] = i;
        last = n;
    }
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	r := p.Constructs[0].Region
	if len(r.Kernels) != 2 || r.Kernels[0].Serial || !r.Kernels[1].Serial {
		t.Fatalf("kernels: %d, want a parallel and a serial one", len(r.Kernels))
	}
	for _, v := range r.Vars {
		switch v.Name {
		case "last":
			if v.Class != ir.ByPointer {
				t.Errorf("last: class %d, want ByPointer", v.Class)
			}
		case "n":
			if v.Class != ir.ByValue {
				t.Errorf("n: class %d, want ByValue", v.Class)
			}
		}
	}
}

// Loop levels: gang for the outer loop, vector for the inner one, and the
// launch shape that follows.
func TestLoopLevels(t *testing.T) {
	p, ds := build(t, `
void f(int n, float *restrict y) {
#pragma acc parallel loop copy(y[0:n*n]) vector_length(64)
    for (int i = 0; i < n; i++) {
#pragma acc loop
        for (int j = 0; j < n; j++) y[i * n + j] = 0;
    }
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	k := p.Constructs[0].Region.Kernels[0]
	outer := k.Body[0].(*ir.Loop)
	inner := outer.Body[0].(*ir.Loop)
	if outer.Levels != ir.Gang || inner.Levels != ir.Vector {
		t.Errorf("levels %v, %v; want gang, vector", outer.Levels, inner.Levels)
	}
	if k.Vector != 64 || k.Workers != 1 || k.GangLoop != outer {
		t.Errorf("shape: vector %d workers %d gang loop %v", k.Vector, k.Workers, k.GangLoop)
	}
	if k.Name != "f_3_gpu" {
		t.Errorf("kernel name %s", k.Name)
	}
}

func TestLoweringErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{`void f(int n, float *p) {
#pragma acc parallel loop
for (int i = 0; i < n; i++) p[i * i] = 0;
}`, "t.c:3:29: error: the extent of the data 'p' points to is unknown; add a data clause such as copy(p[0:<count>]) or present(p)"},
		{`void f(int n, float *p) {
#pragma acc parallel loop copy(p[0:n])
for (int i = 0; i * i < n; i++) p[i] = 0;
}`, "t.c:3:1: error: this loop cannot be partitioned: the condition does not compare 'i'"},
		{`void f(int n, float *p) {
#pragma acc parallel loop collapse(2) copy(p[0:n*n])
for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) p[i*n+j] = 0;
}`, "error: collapsed loops must be rectangular: the bounds of this loop depend on 'i'"},
		{`double g(double);
void f(int n, double *p) {
#pragma acc parallel loop copy(p[0:n])
for (int i = 0; i < n; i++) p[i] = g(p[i]);
}`, "t.c:4:36: error: function 'g' is called in device code but has no device version"},
		{`void f(int n, float *p) {
float t;
#pragma acc parallel loop copy(p[0:n]) default(none)
for (int i = 0; i < n; i++) { t = p[i]; p[i] = t; }
}`, "error: variable 't' is used in the compute region but appears in no data clause, and the construct has default(none)"},
	}
	for _, tt := range tests {
		_, ds := build(t, tt.src)
		if got := errorsOf(ds); !strings.Contains(got, tt.want) {
			t.Errorf("source:\n%s\ngot errors:\n%s\nwant: %s", tt.src, got, tt.want)
		}
	}
}

// A reduction on a loop that spans gangs is combined through a device
// cell, like a construct-level one (§2.9.11).
func TestGangLoopReductionIsPromoted(t *testing.T) {
	p, ds := build(t, `
void f(int n, double *p, double *out) {
    double s = 0;
#pragma acc parallel copyin(p[0:n])
    {
#pragma acc loop gang reduction(+:s)
        for (int i = 0; i < n; i++) s += p[i];
    }
    *out = s;
}`)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	r := p.Constructs[0].Region
	if len(r.Reductions) != 1 || r.Reductions[0].Name != "s" || r.Reductions[0].Op != ir.ReductionOp("+") {
		t.Errorf("region reductions: %+v", r.Reductions)
	}
}

// A construct's statement ends at its last token in the file, not at a
// position computed from the text of a macro expansion that ends it
// (openacc.h's acc_* macros expand to calls with __FILE__'s path): the
// host file is edited at that end.
func TestStmtRangeEndsAtTheSource(t *testing.T) {
	src := `
#define LONG g("a string far longer than the macro's name and the rest of the block")
void g(const char *);
double a[100];
void f(void) {
#pragma acc data copyin(a)
    {
        LONG;
    }
}`
	p, ds := build(t, src)
	if e := errorsOf(ds); e != "" {
		t.Fatal(e)
	}
	c := p.Constructs[0]
	if got := string(p.Src[c.StmtStart:c.StmtEnd]); got != "{\n        LONG;\n    }" {
		t.Errorf("statement of the data construct: %q", got)
	}
}

// Kernel facts about arrays: which ones a kernel only reads (printed
// const) and which pointers no other name reaches (restrict: declared so,
// or -Msafeptr).
func TestReadOnlyAndRestrict(t *testing.T) {
	src := `void f(int n, float *x, float *restrict y, float *z) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n], z[0:n])
    for (int i = 0; i < n; i++) {
        y[i] = x[i];
        *(z + i) += 1;
    }
}`
	for _, noAlias := range []bool{false, true} {
		p, ds := buildWith(t, src, lower.Options{Target: "gpu", NoAlias: noAlias})
		if e := errorsOf(ds); e != "" {
			t.Fatal(e)
		}
		k := p.Constructs[0].Region.Kernels[0]
		var ro []string
		for _, v := range k.ReadOnly {
			ro = append(ro, v.Name)
		}
		if got := strings.Join(ro, " "); got != "x" {
			t.Errorf("NoAlias=%v: read-only %q, want x", noAlias, got)
		}
		for _, v := range p.Constructs[0].Region.Vars {
			want := v.Name == "y" || noAlias && (v.Name == "x" || v.Name == "z")
			if v.Restrict != want {
				t.Errorf("NoAlias=%v: %s.Restrict = %v, want %v", noAlias, v.Name, v.Restrict, want)
			}
		}
	}
}

// Without a preprocessed unit (a host compiler that cannot expand acc
// pragmas), only the main file's text becomes the host file: a construct
// in a header is an error, never left to run on the host silently, while
// routine directives and routine bodies' loops in headers are compiled.
func TestDirectiveInHeaderWithoutPreprocessedUnit(t *testing.T) {
	acctest.NeedCC(t)
	fsys := fstest.MapFS{"h.h": {Data: []byte(`
#pragma acc routine seq
static float twice(float v) { return 2 * v; }
static void fill(float *x, int n) {
#pragma acc parallel loop copyout(x[0:n])
	for (int i = 0; i < n; i++) x[i] = twice(1);
}
`)}}
	var ds diag.List
	u, err := frontend.LoadSource(&frontend.Config{FS: fsys}, "t.c", []byte("#include \"h.h\"\nvoid f(float *x) { fill(x, 4); }\n"), &ds)
	if err != nil {
		t.Fatalf("frontend: %v %v", err, ds.Sorted())
	}
	lower.Build(u, lower.Options{Target: "host", VerifyIR: true}, &ds)
	got := errorsOf(ds.Sorted())
	if !strings.Contains(got, "h.h:5:9: error: #pragma acc parallel loop in h.h is not compiled") || strings.Count(got, "\n") != 1 {
		t.Errorf("errors:\n%s\nwant one, for the parallel loop in h.h", got)
	}
}
