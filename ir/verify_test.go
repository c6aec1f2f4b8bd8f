package ir_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

var (
	intT   = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	floatT = &ir.Type{Kind: ir.Scalar, Name: "float", Size: 4, Float: true}
	ptrT   = &ir.Type{Kind: ir.Pointer, Elem: floatT, Size: 8}
)

// fixture is a valid compute construct, as lowering leaves it after its
// last pass, with handles on its parts for the tests to break:
//
//	#pragma acc parallel loop gang copy(x[0:n]) reduction(+:s)  // line 3
//	for (int i = 0; i < n; i++) {                               // line 4
//	    float t = x[i];                                         // line 5
//	    #pragma acc loop vector
//	    for (int j = 0; j < 4; j++)                             // line 6
//	        x[i] += j;                                          // line 7
//	    s += t;                                                 // line 8
//	}
type fixture struct {
	c                *ir.Construct
	r                *ir.Region
	k                *ir.Kernel
	outer, inner     *ir.Loop
	decl, body, sum  *ir.Stmt
	n, x, s, i, j, t *ir.Var
	mx               *ir.Map
	red              *ir.Reduction
}

func control(v *ir.Var, line int, hi ir.Expr) *ir.IndexVar {
	return &ir.IndexVar{Line: line, Var: v, Declare: true, Lo: ir.IntConst(0), Cmp: ir.Less, Hi: hi, Step: ir.IntConst(1)}
}

func ref(v *ir.Var) *ir.Ref { return &ir.Ref{Var: v} }

// use is a statement on line that reads v.
func use(line int, v *ir.Var) *ir.Stmt {
	return &ir.Stmt{Line: line, Tree: &ir.ExprStmt{Line: line, X: ref(v)}}
}

func valid() *fixture {
	f := &fixture{
		n: &ir.Var{Name: "n", Type: intT, Class: ir.ByValue},
		x: &ir.Var{Name: "x", Type: ptrT, Class: ir.ArrayData},
		s: &ir.Var{Name: "s", Type: floatT, Class: ir.Reduced, Written: true},
		i: &ir.Var{Name: "i", Type: intT, Class: ir.PrivateVar, Local: true},
		j: &ir.Var{Name: "j", Type: intT, Class: ir.PrivateVar, Local: true},
		t: &ir.Var{Name: "t", Type: floatT, Class: ir.PrivateVar, Local: true},
	}
	f.mx = &ir.Map{Clause: ir.Copy, Var: f.x, Text: "x[0:n]", Section: &ir.Section{Var: f.x, Base: ref(f.x), Elem: floatT,
		Dims: []ir.Dim{{Lo: ir.IntConst(0), Len: ref(f.n)}}}}
	f.x.Map = f.mx
	f.red = &ir.Reduction{Op: "+", Var: f.s, Name: "s", Type: floatT}
	xi := &ir.Index{X: ref(f.x), I: ref(f.i), T: floatT}
	f.decl = &ir.Stmt{Line: 5, Decl: true, Names: []string{"t"}, Tree: &ir.DeclStmt{Line: 5, Locals: []*ir.Local{{Var: f.t,
		Spec: ir.Code{{Text: "float"}}, Declarator: ir.Code{{Text: "t"}}, Init: xi}}}}
	f.body = &ir.Stmt{Line: 7, MemWrite: true, WritesThrough: []*ir.Var{f.x},
		Tree: &ir.ExprStmt{Line: 7, X: &ir.Assign{Op: "+=", L: xi, R: ref(f.j), T: floatT}}}
	f.sum = &ir.Stmt{Line: 8, Writes: []*ir.Var{f.s}, Tree: &ir.ExprStmt{Line: 8, X: &ir.Assign{Op: "+=", L: ref(f.s), R: ref(f.t), T: floatT}}}
	f.inner = &ir.Loop{Line: 6, Levels: ir.Vector, Nest: []*ir.IndexVar{control(f.j, 6, ir.IntConst(4))}, Body: []ir.Node{f.body}}
	f.outer = &ir.Loop{Line: 4, Levels: ir.Gang, Nest: []*ir.IndexVar{control(f.i, 4, ref(f.n))},
		Reduce: []*ir.Reduction{{Op: "+", Var: f.s, Name: "s", Type: floatT}}, Body: []ir.Node{f.decl, f.inner, f.sum}}
	f.k = &ir.Kernel{Name: "f_3_gpu", Line: 3, Params: []*ir.Var{f.n, f.x, f.s}, Body: []ir.Node{f.outer}, GangLoop: f.outer,
		GangDims: 1, Vector: 128, Workers: 1, Reductions: []*ir.Reduction{f.red}}
	f.r = &ir.Region{Kind: ir.Parallel, Kernels: []*ir.Kernel{f.k}, Vars: []*ir.Var{f.n, f.x, f.s}, Reductions: []*ir.Reduction{f.red}}
	f.c = &ir.Construct{Kind: ir.Compute, Line: 3, Func: "f", Maps: []*ir.Map{f.mx}, Region: f.r}
	return f
}

