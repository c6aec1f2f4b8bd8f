package directives

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// fakeScope is a map-backed Scope for tests.
type fakeScope map[string]*Symbol

func (s fakeScope) Lookup(name string) (*Symbol, bool) {
	sym, ok := s[name]
	return sym, ok
}

var (
	tyInt    = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}
	tyDouble = &ir.Type{Kind: ir.Scalar, Name: "double", Float: true, Size: 8, Len: -1}
	tyCplx   = &ir.Type{Kind: ir.Scalar, Name: "double _Complex", Float: true, Complex: true, Size: 16, Len: -1}
	tyDPtr   = &ir.Type{Kind: ir.Pointer, Name: "double *", Size: 8, Elem: tyDouble, Len: -1}
	tyArr    = &ir.Type{Kind: ir.Array, Name: "double [100]", Size: 800, Elem: tyDouble, Len: 100}
	tyArr2   = &ir.Type{Kind: ir.Array, Name: "double [10][20]", Size: 1600, Len: 10,
		Elem: &ir.Type{Kind: ir.Array, Name: "double [20]", Size: 160, Elem: tyDouble, Len: 20}}
	tyPoint = &ir.Type{Kind: ir.Record, Name: "struct point", Size: 16, Len: -1,
		Fields: []ir.RecordField{{Name: "x", Type: tyDouble}, {Name: "y", Type: tyDouble}}}
	tyMesh = &ir.Type{Kind: ir.Record, Name: "struct mesh", Size: 16, Len: -1,
		Fields: []ir.RecordField{{Name: "n", Type: tyInt}, {Name: "v", Type: tyDPtr}}}
	tyFunc = &ir.Type{Kind: ir.Function, Name: "int (int)", Elem: tyInt, Params: []*ir.Type{tyInt}, Len: -1}
)

var testScope = fakeScope{
	"n":      {Name: "n", Kind: SymVar, Type: tyInt},
	"i":      {Name: "i", Kind: SymVar, Type: tyInt},
	"x":      {Name: "x", Kind: SymVar, Type: tyDouble},
	"z":      {Name: "z", Kind: SymVar, Type: tyCplx},
	"p":      {Name: "p", Kind: SymVar, Type: tyDPtr},
	"a":      {Name: "a", Kind: SymVar, Type: tyArr},
	"m":      {Name: "m", Kind: SymVar, Type: tyArr2},
	"pt":     {Name: "pt", Kind: SymVar, Type: tyPoint},
	"mesh":   {Name: "mesh", Kind: SymVar, Type: tyMesh},
	"mp":     {Name: "mp", Kind: SymVar, Type: &ir.Type{Kind: ir.Pointer, Name: "struct mesh *", Size: 8, Elem: tyMesh, Len: -1}},
	"f":      {Name: "f", Kind: SymFunc, Type: tyFunc},
	"N":      {Name: "N", Kind: SymEnumConst, Type: tyInt, Value: 4},
	"ZERO":   {Name: "ZERO", Kind: SymEnumConst, Type: tyInt, Value: 0},
	"real_t": {Name: "real_t", Kind: SymTypedef, Type: tyDouble},
}

// check parses src (which must be valid) and type-checks it in testScope.
func check(t *testing.T, src string) string {
	t.Helper()
	var l diag.List
	d := Parse(Scan(src, pragmaPos, &l), &l, &Options{TypeName: func(s string) bool {
		sym, ok := testScope[s]
		return ok && sym.Kind == SymTypedef
	}})
	if d == nil {
		t.Fatalf("%s: parse failed: %v", src, l.Sorted())
	}
	Check(d, testScope, &l)
	var lines []string
	for _, x := range l.Sorted() {
		lines = append(lines, x.String())
	}
	return strings.Join(lines, "\n")
}

func expectCheck(t *testing.T, src, want string) {
	t.Helper()
	if got := check(t, src); got != want {
		t.Errorf("%s:\n got %s\nwant %s", src, got, want)
	}
}

