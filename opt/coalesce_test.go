package opt

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

var (
	intT = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	dblT = &ir.Type{Kind: ir.Scalar, Name: "double", Size: 8, Float: true}
	ptrT = &ir.Type{Kind: ir.Pointer, Elem: dblT, Size: 8}
)

func ref(v *ir.Var) *ir.Ref { return &ir.Ref{Var: v} }

// product is a nest as a parallel loop construct leaves it to the
// coalesce pass: the loop directive's i loop, and inside it a j loop the
// depend pass proved parallel, whose statement s += A[sub] reads A at
// sub(i, j).
type product struct {
	c            *Construct
	outer, inner *ir.Loop
	a            *ir.Var
}

func newProduct(short bool, sub func(i, j, n ir.Expr) ir.Expr) *product {
	n := &ir.Var{Name: "n", Type: intT}
	var hi ir.Expr = ref(n)
	if short {
		hi = ir.IntConst(64)
	}
	a := &ir.Var{Name: "A", Type: ptrT, Class: ir.ArrayData}
	s := &ir.Var{Name: "s", Type: dblT, Local: true}
	i := &ir.Var{Name: "i", Type: intT, Local: true}
	j := &ir.Var{Name: "j", Type: intT, Local: true}
	control := func(v *ir.Var, hi ir.Expr) *ir.IndexVar {
		return &ir.IndexVar{Var: v, Declare: true, Lo: ir.IntConst(0), Cmp: ir.Less, Hi: hi, Step: ir.IntConst(1)}
	}
	read := &ir.Index{X: ref(a), I: sub(ref(i), ref(j), ref(n)), T: dblT}
	body := &ir.Stmt{Line: 7, Tree: &ir.ExprStmt{Line: 7, X: &ir.Assign{Op: "+=", L: ref(s), R: read, T: dblT}}}
	inner := &ir.Loop{Line: 6, Nest: []*ir.IndexVar{control(j, ref(n))}, Body: []ir.Node{body}}
	outer := &ir.Loop{Line: 4, Nest: []*ir.IndexVar{control(i, hi)}, Body: []ir.Node{inner}}
	k := &ir.Kernel{Name: "f_3_gpu", Line: 3, Body: []ir.Node{outer}}
	c := &Construct{R: &ir.Region{Kind: ir.Parallel, Kernels: []*ir.Kernel{k}, Vars: []*ir.Var{n, a}},
		Loops: map[*ir.Loop]*Loop{outer: {Marked: true, Indep: true}, inner: {Implicit: true, Proven: true, Indep: true}}}
	c.C = &ir.Construct{Kind: ir.Compute, Line: 3, Region: c.R}
	Access(c)
	return &product{c: c, outer: outer, inner: inner, a: a}
}

// column reads A[j*n + i]: i walks A with stride 1, j with stride n.
func column(i, j, n ir.Expr) ir.Expr {
	return &ir.Binary{Op: "+", X: &ir.Binary{Op: "*", X: j, Y: n, T: intT}, Y: i, T: intT}
}

// row reads A[i*n + j]: j walks A with stride 1.
func row(i, j, n ir.Expr) ir.Expr {
	return &ir.Binary{Op: "+", X: &ir.Binary{Op: "*", X: i, Y: n, T: intT}, Y: j, T: intT}
}

// TestCoalesce checks the coalesce pass's decision and the levels the
// schedule pass then gives the nest: gang vector on the outer loop where
// it marks it, gang outside vector otherwise.
func TestCoalesce(t *testing.T) {
	for _, tc := range []struct {
		name       string
		sub        func(i, j, n ir.Expr) ir.Expr
		short      bool             // the outer loop runs 64 iterations
		edit       func(p *product) // before the pass
		want       bool
		outer, inr ir.Level
	}{
		{name: "column product", sub: column, want: true, outer: ir.Gang | ir.Vector, inr: 0},
		{name: "row product", sub: row, outer: ir.Gang, inr: ir.Vector},
		{name: "short outer loop", sub: column, short: true, outer: ir.Gang, inr: ir.Vector},
		{name: "inner level written", sub: column, edit: func(p *product) {
			p.c.Loops[p.inner] = &Loop{Marked: true, Indep: true, Explicit: ir.Vector}
		}, outer: ir.Gang, inr: ir.Vector},
		{name: "outer level written", sub: column, edit: func(p *product) {
			p.c.Loops[p.outer].Explicit = ir.Gang
		}, outer: ir.Gang, inr: ir.Vector},
		{name: "the body's own array", sub: column, edit: func(p *product) {
			p.outer.Private = []*ir.Var{p.a} // its accesses do not count
		}, outer: ir.Gang, inr: ir.Vector},
		{name: "inner loop left sequential", sub: column, edit: func(p *product) {
			p.c.Loops[p.inner].Indep, p.c.Loops[p.inner].Proven = false, false
		}, outer: ir.Gang | ir.Vector, inr: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newProduct(tc.short, tc.sub)
			if tc.edit != nil {
				tc.edit(p)
			}
			Coalesce(p.c)
			if p.outer.Coalesce != tc.want || p.inner.Coalesce {
				t.Errorf("Coalesce marks outer %v, inner %v; want %v, false", p.outer.Coalesce, p.inner.Coalesce, tc.want)
			}
			Schedule(p.c)
			if p.c.Failed || p.outer.Levels != tc.outer || p.inner.Levels != tc.inr {
				t.Errorf("levels %s, %s (failed %v); want %s, %s", p.outer.Levels, p.inner.Levels, p.c.Failed, tc.outer, tc.inr)
			}
		})
	}
}