const allFacts = ir.FactVars | ir.FactNests | ir.FactCoalesce | ir.FactLevels | ir.FactShape | ir.FactClasses | ir.FactParams | ir.FactNames

// TestVerify breaks one invariant of a valid construct at a time and
// checks that Verify finds it (want: a substring of one of its
// problems), or, for want "", that a valid variant passes.
func TestVerify(t *testing.T) {
	for _, tc := range []struct {
		name  string
		facts ir.Facts // 0: all
		edit  func(f *fixture)
		want  string
	}{
		{name: "valid", edit: func(f *fixture) {}},

		// Nests.
		{name: "tile sizes", edit: func(f *fixture) { f.outer.Tile = []int{2, 4} },
			want: "line 4: tile with 2 sizes on a nest of 1 loops"},
		{name: "tile size zero", edit: func(f *fixture) { f.outer.Tile = []int{0} },
			want: "line 4: tile size 0 is not positive"},
		{name: "tile of a collapsed nest", edit: func(f *fixture) {
			f.outer.Tile = []int{2, 4}
			f.outer.Nest = append(f.outer.Nest, control(f.j, 6, ir.IntConst(4)))
			f.outer.Body = []ir.Node{f.body}
		}},
		{name: "no control", edit: func(f *fixture) { f.outer.Nest = nil }, want: "line 4: loop without a control"},
		{name: "control without variable", edit: func(f *fixture) { f.inner.Nest[0].Var = nil }, want: "loop control without a variable"},
		{name: "index twice", edit: func(f *fixture) { f.outer.Nest = append(f.outer.Nest, control(f.i, 4, ref(f.n))) },
			want: "i controls two loops of one nest"},
		{name: "no bound", edit: func(f *fixture) { f.inner.Nest[0].Hi = nil }, want: "loop over j without a bound or step"},
		{name: "comparison", edit: func(f *fixture) { f.inner.Nest[0].Cmp = 0 }, want: "loop over j compares with operator 0"},
		{name: "reason", edit: func(f *fixture) { f.outer.Why = ir.Reason{Kind: ir.Carried, Vars: []*ir.Var{f.n}} }},
		{name: "detail as reason", edit: func(f *fixture) { f.outer.Why = ir.Reason{Kind: ir.RestrictHint} },
			want: "reason restrict-hint with detail "},
		{name: "reason as detail", edit: func(f *fixture) { f.outer.Detail = ir.Reason{Kind: ir.EarlyExit} },
			want: "reason  with detail early-exit"},
		{name: "node twice", edit: func(f *fixture) { f.outer.Body = append(f.outer.Body, f.body) },
			want: "a node appears twice in kernel f_3_gpu"},
		{name: "facts: no nests before FactNests", facts: ir.FactVars, edit: func(f *fixture) { f.outer.Nest = nil }},
		{name: "tree and body", edit: func(f *fixture) { f.sum.Body = []ir.Node{use(9, f.n)} },
			want: "line 8: a statement with nested items has a tree of its own"},

		// Variables.
		{name: "unknown variable", edit: func(f *fixture) {
			f.outer.Body = append(f.outer.Body, use(9, &ir.Var{Name: "y", Type: intT}))
		}, want: "line 9: variable y is neither a region variable nor declared in the kernel"},
		{name: "reference without variable", edit: func(f *fixture) { f.outer.Body = append(f.outer.Body, use(9, nil)) },
			want: "line 9: a reference names no variable"},
		{name: "undeclared local", edit: func(f *fixture) {
			f.outer.Body = append(f.outer.Body, use(9, &ir.Var{Name: "u", Type: intT, Local: true}))
		}, want: "line 9: local variable u is not declared in the kernel"},
		{name: "local declared by an opaque declaration", edit: func(f *fixture) {
			f.decl.Tree = &ir.DeclStmt{Line: 5, Opaque: ir.Code{{Text: "float t = 0;"}}}
		}},
		{name: "local of an opaque declaration without names", edit: func(f *fixture) {
			f.decl.Tree = &ir.DeclStmt{Line: 5, Opaque: ir.Code{{Text: "float t = 0;"}}}
			f.decl.Names = nil
		}, want: "line 8: local variable t is not declared in the kernel"},
		{name: "variable in a declarator", edit: func(f *fixture) {
			f.decl.Tree.(*ir.DeclStmt).Locals[0].Declarator = ir.Code{{Text: "t[", Var: nil}, {Var: &ir.Var{Name: "m", Type: intT}}, {Text: "]"}}
		}, want: "line 5: variable m is neither a region variable nor declared in the kernel"},
		{name: "variable of an asm statement", edit: func(f *fixture) {
			f.outer.Body = append(f.outer.Body, &ir.Stmt{Line: 9, Tree: &ir.OpaqueStmt{Line: 9,
				Code: ir.Code{{Text: "asm(\"\" :: \"r\"("}, {Var: &ir.Var{Name: "y", Type: intT}}, {Text: "));"}}}})
		}, want: "line 9: variable y is neither"},
		{name: "local reduction", edit: func(f *fixture) {
			u := &ir.Var{Name: "u", Type: intT, Class: ir.PrivateVar, Local: true}
			f.inner.Reduce = []*ir.Reduction{{Op: "+", Var: u, Name: "u", Type: intT, Local: true}}
			f.inner.Body = append(f.inner.Body, use(7, u))
		}},
		{name: "variable in a bound", edit: func(f *fixture) { f.inner.Nest[0].Hi = ref(&ir.Var{Name: "m", Type: intT}) },
			want: "line 6: variable m is neither"},
		{name: "variable of a loop's reduction", edit: func(f *fixture) {
			f.inner.Reduce = []*ir.Reduction{{Op: "+", Var: &ir.Var{Name: "y", Type: intT}, Name: "y", Type: intT}}
		}, want: "line 6: variable y is neither"},
		{name: "unused variable of a loop's private clause", edit: func(f *fixture) { f.inner.Private = []*ir.Var{{Name: "y", Type: intT}} }},
		{name: "facts: no variables before FactVars", facts: ir.FactNests, edit: func(f *fixture) {
			f.outer.Body = append(f.outer.Body, use(9, &ir.Var{Name: "y", Type: intT}))
		}},

		// Levels.
		{name: "level twice", edit: func(f *fixture) { f.inner.Levels = ir.Gang },
			want: "line 6: loop at gang inside a loop already partitioned at gang"},
		{name: "order", edit: func(f *fixture) { f.outer.Levels, f.inner.Levels, f.k.GangLoop = ir.Vector, ir.Worker, nil },
			want: "line 6: worker loop inside a vector loop (gang outside worker outside vector)"},
		{name: "seq partitioned", edit: func(f *fixture) { f.inner.Seq = true }, want: "line 6: seq loop partitioned at vector"},
		{name: "serial kernel partitioned", edit: func(f *fixture) { f.k.Serial, f.k.GangLoop = true, nil },
			want: "line 4: loop of serial kernel f_3_gpu partitioned at gang"},
		{name: "gang dimensions", edit: func(f *fixture) {
			f.outer.GangDim, f.inner.Levels = 2, ir.Gang
			f.k.GangDims, f.k.DimLoops = 2, [3]*ir.Loop{f.inner, f.outer}
		}},
		{name: "gang dimension twice", edit: func(f *fixture) { f.outer.GangDim, f.inner.Levels, f.inner.GangDim = 2, ir.Gang, 2 },
			want: "line 6: gang(dim:2) loop inside a gang(dim:2) loop"},
		{name: "gang dimension 4", edit: func(f *fixture) { f.outer.GangDim = 4 }, want: "line 4: loop levels 0x1, gang dimension 4"},
		{name: "split", edit: func(f *fixture) { f.outer.Levels, f.inner.Levels, f.k.Split = ir.Gang|ir.Vector, ir.Worker, f.inner }},
		{name: "split at vector", edit: func(f *fixture) { f.outer.Levels, f.k.Split = ir.Gang|ir.Vector, f.inner },
			want: "line 6: split loop at vector inside loops at gang|vector, not worker inside gang|vector"},
		{name: "facts: no levels before FactLevels", facts: ir.FactVars | ir.FactNests, edit: func(f *fixture) { f.inner.Levels = ir.Gang }},

		// Shape.
		{name: "empty block", edit: func(f *fixture) { f.k.Vector = 0 },
			want: "line 3: kernel f_3_gpu has a block of 0 vector lanes by 1 workers"},
		{name: "gang loop elsewhere", edit: func(f *fixture) { f.k.GangLoop = &ir.Loop{Line: 9, Levels: ir.Gang} },
			want: "line 9: kernel f_3_gpu names a loop that is not in its body"},
		{name: "staged loop elsewhere", edit: func(f *fixture) { f.k.Stage = &ir.Stage{Loop: &ir.Loop{Line: 9}} },
			want: "line 9: kernel f_3_gpu names a loop that is not in its body"},
		{name: "gang loop at vector", edit: func(f *fixture) { f.k.GangLoop = f.inner },
			want: "line 6: kernel f_3_gpu sizes its grid by a vector loop"},
		{name: "serial kernel with a gang loop", edit: func(f *fixture) {
			f.k.Serial, f.outer.Levels, f.inner.Levels = true, 0, 0
		}, want: "line 3: serial kernel f_3_gpu has a gang loop"},

		// Classes.
		{name: "not mapped", edit: func(f *fixture) { f.x.Map = nil }, want: "line 3: x is arraydata but not mapped"},
		{name: "a length the host passes", edit: func(f *fixture) { f.x.Map, f.x.Host = nil, "n * m" }},
		{name: "map elsewhere", edit: func(f *fixture) { f.c.Maps = nil }, want: "line 3: the map of x is not the construct's"},
		{name: "map of another", edit: func(f *fixture) { f.mx.Var = f.s }, want: "line 3: the map of x maps another variable"},
		{name: "copy of a value", edit: func(f *fixture) { f.x.Class = ir.ByValue },
			want: "line 3: copy(x[0:n]) maps x, which is byvalue"},
		{name: "reduction of a value", edit: func(f *fixture) { f.s.Class = ir.ByValue },
			want: "line 3: reduction(+:s) of a variable of class byvalue"},
		{name: "reduced without reduction", edit: func(f *fixture) { f.r.Reductions, f.k.Reductions = nil, nil },
			want: "line 3: variable s is reduced, but no reduction names it"},
		{name: "reduction of another region's", edit: func(f *fixture) { f.r.Vars, f.k.Params = f.r.Vars[:2], f.k.Params[:2] },
			want: "line 3: reduction(+:s) of a variable that is not the region's"},
		{name: "variable twice", edit: func(f *fixture) { f.r.Vars = append(f.r.Vars, f.n) },
			want: "line 3: region variable n is listed twice"},
		{name: "private section", edit: func(f *fixture) { f.x.Class = ir.PrivateSection },
			want: "line 3: private section x without its section"},
		{name: "firstprivate array", edit: func(f *fixture) {
			f.r.Vars = append(f.r.Vars, &ir.Var{Name: "a", Type: &ir.Type{Kind: ir.Array, Elem: intT, Len: 4, Size: 16}, Class: ir.FirstArray})
		}, want: "line 3: firstprivate array a is not among the construct's privates"},
		{name: "variable of class 9", edit: func(f *fixture) { f.n.Class = 9 }, want: "line 3: variable n of class 9"},
		{name: "member", edit: func(f *fixture) {
			rec := &ir.Type{Kind: ir.Record, Name: "struct v", Size: 16}
			sv := &ir.Var{Name: "v", Type: rec, Class: ir.ByPointer}
			ms := &ir.Map{Clause: ir.Copy, Var: sv, Text: "v", Section: &ir.Section{Var: sv, Base: ref(sv), Elem: rec}}
			sv.Map = ms
			w := &ir.Var{Name: "accc_v_p", Type: ptrT, Class: ir.ArrayData, Map: ms, Member: "v.p", Of: sv}
			f.r.Vars, f.k.Params, f.c.Maps = append(f.r.Vars, sv, w), append(f.k.Params, sv, w), append(f.c.Maps, ms)
			f.outer.Body = append(f.outer.Body, use(9, w))
		}},
		{name: "data the code does not name", edit: func(f *fixture) {
			z := &ir.Var{Name: "z", Type: ptrT}
			f.c.Maps = append(f.c.Maps, &ir.Map{Clause: ir.Copyin, Var: z, Text: "z[0:n]"})
		}},
		{name: "private that is mapped", edit: func(f *fixture) { f.r.Privates = []*ir.Var{f.x} },
			want: "line 3: construct-level private x is arraydata"},
		{name: "unused private", edit: func(f *fixture) { f.r.Privates = []*ir.Var{{Name: "p", Type: intT}} }},

		// Parameters.
		{name: "no parameter", edit: func(f *fixture) { f.k.Params = []*ir.Var{f.n, f.s} },
			want: "line 3: kernel f_3_gpu uses x (arraydata) but has no parameter for it"},
		{name: "unused parameter", edit: func(f *fixture) {
			y := &ir.Var{Name: "y", Type: intT}
			f.r.Vars, f.k.Params = append(f.r.Vars, y), append(f.k.Params, y)
		}, want: "line 3: parameter y of kernel f_3_gpu is not used"},
		{name: "parameter for the rows of a used one", edit: func(f *fixture) {
			y := &ir.Var{Name: "y", Type: intT}
			f.r.Vars, f.k.Params, f.x.Rows = append(f.r.Vars, y), append(f.k.Params, y), []*ir.Var{y}
		}},
		{name: "parameter of another region", edit: func(f *fixture) { f.k.Params = append(f.k.Params, &ir.Var{Name: "y", Type: intT}) },
			want: "line 3: parameter y of kernel f_3_gpu is not a region variable"},
		{name: "parameter twice", edit: func(f *fixture) { f.k.Params = append(f.k.Params, f.n) },
			want: "line 3: parameter n of kernel f_3_gpu is listed twice"},
		{name: "private parameter", edit: func(f *fixture) {
			p := &ir.Var{Name: "p", Type: intT, Class: ir.PrivateVar}
			f.r.Vars, f.k.Params, f.k.Privates = append(f.r.Vars, p), append(f.k.Params, p), []*ir.Var{p}
			f.outer.Body = append(f.outer.Body, use(9, p))
		}, want: "line 3: parameter p of kernel f_3_gpu is private"},
		{name: "index declared outside, used by its loop only", edit: func(f *fixture) {
			f.i.Local = false
			f.r.Vars = append(f.r.Vars, f.i)
		}},
		{name: "private used outside its loops", edit: func(f *fixture) {
			f.i.Local = false
			f.r.Vars = append(f.r.Vars, f.i)
			f.k.Body = append(f.k.Body, use(9, f.i))
		}, want: "line 3: kernel f_3_gpu uses private variable i but does not declare it"},
		{name: "private the kernel declares", edit: func(f *fixture) {
			f.i.Local = false
			f.r.Vars, f.k.Privates = append(f.r.Vars, f.i), []*ir.Var{f.i}
			f.k.Body = append(f.k.Body, use(9, f.i))
		}},
		{name: "private the loop's clause covers", edit: func(f *fixture) {
			p := &ir.Var{Name: "p", Type: intT, Class: ir.PrivateVar}
			f.r.Vars, f.outer.Private = append(f.r.Vars, p), []*ir.Var{p}
			f.inner.Body = append(f.inner.Body, use(9, p))
		}},
		{name: "wrong private", edit: func(f *fixture) { f.k.Privates = []*ir.Var{f.n} },
			want: "line 3: private n of kernel f_3_gpu is byvalue, used: true"},
		{name: "reduction of another construct", edit: func(f *fixture) { f.k.Reductions = []*ir.Reduction{{Op: "+", Var: f.s, Name: "s"}} },
			want: "line 3: kernel f_3_gpu contributes to reduction(+:s), which is not the construct's or not a parameter"},
		{name: "read-only scalar", edit: func(f *fixture) { f.k.ReadOnly = []*ir.Var{f.n} },
			want: "line 3: read-only array n of kernel f_3_gpu is not an array parameter"},
		{name: "overlap of a non-parameter", edit: func(f *fixture) { f.k.Disjoint = [][2]*ir.Var{{f.x, {Name: "y", Type: ptrT}}} },
			want: "line 3: kernel f_3_gpu tests the overlap of y, which is not a parameter"},
		{name: "facts: no parameters before FactParams", facts: allFacts &^ ir.FactParams, edit: func(f *fixture) { f.k.Params = nil }},

		// Names.
		{name: "no name", edit: func(f *fixture) { f.k.Name = "" }, want: `line 3: kernel name "" is empty or taken`},
		{name: "fallback of the same name", edit: func(f *fixture) {
			fb := *f.k
			fb.Serial, fb.GangLoop, fb.Body = true, nil, []ir.Node{use(9, f.n)}
			fb.Params, fb.Reductions = []*ir.Var{f.n}, nil
			f.k.Fallback = &fb
		}, want: `line 3: kernel name "f_3_gpu" is empty or taken`},

		// Coalescing.
		{name: "coalesce: gang vector over a sequential loop", edit: func(f *fixture) {
			f.outer.Coalesce, f.outer.Levels, f.inner.Levels = true, ir.Gang|ir.Vector, 0
		}},
		{name: "coalesce: gang without vector", edit: func(f *fixture) { f.outer.Coalesce = true },
			want: "line 4: coalesce loop at gang, without the vector level"},
		{name: "coalesce: before the levels", facts: ir.FactVars | ir.FactNests | ir.FactCoalesce,
			edit: func(f *fixture) { f.outer.Coalesce = true }},
		{name: "coalesce: no loop inside", edit: func(f *fixture) { f.inner.Coalesce = true },
			want: "line 6: coalesce marks a seq loop or one without loops inside"},
		{name: "coalesce: seq loop", facts: ir.FactVars | ir.FactNests | ir.FactCoalesce,
			edit: func(f *fixture) { f.outer.Coalesce, f.outer.Seq = true, true },
			want: "line 4: coalesce marks a seq loop or one without loops inside"},

		// Host code.
		{name: "launched twice", edit: func(f *fixture) { f.r.Host = []ir.HostNode{&ir.Launch{Kernel: f.k}, &ir.Launch{Kernel: f.k}} },
			want: "line 3: kernel f_3_gpu is launched 2 times by the host code"},
		{name: "host loop", edit: func(f *fixture) {
			h := &ir.Var{Name: "h", Type: intT}
			f.r.Vars = append(f.r.Vars, h)
			f.r.Host = []ir.HostNode{&ir.HostLoop{Loop: &ir.Loop{Line: 2, Nest: []*ir.IndexVar{control(h, 2, ir.IntConst(9))}},
				Body: []ir.HostNode{&ir.Launch{Kernel: f.k}}}}
		}},
		{name: "host loop of two controls", edit: func(f *fixture) {
			h := &ir.Var{Name: "h", Type: intT}
			f.r.Vars = append(f.r.Vars, h)
			f.r.Host = []ir.HostNode{&ir.HostLoop{Loop: &ir.Loop{Line: 2, Nest: []*ir.IndexVar{control(h, 2, ir.IntConst(9)), control(h, 2, ir.IntConst(9))}},
				Body: []ir.HostNode{&ir.Launch{Kernel: f.k}}}}
		}, want: "line 2: host loop with 2 controls"},
		{name: "host loop partitioned", edit: func(f *fixture) {
			h := &ir.Var{Name: "h", Type: intT}
			f.r.Vars = append(f.r.Vars, h)
			f.r.Host = []ir.HostNode{&ir.HostLoop{Loop: &ir.Loop{Line: 2, Levels: ir.Gang, Nest: []*ir.IndexVar{control(h, 2, ir.IntConst(9))}},
				Body: []ir.HostNode{&ir.Launch{Kernel: f.k}}}}
		}, want: "line 2: host loop partitioned at gang"},
		{name: "host loop control private", edit: func(f *fixture) {
			h := &ir.Var{Name: "h", Type: intT, Class: ir.PrivateVar}
			f.r.Vars = append(f.r.Vars, h)
			f.r.Host = []ir.HostNode{&ir.HostLoop{Loop: &ir.Loop{Line: 2, Nest: []*ir.IndexVar{control(h, 2, ir.IntConst(9))}},
				Body: []ir.HostNode{&ir.Launch{Kernel: f.k}}}}
		}, want: "line 2: host loop control h is private, not passed by value"},
		{name: "host loop in a kernel", edit: func(f *fixture) {
			f.r.Host = []ir.HostNode{&ir.HostLoop{Loop: f.inner, Body: []ir.HostNode{&ir.Launch{Kernel: f.k}}}}
		}, want: "line 6: host loop inside kernel f_3_gpu"},
		{name: "launch of another region's kernel", edit: func(f *fixture) {
			f.r.Host = []ir.HostNode{&ir.Launch{Kernel: f.k}, &ir.Launch{Kernel: &ir.Kernel{Name: "g_9_gpu"}}}
		}, want: "line 3: the host code launches kernel g_9_gpu, which is not the region's"},

		{name: "no region", edit: func(f *fixture) { f.c.Region = nil }, want: "line 3: compute construct without a region"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := valid()
			tc.edit(f)
			facts := tc.facts
			if facts == 0 {
				facts = allFacts
			}
			probs := ir.Verify(f.c, facts)
			var got []string
			found := false
			for _, p := range probs {
				got = append(got, p.String())
				found = found || tc.want != "" && strings.Contains(p.String(), tc.want)
			}
			switch {
			case tc.want == "" && len(probs) > 0:
				t.Errorf("problems in valid IR:\n%s", strings.Join(got, "\n"))
			case tc.want != "" && !found:
				t.Errorf("want a problem %q, got:\n%s", tc.want, strings.Join(got, "\n"))
			}
		})
	}
}