func TestCheckOK(t *testing.T) {
	for _, src := range []string{
		"acc parallel loop copyin(a[0:n]) copy(p[0:n]) reduction(+:x) num_gangs(n/2+1)",
		"acc parallel loop collapse(2) tile(N, *) reduction(max:x)",
		"acc loop collapse(N-2) gang(num:n, static:*) worker(4) vector(N*32)",
		"acc loop gang(dim:N-1)",
		"acc data copy(m[0:10][0:20], mesh.v[0:mesh.n], mp->v[0:mp->n]) present(pt)",
		"acc parallel reduction(+:pt, a, z) reduction(*:z) reduction(&:n) reduction(||:x)",
		"acc parallel deviceptr(p) attach(mesh.v) if(p) self(x > 0)",
		"acc update self(a[i:2]) device(p[0:(int)x])",
		"acc host_data use_device(p, a)",
		"acc wait(devnum:0:i, n) async(f(1))",
		"acc routine(f) seq",
		"acc cache(a[i:N])",
		"acc parallel num_gangs((real_t)n > 1 ? n : (int)sizeof(real_t))",
		"acc set device_num(n % 2) default_async(ZERO)",
		"acc parallel loop firstprivate(x) private(x) private(a, a) reduction(+:n) reduction(+:n)",
		"acc parallel private(pt.x) reduction(+:pt.y)",
	} {
		expectCheck(t, src, "")
	}
}

