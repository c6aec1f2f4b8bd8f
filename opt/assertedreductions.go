package opt

import (
	"fmt"
	"slices"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// assertedLoop reports whether l is a loop of a parallel construct that
// its directive makes independent (§2.9.6: a loop directive without seq
// or auto), whose schedule the program, not the depend pass, decides.
func (c *Construct) assertedLoop(l *ir.Loop, info *Loop) bool {
	return c.R.Kind == ir.Parallel && !l.Seq && info != nil && info.Marked && !info.Auto && !info.Implicit &&
		!info.DeviceTypes
}

// assertedReductions finds the implicit reductions of a loop the
// program asserts independent (assertedLoop): a scalar of the gang's own
// (declared in the region, or private to a loop around or to the
// construct) that every iteration updates with one reduction operator
// and that the loop uses no other way (recognize), with no clause of the
// loop naming it. Without a reduction clause the iterations race on it
// (§2.9.11 asks for the clause); a gang's lanes would each keep a partial
// value of their own. The loop reduces it instead, as its sequential
// run would, and as NVHPC does ("Generating implicit reduction"). A
// scalar shared by the gangs is left alone: its partial values would
// need the construct's reduction, which the program did not ask for.
func (c *Construct) assertedReductions(l *ir.Loop, outer []*ir.Loop) {
	f := collectFacts(l)
	info := c.Loops[l]
	seen := map[*ir.Var]bool{}
	for _, a := range f.accesses {
		v := a.Var
		if !a.Write || a.Element || len(a.Fields) > 0 || a.Unknown || v == nil || seen[v] ||
			f.declared[v] || f.indices[v] || LoopClauseNames(l, v) || c.constructReduces(v) {
			continue
		}
		seen[v] = true
		if !v.Local && !privateAround(c.R, outer, v) {
			continue
		}
		if c.writtenFirst(l, v) || atomicOnly(f, v, true) {
			continue // each iteration's own value, or atomic updates
		}
		if op, ok := recognize(f, v); ok {
			info.Reductions = append(info.Reductions, Reduction{Var: v, Op: op, Implicit: true})
		}
	}
}

// elementReductions gives asserted loop l, partitioned below the gang
// level and with a straight body, a reduction on each array element that
// statements directly in its body update in every iteration with one
// reduction operator, as reduction(op:x[i][j]) would (§2.9.11, an array
// element): the accumulations of PolyBench's mvt, gesummv, syrk and
// syr2k, x1[i] = x1[i] + A[i][j] * y[j] inside a loop over j. The
// element's row must fit ir.MaxViewRowBytes, and its subscripts must not
// change in the loop (no variable the loop assigns, no memory), and the
// loop may use its array no other way: then the iterations race on the
// element alone (the warning names the clause), and the reduction is what
// the loop's sequential run computes. The loop's reduction combines its
// lanes' partial values into the element. A gang loop keeps its race: a
// gang loop's reduction is the construct's, whose section the host
// evaluates, and the element's subscripts are the gang's values.
func (c *Construct) elementReductions(l *ir.Loop) {
	info := c.Loops[l]
	if !c.assertedLoop(l, info) || l.Levels == 0 || l.Levels.Has(ir.Gang) || !straightBody(l, info) {
		return
	}
	f := collectFacts(l)
	assigned := map[*ir.Var]bool{}
	for _, a := range f.accesses {
		if a.Write && a.Var != nil {
			assigned[a.Var] = true
		}
	}
	for _, in := range append([]*ir.Loop{l}, f.inner...) {
		for _, iv := range in.Nest {
			assigned[iv.Var] = true
		}
	}
	done := map[*ir.Var]bool{}
	for _, n := range l.Body {
		s, ok := n.(*ir.Stmt)
		if !ok || !f.top[s] {
			continue
		}
		for _, w := range s.Accesses {
			v := w.Var
			if !w.Write || !w.Element || len(w.Fields) > 0 || w.Unknown || v == nil || w.Expr == nil || done[v] ||
				f.declared[v] || LoopClauseNames(l, v) || v.Local || v.Class == ir.PrivateVar {
				continue
			}
			done[v] = true
			if red := c.elementReduction(l, f, s, w, assigned); red != nil {
				l.Reduce = append(l.Reduce, red)
				text := ir.Format(w.Expr, nil)
				c.Report(diag.Diagnostic{Pos: l.Pos, Severity: diag.Warning, Code: diag.CodeRaceIndependent, Func: c.C.Func,
					Msg: fmt.Sprintf("the loop at line %d is independent (%s), but every iteration updates %s (line %d); accc reduces it as reduction(%s:%s) would, which the program should say: add the clause (other compilers run the updates in parallel and race)",
						c.userLine(l.Pos.Line), c.why(info), text, c.userLine(s.Line), red.Op, text)})
			}
		}
	}
}

// elementReduction returns the reduction of the element w writes in
// statement s of loop l, or nil where elementReductions' conditions do
// not hold.
func (c *Construct) elementReduction(l *ir.Loop, f *loopFacts, s *ir.Stmt, w *ir.Access, assigned map[*ir.Var]bool) *ir.Reduction {
	v := w.Var
	// Every reference of v in the loop is this element, in statements
	// directly in the loop's body (s and any other: syr2k's two updates).
	stmts := []*ir.Stmt{s}
	for _, a := range f.accesses {
		if a.Var != v {
			continue
		}
		o := f.owner[a]
		if !f.top[o] || a.Expr == nil || !sameTree(a.Expr, w.Expr) {
			return nil
		}
		if !slices.Contains(stmts, o) {
			stmts = append(stmts, o)
		}
	}
	var subs []ir.Expr
	e := w.Expr
	for {
		x, ok := e.(*ir.Index)
		if !ok {
			break
		}
		subs = append([]ir.Expr{x.I}, subs...)
		e = x.X
	}
	if r, ok := e.(*ir.Ref); !ok || r.Var != v || len(subs) == 0 {
		return nil
	}
	for _, sub := range subs {
		if ir.AnyExpr(sub, func(e ir.Expr) bool {
			if r, ok := e.(*ir.Ref); ok {
				return assigned[r.Var] || f.declared[r.Var]
			}
			return readsMemory(e)
		}) {
			return nil
		}
	}
	// Each of them an update with one operator.
	var op ir.ReductionOp
	ok := true
	for _, st := range stmts {
		o, match := updateOf(st.Tree, func(e ir.Expr) bool { return sameTree(e, w.Expr) },
			func(e ir.Expr) bool { return !usesVar1(e, v) })
		if !match || op != "" && o != op {
			ok = false
			break
		}
		op = o
	}
	elem := w.Expr.Type()
	if !ok || elem == nil || elem.Kind != ir.Scalar || elem.Bool || !ReductionTypeOK(op, elem) {
		return nil
	}
	if ir.ViewRow(v.Type)*elem.Size > ir.MaxViewRowBytes {
		return nil // a CPU kernel's copy would be one element (ir.ViewRow)
	}
	// The element's place in its array: each subscript a dimension of
	// one element; an array's rows must have constant lengths, a
	// pointer be the outermost level.
	t := v.Type
	dims := make([]ir.Dim, len(subs))
	for i, sub := range subs {
		if t == nil || t.Kind != ir.Array && (t.Kind != ir.Pointer || i > 0) || i > 0 && t.Len <= 0 {
			return nil
		}
		dims[i] = ir.Dim{Lo: sub, Len: ir.IntConst(1)}
		t = t.Elem
	}
	return &ir.Reduction{Op: op, Var: v, Name: v.Name, Type: elem, Len: 1, Implicit: true,
		Section: &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: elem, Dims: dims}}
}

// constructReduces reports whether the construct's reduction clause
// names v.
func (c *Construct) constructReduces(v *ir.Var) bool {
	for _, r := range c.R.Reductions {
		if r.Var == v {
			return true
		}
	}
	return false
}