// TestVerifyRoutine checks a routine's levels against its own (§2.15.1)
// and its parameters as declared variables.
func TestVerifyRoutine(t *testing.T) {
	p := &ir.Var{Name: "p", Type: ptrT, Local: true}
	i := &ir.Var{Name: "i", Type: intT, Local: true}
	routine := func(level, loop ir.Level) *ir.Routine {
		body := &ir.Stmt{Line: 4, MemWrite: true, Tree: &ir.ExprStmt{Line: 4,
			X: &ir.Assign{Op: "=", L: &ir.Index{X: ref(p), I: ref(i), T: floatT}, R: ir.IntConst(0), T: floatT}}}
		l := &ir.Loop{Line: 3, Levels: loop, Nest: []*ir.IndexVar{control(i, 3, ir.IntConst(8))}, Body: []ir.Node{body}}
		return &ir.Routine{Name: "zero", Line: 1, Level: level, Params: []*ir.Var{p},
			Kernel: &ir.Kernel{Name: ir.DeviceName("zero"), Line: 1, Body: []ir.Node{l}, Vector: 32, Workers: 32},
			Region: &ir.Region{Kind: ir.Parallel}}
	}
	for _, tc := range []struct {
		level, loop ir.Level
		want        string
	}{
		{ir.Worker, ir.Worker, ""},
		{ir.Worker, ir.Vector, ""},
		{ir.Gang, ir.Gang | ir.Vector, ""},
		{ir.Worker, ir.Gang, "line 3: loop at gang inside a loop already partitioned at gang"},
		{0, ir.Vector, "line 3: loop at vector inside a loop already partitioned at vector"},
		{ir.Vector, ir.Worker, "line 3: loop at worker inside a loop already partitioned at worker"},
	} {
		var got []string
		for _, p := range ir.VerifyRoutine(routine(tc.level, tc.loop)) {
			got = append(got, p.String())
		}
		if g := strings.Join(got, "\n"); g != tc.want {
			t.Errorf("%s routine, %s loop: %q, want %q", tc.level, tc.loop, g, tc.want)
		}
	}
	rt := routine(ir.Worker, ir.Worker)
	rt.Params = nil
	if got := ir.VerifyRoutine(rt); len(got) != 1 || got[0].Msg != "local variable p is not declared in the kernel" {
		t.Errorf("routine without its parameter: %v", got)
	}
	// A declare'd global the routine uses is a hidden parameter.
	g := &ir.Var{Name: "g", Type: intT, Global: true, Class: ir.ByPointer}
	rt = routine(ir.Worker, ir.Worker)
	rt.Kernel.Body = append(rt.Kernel.Body, use(5, g))
	if got := ir.VerifyRoutine(rt); len(got) != 1 || got[0].String() != "line 5: variable g is neither a region variable nor declared in the kernel" {
		t.Errorf("routine using g without a declare directive: %v", got)
	}
	rt.Globals = []*ir.Var{g}
	if got := ir.VerifyRoutine(rt); len(got) != 0 {
		t.Errorf("routine using declare'd global g: %v", got)
	}
	rt.Kernel = nil
	if got := ir.VerifyRoutine(rt); len(got) != 1 || got[0].String() != "line 1: routine zero without a body" {
		t.Errorf("routine without a body: %v", got)
	}
}

// TestVerifyProgram checks that two kernels of a file may not share a
// name.
func TestVerifyProgram(t *testing.T) {
	a, b := valid(), valid()
	p := &ir.Program{Constructs: []*ir.Construct{a.c, b.c}}
	if got := ir.VerifyProgram(p); len(got) != 1 || got[0].String() != "line 3: two device functions are named f_3_gpu" {
		t.Errorf("two kernels f_3_gpu: %v", got)
	}
	b.k.Name = "f_3_2_gpu"
	if got := ir.VerifyProgram(p); len(got) != 0 {
		t.Errorf("kernels f_3_gpu and f_3_2_gpu: %v", got)
	}
	p.Routines = []*ir.Routine{{Name: "zero", Line: 1}, {Name: "zero", Line: 7}}
	if got := ir.VerifyProgram(p); len(got) != 1 || got[0].String() != "line 7: two device functions are named accc_dev_zero" {
		t.Errorf("two routines zero: %v", got)
	}
}