func TestCheckErrors(t *testing.T) {
	expectCheck(t, "acc parallel private(x) firstprivate(x)", "t.c:1:46: error: 'x' appears in both 'private' and 'firstprivate'")
	expectCheck(t, "acc parallel loop reduction(+:a[0:2]) private(a)", "t.c:1:55: error: 'a' appears in both 'reduction' and 'private'")
	expectCheck(t, "acc loop private(n) reduction(+:n)", "t.c:1:41: error: 'n' appears in both 'private' and 'reduction'")
	expectCheck(t, "acc serial loop firstprivate(pt.x) reduction(+:pt.x)", "t.c:1:56: error: 'pt.x' appears in both 'firstprivate' and 'reduction'")
	expectCheck(t, "acc parallel copyin(b[0:n])", "t.c:1:29: error: use of undeclared identifier 'b'")
	expectCheck(t, "acc parallel num_gangs(undeclared + 1)", "t.c:1:32: error: use of undeclared identifier 'undeclared'")
	expectCheck(t, "acc parallel num_gangs(x)", "t.c:1:32: error: argument of 'num_gangs' must have integer type, not 'double'")
	expectCheck(t, "acc parallel vector_length(p)", "t.c:1:36: error: argument of 'vector_length' must have integer type, not 'double *'")
	expectCheck(t, "acc parallel async(1.5)", "t.c:1:28: error: argument of 'async' must have integer type, not 'double'")
	expectCheck(t, "acc parallel reduction(+:p)", "t.c:1:34: error: reduction variable 'p' has pointer type 'double *'")
	expectCheck(t, "acc parallel reduction(&:x)", "t.c:1:34: error: reduction operator '&' requires an integer type, but 'x' has type 'double'")
	expectCheck(t, "acc parallel reduction(^:a[0:n])", "t.c:1:34: error: reduction operator '^' requires an integer type, but 'a[0:n]' has type 'double'")
	expectCheck(t, "acc parallel reduction(max:z)", "t.c:1:36: error: reduction operator 'max' requires a real type, but 'z' has type 'double _Complex'")
	expectCheck(t, "acc parallel reduction(|:pt)", "t.c:1:34: error: reduction operator '|' requires an integer type, but 'pt.x' has type 'double'")
	expectCheck(t, "acc parallel reduction(+:mesh)", "t.c:1:34: error: reduction variable 'mesh.v' has pointer type 'double *'")
	expectCheck(t, "acc data copy(x[0:n])", "t.c:1:24: error: array section of 'x', which has type 'double' and is not an array or pointer")
	expectCheck(t, "acc data copy(n[2])", "t.c:1:24: error: subscripted value 'n' has type 'int', which is not an array or pointer")
	expectCheck(t, "acc data copy(p[:])", "t.c:1:24: error: array section of 'p' needs a length: its extent is unknown")
	expectCheck(t, "acc data copy(a[50:51])", "t.c:1:24: error: array section [50:51] is out of bounds of 'a' (100 elements)")
	expectCheck(t, "acc data copy(a[x:2])", "t.c:1:25: error: argument of 'array section' must have integer type, not 'double'")
	expectCheck(t, "acc data copy(f)", "t.c:1:23: error: 'f' in 'copy' is not a variable")
	expectCheck(t, "acc data copy(N)", "t.c:1:23: error: 'N' in 'copy' is not a variable")
	expectCheck(t, "acc data copy(pt.z)", "t.c:1:26: error: no member named 'z' in 'struct point'")
	expectCheck(t, "acc data copy(x.y)", "t.c:1:25: error: member reference base 'x' has type 'double', which is not a struct or union")
	expectCheck(t, "acc data copy(mesh->v)", "t.c:1:29: error: '->' on 'mesh', which has non-pointer type 'struct mesh'")
	expectCheck(t, "acc loop collapse(0)", "t.c:1:27: error: argument of 'collapse' must be positive, not 0")
	expectCheck(t, "acc loop collapse(n)", "t.c:1:27: error: argument of 'collapse' must be an integer constant expression")
	expectCheck(t, "acc loop collapse(2.0)", "t.c:1:27: error: argument of 'collapse' must have integer type, not 'double'")
	expectCheck(t, "acc loop tile(8, -1)", "t.c:1:26: error: argument of 'tile' must be positive, not -1")
	expectCheck(t, "acc loop tile(i)", "t.c:1:23: error: argument of 'tile' must be an integer constant expression")
	expectCheck(t, "acc loop gang(dim:4)", "t.c:1:27: error: 'dim' argument of 'gang' must be the constant 1, 2 or 3")
	expectCheck(t, "acc loop gang(dim:n)", "t.c:1:27: error: 'dim' argument of 'gang' must be the constant 1, 2 or 3")
	expectCheck(t, "acc parallel deviceptr(a)", "t.c:1:32: error: 'deviceptr' variable 'a' must have pointer type, not 'double [100]'")
	expectCheck(t, "acc parallel attach(mesh.n)", "t.c:1:29: error: 'attach' requires a pointer, but 'mesh.n' has type 'int'")
	expectCheck(t, "acc host_data use_device(p[0:n])", "t.c:1:34: error: 'use_device' requires a variable or array, not 'p[0:n]'")
	expectCheck(t, "acc parallel if(pt)", "t.c:1:25: error: condition of 'if' must have scalar type, not 'struct point'")
	expectCheck(t, "acc routine(n) seq", "t.c:1:21: error: 'n' in 'routine' is not a function")
	expectCheck(t, "acc wait(x)", "t.c:1:18: error: argument of 'wait' must have integer type, not 'double'")
	expectCheck(t, "acc parallel wait(devnum:x:1)", "t.c:1:34: error: argument of 'wait' must have integer type, not 'double'")
	expectCheck(t, "acc parallel num_gangs(n(1))", "t.c:1:32: error: called object 'n' is not a function")
	expectCheck(t, "acc parallel num_gangs(pt + 1)", "t.c:1:35: error: invalid operands to binary '+' ('struct point' and 'int')")
	expectCheck(t, "acc parallel num_gangs(*n)", "t.c:1:32: error: indirection requires a pointer operand, not 'int'")
	expectCheck(t, "acc parallel num_gangs(real_t)", "t.c:1:32: error: unexpected type name 'real_t' in expression")
	expectCheck(t, "acc cache(x[0:2])", "t.c:1:20: error: array section of 'x', which has type 'double' and is not an array or pointer")
}

