package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
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
// differ by constants. Subscripts with symbolic strides (m[i*n + j], j
// within [0, n)) are bounded by symRange. nil when any reference
// defeats this.
func (rg *region) inferExtent(v *ir.Var) *inferred {
	if v.Type.Kind != ir.Pointer || v.Type.Elem.Kind == ir.Pointer || v.Type.Elem.Kind == ir.Function ||
		v.Type.Elem.Size <= 0 {
		return nil
	}
	// Each statement's nest: the loops around it, and the sequential for
	// loops of its own code. Sibling loops may reuse an index with other
	// bounds, so the nests are kept apart.
	type placed struct {
		s    *ir.Stmt
		nest []depend.Level
		top  *ir.IndexVar // the loop whose body holds s directly, when it is a single loop
	}
	var stmts []placed
	// A node's place: the levels of the loops around it, and the loop
	// whose body holds it, if any.
	type place struct {
		outer []depend.Level
		loop  *ir.Loop
	}
	visit := func(n ir.Node, at place) (place, bool) {
		switch x := n.(type) {
		case *ir.Loop:
			inner := at.outer
			for _, iv := range x.Nest {
				if iv.Var != nil {
					inner = withLevel(inner, opt.LevelOf(iv))
				}
			}
			return place{inner, x}, true
		case *ir.Stmt:
			nest := at.outer
			ir.InspectStatement(x.Tree, func(s ir.Statement) bool {
				if f, isFor := s.(*ir.For); isFor {
					if l, okf := forLevel(f); okf {
						nest = withLevel(nest, l)
					} else if iv := opt.ForIndex(f); iv != nil {
						nest = withLevel(nest, depend.Level{Index: iv})
					}
				}
				return true
			}, nil)
			body := at.outer
			if f, isFor := x.Head.(*ir.For); isFor {
				l, okf := forLevel(f)
				if !okf {
					l = depend.Level{Index: opt.ForIndex(f)}
				}
				if l.Index != nil {
					nest = withLevel(nest, l)
					body = withLevel(body, l)
				}
			}
			p := placed{s: x, nest: nest}
			if at.loop != nil && len(at.loop.Nest) == 1 {
				p.top = at.loop.Nest[0]
			}
			stmts = append(stmts, p)
			return place{body, nil}, true
		}
		return at, true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectWith(k.Body, place{}, visit)
	}
	var res *inferred
	ok := true
	writes := 0
	for _, ps := range stmts {
		s := ps.s
		indices := map[*ir.Var]bool{}
		for _, l := range ps.nest {
			indices[l.Index] = true
		}
		hostHas := func(a ir.Affine) bool {
			for _, t := range a.Terms {
				for _, w := range t.Vars {
					if w.Local || w.Written || w.Type.Kind != ir.Scalar || indices[w] {
						return false
					}
				}
			}
			return true
		}
		for _, a := range s.Accesses {
			if a.Var != v {
				continue
			}
			if a.Unknown || !a.Element || len(a.Subs) == 0 || !a.Subs[0].OK {
				return nil
			}
			lo, hi, okr := symRange(ps.nest, a.Subs[0], hostHas, nil, 0)
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
				u := ps.top
				if _, isExpr := s.Tree.(*ir.ExprStmt); !isExpr || u == nil || !unitStep(u) || len(a.Subs) != 1 ||
					!unitIndex(a.Subs[0], u.Var) {
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

// withLevel returns nest with l added; an index already there with other
// bounds gets unknown ones.
func withLevel(nest []depend.Level, l depend.Level) []depend.Level {
	out := make([]depend.Level, 0, len(nest)+1)
	dup := false
	for _, o := range nest {
		if o.Index == l.Index {
			dup = true
			if !sameAffine(o.Min, l.Min) || !sameAffine(o.Max, l.Max) {
				o = depend.Level{Index: o.Index}
			}
		}
		out = append(out, o)
	}
	if !dup {
		out = append(out, l)
	}
	return out
}

// sameAffine reports whether two polynomials are known and equal.
func sameAffine(a, b ir.Affine) bool {
	if !a.OK || !b.OK {
		return false
	}
	d, ok := a.Sub(b).IntConst()
	return ok && d == 0
}

// unitStep reports whether the loop of iv counts up by one.
func unitStep(iv *ir.IndexVar) bool {
	k, isConst := ir.IntValue(iv.Step)
	return isConst && k == 1 && !iv.Down && !iv.Never
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
	v := opt.ForIndex(f)
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
		assigned = assigned || ir.AnyExpr(e, func(x ir.Expr) bool {
			switch y := x.(type) {
			case *ir.Assign:
				r, isRef := y.L.(*ir.Ref)
				return isRef && r.Var == v
			case *ir.Unary:
				r, isRef := y.X.(*ir.Ref)
				return isRef && r.Var == v && (y.Op == "++" || y.Op == "--" || y.Op == "&")
			}
			return false
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

// implicitExtent maps pointer v (declared by d), which no clause names
// and no data region makes present, with the section its subscripts
// reach (inferExtent), else with its allocation's elements (copyin when
// the construct cannot write them, else copy). false when neither is
// known.
func (rg *region) implicitExtent(d *cc.Declarator, v *ir.Var) bool {
	if x := rg.inferExtent(v); x != nil {
		rg.addInferred(v, x, false)
		return true
	}
	if v.Type.Elem.Kind == ir.Pointer || v.Type.Elem.Kind == ir.Function {
		return false // mapping the pointers would not map their targets
	}
	n := rg.b.clauseConv(rg.p, rg.vars).allocCount(d)
	if n == nil {
		return false
	}
	kind := ir.Copy
	if rg.onlyReads(v) {
		kind = ir.Copyin
	}
	rg.addSection(v, kind, []ir.Dim{{Lo: ir.IntConst(0), Len: n, Whole: true}})
	return true
}

// presentExtent maps pointer v (declared by d), which an enclosing data
// region makes present, with the section that region maps it with
// (implicit present(p[:n])). false when that section is not known at
// the construct.
func (rg *region) presentExtent(d *cc.Declarator, v *ir.Var) bool {
	ds, _ := rg.b.clauseConv(rg.p, rg.vars).enclosingDims(d)
	if ds == nil {
		return false
	}
	rg.addSection(v, ir.Present, ds)
	return true
}

// addSection adds the implicit map of pointer v's section with dims.
func (rg *region) addSection(v *ir.Var, kind ir.DataKind, dims []ir.Dim) {
	s := &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: v.Type, Dims: dims}
	for range dims {
		s.Elem = irElem(s.Elem)
	}
	m := &ir.Map{Pos: rg.firstUse[v], Clause: kind, Implicit: true, Var: v, Text: v.Name, Section: s}
	v.Map = m
	rg.c.Maps = append(rg.c.Maps, m)
}

// onlyReads reports whether the construct cannot store to the data v
// points to: no kernel writes through v, and every pointer a kernel
// writes through is known not to alias v (restrict, -Msafeptr, or both
// hold allocations of their own: allocCount found each one's).
func (rg *region) onlyReads(v *ir.Var) bool {
	written, unknown := rg.deviceWrites()
	if unknown || written[v] {
		return false
	}
	decl := map[*ir.Var]*cc.Declarator{}
	for d, x := range rg.vars {
		decl[x] = d
	}
	c := rg.b.clauseConv(rg.p, rg.vars)
	for w := range written {
		if w.Type.Kind == ir.Pointer && !rg.b.opts.NoAlias && !rg.restrictVar(w) &&
			(decl[w] == nil || c.allocCount(decl[w]) == nil || c.allocCount(decl[v]) == nil) {
			return false
		}
	}
	return true
}
