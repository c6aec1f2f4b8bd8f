package ir_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// TestFprint prints a small hand-built construct: a parallel loop with a
// data clause, a reduction, a private local array and a multi-line
// statement.
func TestFprint(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	floatT := &ir.Type{Kind: ir.Scalar, Name: "float", Size: 4, Float: true}
	ptrT := &ir.Type{Kind: ir.Pointer, Elem: floatT, Size: 8}
	arrT := &ir.Type{Kind: ir.Array, Elem: floatT, Len: 4, Size: 16}

	n := &ir.Var{Name: "n", Type: intT, Class: ir.ByValue}
	x := &ir.Var{Name: "x", Type: ptrT, Class: ir.ArrayData, Restrict: true}
	s := &ir.Var{Name: "s", Type: floatT, Class: ir.Reduced, Written: true}
	i := &ir.Var{Name: "i", Type: intT, Class: ir.PrivateVar}
	tmp := &ir.Var{Name: "tmp", Type: arrT, Class: ir.PrivateVar}
	mx := &ir.Map{Clause: ir.Copyin, Var: x, Text: "x[0:n]", Mods: ir.Readonly,
		Section: &ir.Section{Var: x, Base: &ir.Ref{Var: x}, Elem: floatT,
			Dims: []ir.Dim{{Lo: ir.IntConst(0), Len: &ir.Ref{Var: n}}}}}
	x.Map = mx
	red := &ir.Reduction{Op: "+", Var: s, Name: "s", Type: floatT}
	u := &ir.Local{Var: &ir.Var{Name: "u", Type: arrT, Class: ir.PrivateVar, Local: true},
		Spec: ir.Code{{Text: "float"}}, Declarator: ir.Code{{Text: "u[4]"}}, Init: &ir.Opaque{Code: ir.Code{{Text: "{0}"}}, T: arrT}}
	loop := &ir.Loop{Line: 4, Levels: ir.Gang | ir.Vector,
		Nest: []*ir.IndexVar{{Line: 4, Var: i, Declare: true, Lo: &ir.Const{Text: "0", T: intT},
			Cmp: ir.Less, Hi: &ir.Ref{Var: n}, Step: &ir.Const{Text: "1", T: intT}}},
		Private: []*ir.Var{tmp},
		Reduce:  []*ir.Reduction{{Op: "+", Var: s, Name: "s", Type: floatT}},
		Body: []ir.Node{
			&ir.Stmt{Line: 5, Tree: &ir.DeclStmt{Line: 5, Locals: []*ir.Local{u}}, Decl: true, Names: []string{"u"},
				Locals: []*ir.Local{u}},
			&ir.Stmt{Line: 6, Tree: &ir.If{Line: 6,
				Cond: &ir.Binary{Op: ">", X: &ir.Index{X: &ir.Ref{Var: x}, I: &ir.Ref{Var: i}, T: floatT}, Y: &ir.Const{Text: "0", T: intT}, T: intT},
				Then: &ir.Block{Line: 6, List: []ir.Statement{&ir.ExprStmt{Line: 7, X: &ir.Assign{Op: "+=", L: &ir.Ref{Var: s},
					R: &ir.Index{X: &ir.Ref{Var: x}, I: &ir.Ref{Var: i}, T: floatT}, T: floatT}}}}},
				Writes: []*ir.Var{s}},
		},
	}
	c := &ir.Construct{Kind: ir.Compute, Pos: diag.Pos{File: "t.c", Line: 3, Col: 9}, Func: "f", Line: 3,
		DirStart: 10, DirEnd: 60, StmtStart: 64, StmtEnd: 200, FuncStart: 0,
		If:    &ir.Binary{Op: ">", X: &ir.Ref{Var: n}, Y: ir.IntConst(100), T: intT},
		Async: &ir.Async{Queue: ir.IntConst(1)}, Waits: []ir.Expr{ir.IntConst(2), ir.IntConst(3)},
		Maps: []*ir.Map{mx},
		Region: &ir.Region{Kind: ir.Parallel, Vars: []*ir.Var{n, x, s, i}, Reductions: []*ir.Reduction{red},
			Types: []*ir.Type{intT},
			Kernels: []*ir.Kernel{{Name: "f_3_gpu", Line: 3, Params: []*ir.Var{n, x, s}, GangLoop: loop,
				Workers: 1, Vector: 128, Reductions: []*ir.Reduction{red}, ReadOnly: []*ir.Var{x},
				Body: []ir.Node{loop}}}},
	}
	var b strings.Builder
	ir.Fprint(&b, c)
	want := `construct compute parallel at t.c:3:9 in f
  range dir=[10,60) stmt=[64,200) func=0
  if n > 100
  async 1
  wait 2, 3
  map copyin(x[0:n]) mods=readonly var=x minfo="x[:n]" host="&x[0]" bytes="n * sizeof(x[0])"
    section base="x" var=x elem=(float) dim="0:n"
  types int
  var n (int) byvalue
  var x (float *) arraydata restrict map=copyin(x[0:n])
  var s (float) reduced written
  var i (int) private
  reduction +:s (float)
  kernel f_3_gpu line 3 vector=128 workers=1 gangloop=4
    params n x s
    readonly x
    reductions +:s
    loop line 4 gang|vector
      nest i (int) line 4 declared: i = 0; i < n; i += 1
      private tmp (float [4]) local
      reduce +:s (float)
      stmt line 5 decl names=u: float u[4] = {0};
        local u (float [4]) = {0}
      stmt line 6 writes=s:
        | if (x[i] > 0) {
        |     s += x[i];
        | }
`
	if got := b.String(); got != want {
		t.Errorf("Fprint:\n%s\nwant:\n%s", got, want)
	}
}

