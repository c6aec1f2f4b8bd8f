package lower

import (
	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// An inferred section of a pointer the construct uses without a data
// clause: the elements its subscripts reach over the loops' bounds
// (issue: extent inference, as NVHPC's "Generating implicit
// copyin(a[:n])").
type inferred struct {
	lo, hi ir.Affine // first and last element
	// read and written say how the construct uses the data; covered is
	// set when every element of the section is written unconditionally
	// and none is read, so nothing needs copying in.
	read, written, covered bool
}

// inferExtent finds the section of pointer v's data the region reaches:
// every reference to v is an element reference whose first subscript
// ranges, over the bounds of the loops around it, between polynomials of
// variables the host has (region scalars the construct does not assign);
// the section runs from the least to the greatest of them when those
// differ by constants. nil when any reference defeats this.
func (rg *region) inferExtent(v *ir.Var) *inferred {
	if v.Type.Kind != ir.Pointer || v.Type.Elem.Kind == ir.Pointer || v.Type.Elem.Kind == ir.Function ||
		v.Type.Elem.Size <= 0 {
		return nil
	}
	levels := map[*ir.Var]depend.Level{}
	steps := map[*ir.Var]bool{} // unit step
	var res *inferred
	ok := true
	var stmts []*ir.Stmt
	top := map[*ir.Stmt]*ir.Var{} // statements directly in a loop body: that loop's first index
	var visit func(ns []ir.Node, loop *ir.Loop)
	visit = func(ns []ir.Node, loop *ir.Loop) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Loop:
				for _, iv := range x.Nest {
					if iv.Var != nil {
						levels[iv.Var] = levelOf(iv)
						k, isConst := ir.IntValue(iv.Step)
						steps[iv.Var] = isConst && k == 1 && !iv.Down
					}
				}
				visit(x.Body, x)
			case *ir.Stmt:
				stmts = append(stmts, x)
				if loop != nil && len(loop.Nest) == 1 {
					top[x] = loop.Nest[0].Var
				}
				ir.InspectStatement(x.Tree, func(s ir.Statement) bool {
					if f, isFor := s.(*ir.For); isFor {
						if l, okf := forLevel(f); okf {
							levels[l.Index] = l
						}
					}
					return true
				}, nil)
				if x.Head != nil {
					if f, isFor := x.Head.(*ir.For); isFor {
						if l, okf := forLevel(f); okf {
							levels[l.Index] = l
						}
					}
				}
				visit(x.Body, nil)
			}
		}
	}
	for _, k := range rg.r.Kernels {
		visit(k.Body, nil)
	}
	var nest []depend.Level
	for _, l := range levels {
		nest = append(nest, l)
	}
	hostHas := func(a ir.Affine) bool {
		for _, t := range a.Terms {
			for _, w := range t.Vars {
				if w.Local || w.Written || w.Type.Kind != ir.Scalar || levels[w].Index != nil {
					return false
				}
			}
		}
		return true
	}
	writes := 0
	for _, s := range stmts {
		for _, a := range s.Accesses {
			if a.Var != v {
				continue
			}
			if a.Unknown || !a.Element || len(a.Subs) == 0 || !a.Subs[0].OK {
				return nil
			}
			lo, hi, okr := depend.Range(nest, a.Subs[0])
			if !okr || !hostHas(lo) || !hostHas(hi) {
				return nil
			}
			if res == nil {
				res = &inferred{lo: lo, hi: hi, covered: true}
			} else {
				if res.lo, ok = least(res.lo, lo); !ok {
					return nil
				}
				if res.hi, ok = greatest(res.hi, hi); !ok {
					return nil
				}
			}
			if a.Write {
				res.written = true
				writes++
				// One unconditional store a[i + c] per iteration of a
				// unit-step loop i writes every element of its range.
				u := top[s]
				if _, isExpr := s.Tree.(*ir.ExprStmt); !isExpr || u == nil || !steps[u] || len(a.Subs) != 1 ||
					!unitIndex(a.Subs[0], u) {
					res.covered = false
				}
			} else {
				res.read = true
			}
		}
	}
	if res == nil {
		return nil
	}
	res.covered = res.covered && !res.read && writes == 1
	return res
}