// TestExpand checks that clause arguments are macro-expanded before they
// are parsed, and that names are not.
func TestExpand(t *testing.T) {
	macros := map[string]string{"N": "(1024 + 2)", "ARR": "grid", "GANGS": "num: 8", "copyin": "bogus"}
	var seen [][]Token
	opts := &Options{Expand: func(arg []Token) []Token {
		seen = append(seen, arg)
		var out []Token
		for _, t := range arg {
			if m, ok := macros[t.Text]; ok {
				out = append(out, Scan(m, t.Pos, nil)...)
				continue
			}
			out = append(out, t)
		}
		return out
	}}
	for _, tc := range []struct{ src, want string }{
		{"acc parallel loop copyin(ARR[0:N]) num_gangs(N)", "parallel loop copyin(grid[0:(1024+2)]) num_gangs((1024+2))"},
		{"acc kernels loop gang(GANGS)", "kernels loop gang(num:8)"},
		{"acc parallel default(none)", "parallel default(none)"},
	} {
		d, diags := parse(tc.src, opts)
		if d == nil {
			t.Fatalf("%s: %s", tc.src, diags)
		}
		if got := d.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
	if len(seen) != 3 {
		t.Errorf("Expand called %d times, want 3 (default's keyword is not expanded)", len(seen))
	}
	// An error inside an expanded argument points at the macro use.
	_, diags := parse("acc parallel num_gangs(BAD)", &Options{Expand: func(arg []Token) []Token {
		return []Token{{Text: "(", Pos: arg[0].Pos}}
	}})
	if want := "t.c:1:35: error: expected expression"; diags != want { // at the closing parenthesis
		t.Errorf("got %s, want %s", diags, want)
	}
}

func TestScan(t *testing.T) {
	var l diag.List
	toks := Scan("acc x->y ++ <<= ... 1e-3 0x1fUL 1.5f L'a' u8\"s\" /* c */ a\\\n b %: <: :>", pragmaPos, &l)
	var texts []string
	for _, tok := range toks {
		texts = append(texts, tok.Text)
	}
	want := `acc x -> y ++ <<= ... 1e-3 0x1fUL 1.5f L'a' u8"s" a b # [ ]`
	if got := strings.Join(texts, " "); got != want || l.Len() != 0 {
		t.Errorf("got %s (%v), want %s", got, l.Sorted(), want)
	}
	if p := toks[len(toks)-4].Pos; p.Line != 2 || p.Col != 2 {
		t.Errorf("token after line splice at %v, want line 2 col 2", p)
	}
	l = diag.List{}
	Scan("acc 'a", pragmaPos, &l)
	Scan("acc /* x", pragmaPos, &l)
	if got := len(l.Sorted()); got != 2 {
		t.Errorf("got %d errors, want 2: %v", got, l.Sorted())
	}
}

func TestDirKind(t *testing.T) {
	for k := DirKind(1); k < numDirKinds; k++ {
		if dirByName[k.String()] != k || k.Section() == "" {
			t.Errorf("kind %d: bad table row %q", k, k.String())
		}
	}
	if DirParallelLoop.Assoc() != AssocLoop || DirAtomic.Assoc() != AssocAtomic || DirRoutine.Assoc() != AssocDecl ||
		DirUpdate.Assoc() != AssocNone || DirHostData.Assoc() != AssocBlock {
		t.Error("bad associations")
	}
	if !DirKernelsLoop.IsCompute() || !DirKernelsLoop.IsCombined() || DirKernelsLoop.Compute() != DirKernels || DirData.IsCompute() {
		t.Error("bad predicates")
	}
	if !DirUpdate.IsExecutable() || DirCache.IsExecutable() || !DirParallel.Allows(ClauseCopyin) || DirLoop.Allows(ClauseCopyin) {
		t.Error("bad executable/allows")
	}
	for c := ClauseKind(1); c < numClauseKinds; c++ {
		if clauseByName[c.String()] != c {
			t.Errorf("clause %d: bad name %q", c, c.String())
		}
	}
}