// TestFprintReasons prints the reasons of sequential loops and the pairs
// of a versioned one.
func TestFprintReasons(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	ptrT := &ir.Type{Kind: ir.Pointer, Elem: intT, Size: 8}
	a := &ir.Var{Name: "a", Type: ptrT, Class: ir.ArrayData}
	b := &ir.Var{Name: "b", Type: ptrT, Class: ir.ArrayData}
	i := &ir.Var{Name: "i", Type: intT, Class: ir.PrivateVar}
	s := &ir.Var{Name: "accc_s_n", Member: "s.n", Type: intT, Class: ir.ByPointer}
	ai := func(d int64) ir.Expr {
		return &ir.Index{X: &ir.Ref{Var: a}, I: &ir.Binary{Op: "-", X: &ir.Ref{Var: i}, Y: ir.IntConst(d), T: intT}, T: intT}
	}
	nest := func(line int) []*ir.IndexVar {
		return []*ir.IndexVar{{Line: line, Var: i, Lo: ir.IntConst(0), Cmp: ir.LessEq, Hi: ir.IntConst(9), Step: ir.IntConst(1)}}
	}
	k := &ir.Kernel{Name: "f_3_gpu", Line: 3, Workers: 1, Vector: 1, Body: []ir.Node{
		&ir.Loop{Line: 4, Nest: nest(4),
			Why: ir.Reason{Kind: ir.Carried, Vars: []*ir.Var{a}},
			Detail: ir.Reason{Kind: ir.DependencePair, Dep: &ir.Dependence{W: ai(0), WLine: 5, R: ai(1), RLine: 6,
				Known: true, Distance: 1, Direction: "(<)"}}},
		&ir.Loop{Line: 7, Nest: nest(7),
			Why:    ir.Reason{Kind: ir.LastValue, Vars: []*ir.Var{s}, Lines: []int{9, 12}},
			Detail: ir.Reason{Kind: ir.ClausesIgnored, Vars: []*ir.Var{s}}},
		&ir.Loop{Line: 13, Levels: ir.Gang | ir.Vector, Nest: nest(13), Versioned: [][2]*ir.Var{{a, b}}},
		&ir.Loop{Line: 14, Nest: nest(14),
			Why: ir.Reason{Kind: ir.MayAlias, Vars: []*ir.Var{a, b}}, Detail: ir.Reason{Kind: ir.RestrictHint, Vars: []*ir.Var{a, b}}},
	}}
	c := &ir.Construct{Kind: ir.Compute, Pos: diag.Pos{File: "t.c", Line: 3, Col: 9}, Line: 3,
		Region: &ir.Region{Kind: ir.Kernels, Vars: []*ir.Var{a, b, s}, Kernels: []*ir.Kernel{k},
			NumWorkers: ir.IntConst(4), VectorLength: &ir.Ref{Var: &ir.Var{Name: "v", Type: intT}}}}
	var sb strings.Builder
	ir.Fprint(&sb, c)
	want := `construct compute kernels at t.c:3:9
  range dir=[0,0) func=0
  num_workers 4
  vector_length v
  var a (int *) arraydata
  var b (int *) arraydata
  var accc_s_n (int) bypointer
  kernel f_3_gpu line 3 vector=1 workers=1
    loop line 4 seq
      why carried a
      detail dependence-pair w="a[i - 0]" wline=5 r="a[i - 1]" rline=6 distance=1 direction=(<)
      nest i (int) line 4: i = 0; i <= 9; i += 1
    loop line 7 seq
      why last-value s.n lines=9,12
      detail clauses-ignored s.n clauses=independent
      nest i (int) line 7: i = 0; i <= 9; i += 1
    loop line 13 gang|vector
      versioned a b
      nest i (int) line 13: i = 0; i <= 9; i += 1
    loop line 14 seq
      why may-alias a,b
      detail restrict-hint a,b
      nest i (int) line 14: i = 0; i <= 9; i += 1
`
	if got := sb.String(); got != want {
		t.Errorf("Fprint:\n%s\nwant:\n%s", got, want)
	}
}

// TestCmpOp checks the two questions code generators and the
// dependence pass ask of a loop's comparison.
func TestCmpOp(t *testing.T) {
	for _, tt := range []struct {
		c                ir.CmpOp
		incl, descending bool
	}{{ir.Less, false, false}, {ir.LessEq, true, false}, {ir.Greater, false, true}, {ir.GreaterEq, true, true}} {
		if tt.c.Inclusive() != tt.incl || tt.c.Descending() != tt.descending {
			t.Errorf("%s: inclusive %v descending %v", tt.c, tt.c.Inclusive(), tt.c.Descending())
		}
	}
}

func TestKindStrings(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{ir.EnterData.String(), "enter data"},
		{ir.HostData.String(), "host_data"},
		{ir.Set.String(), "set"},
		{ir.PrivateSection.String(), "privatesection"},
		{ir.ByValue.String(), "byvalue"},
		{ir.Level(0).String(), "seq"},
		{(ir.Gang | ir.Worker | ir.Vector).String(), "gang|worker|vector"},
		{ir.Worker.String(), "worker"},
		{(ir.Readonly | ir.Capture).String(), "readonly|capture"},
		{ir.MapMod(0).String(), ""},
		{ir.Less.String(), "<"},
		{ir.GreaterEq.String(), ">="},
		{ir.CmpOp(0).String(), "?"},
		{ir.DeviceNotHost.String(), "acc_device_not_host"},
		{ir.AnyDevice.String(), ""},
		{ir.DependencePair.String(), "dependence-pair"},
		{ir.ReasonKind(99).String(), "reason(99)"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