// unitIndex reports whether s is u + c.
func unitIndex(s ir.Affine, u *ir.Var) bool {
	c, ok := s.Coef(u)
	k, isConst := c.IntConst()
	_, restConst := s.Without(map[*ir.Var]bool{u: true}).IntConst()
	return ok && isConst && k == 1 && restConst
}

// least and greatest compare polynomials that differ by a constant.
func least(a, b ir.Affine) (ir.Affine, bool) {
	d, ok := a.Sub(b).IntConst()
	if !ok {
		return a, false
	}
	if d <= 0 {
		return a, true
	}
	return b, true
}

func greatest(a, b ir.Affine) (ir.Affine, bool) {
	d, ok := a.Sub(b).IntConst()
	if !ok {
		return a, false
	}
	if d >= 0 {
		return a, true
	}
	return b, true
}

// forLevel reads the bounds of a sequential for statement of the form
// for (i = lo; i < hi; i++) (or <=, or int i = lo).
func forLevel(f *ir.For) (depend.Level, bool) {
	v := forIndex(f)
	if v == nil {
		return depend.Level{}, false
	}
	var lo ir.Expr
	switch in := f.Init.(type) {
	case *ir.DeclStmt:
		lo = in.Locals[0].Init
	case *ir.ExprStmt:
		lo = in.X.(*ir.Assign).R
	}
	c, ok := f.Cond.(*ir.Binary)
	if !ok || lo == nil {
		return depend.Level{}, false
	}
	if r, isRef := c.X.(*ir.Ref); !isRef || r.Var != v {
		return depend.Level{}, false
	}
	switch p := f.Post.(type) {
	case *ir.Unary:
		if p.Op != "++" {
			return depend.Level{}, false
		}
	default:
		return depend.Level{}, false
	}
	hi := ir.Linear(c.Y)
	switch c.Op {
	case "<":
		hi = hi.Sub(ir.Constant(1))
	case "<=":
	default:
		return depend.Level{}, false
	}
	// The body must not assign the index.
	assigned := false
	ir.InspectStatement(f.Body, nil, func(e ir.Expr) {
		ir.Inspect(e, func(x ir.Expr) bool {
			switch y := x.(type) {
			case *ir.Assign:
				if r, isRef := y.L.(*ir.Ref); isRef && r.Var == v {
					assigned = true
				}
			case *ir.Unary:
				if r, isRef := y.X.(*ir.Ref); isRef && r.Var == v && (y.Op == "++" || y.Op == "--" || y.Op == "&") {
					assigned = true
				}
			}
			return true
		})
	})
	if assigned {
		return depend.Level{}, false
	}
	return depend.Level{Index: v, Min: ir.Linear(lo), Max: hi}, true
}

// addInferred maps the inferred section of pointer v: copyin when the
// construct only reads it, copyout when it writes every element and
// reads none, else copy.
func (rg *region) addInferred(v *ir.Var, x *inferred, present bool) *ir.Map {
	kind := directives.ClauseCopy
	switch {
	case present:
		kind = directives.ClausePresent
	case !x.written:
		kind = directives.ClauseCopyin
	case x.covered:
		kind = directives.ClauseCopyout
	}
	it := &ir.Type{Kind: ir.Scalar, Name: "long", Size: 8, Len: -1}
	s := &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: v.Type.Elem, Dims: []ir.Dim{{
		Lo:  ir.AffineExpr(x.lo, it),
		Len: ir.AffineExpr(x.hi.Sub(x.lo).Add(ir.Constant(1)), it),
	}}}
	m := &ir.Map{Pos: rg.firstUse[v], Clause: dataKind(kind), Implicit: true, Var: v, Text: v.Name, Section: s}
	v.Map = m
	rg.c.Maps = append(rg.c.Maps, m)
	return m
}
