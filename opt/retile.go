package opt

import (
	"math"

	"github.com/accc-compiler/accc/ir"
)

// Re-tiling a triangular nest. A gang loop whose body is a vector loop
// with a sequential product loop inside, as syrk writes it,
//
//	#pragma acc parallel loop gang
//	for (i = 0; i < n; i++)
//	    #pragma acc loop vector
//	    for (j = 0; j <= i; j++) {            // a bound i + c, or none
//	        double s = C[i*n + j] * beta;
//	        for (k = 0; k < m; k++) s += A[i*m + k] * A[j*m + k];
//	        C[i*n + j] = s;
//	    }
//
// has each gang compute a row: every gang reads all the rows j of A, a
// row apart in consecutive lanes. The gang and vector loops of a
// parallel construct are independent (OpenACC 3.4 §2.9: the program
// asserts that no iteration of either depends on another), so their
// iterations may run in any order and grouping: the retile pass makes
// the two one gang vector collapse(2) nest over the rectangle that
// bounds the triangle, which the GPU runs in 2-D blocks with the k
// loop's operands staged through shared memory (stage.go), and a mask
// (ir.Retile) that skips the rectangle's points outside the triangle;
// the tiles outside it exit at once. The threads a mask turns off
// still take part in the barriers and load the shared tiles: the
// rectangle's rows are cut to those that hold iterations, and each of
// its columns j is one of some row's iterations, so their loads read
// what the program reads; the reads before the k loop are not made in
// them (codegen/kernel), and nothing after the k loop runs in them.
//
// Legality, checked exactly, else the program's schedule stays: both
// loops have loop directives (a loop without one, which the depend pass
// proved parallel, keeps its schedule); they are perfectly nested (but
// for stores before the vector loop, onceOK), canonical with step 1, counting up
// with declared indices; the inner bounds are invariant or one of them
// is i + c; the body writes only array elements whose subscripts use
// both indices and private scalars, reads the arrays it writes only at
// the elements it writes, calls nothing with effects, and is the shape
// stage.go stages.

// retileLoop re-tiles kernel k's gang loop when it qualifies (above).
func (c *Construct) retileLoop(k *ir.Kernel) {
	g := k.GangLoop
	if c.Target != "gpu" || c.R.Kind != ir.Parallel || k.Serial || g == nil || k.Fallback != nil || len(k.Disjoint) > 0 ||
		k.Split != nil || len(k.Reductions) > 0 || k.Workers != 1 || k.GangDims > 1 || c.R.NumGangs != nil ||
		c.R.NumGangsYZ[0] != nil || !aloneInKernel(k) || !hostTrip(g) {
		return
	}
	if k.VectorFixed && (k.Vector < ir.Block2DWidth || k.Vector%ir.Block2DWidth != 0) {
		return // block2DRows would not run the nest in 2-D blocks
	}
	if g.Levels != ir.Gang || !plainLoop(g) || len(g.Private) > 0 || len(g.Body) == 0 || GotoIn(g.Body) {
		return
	}
	v, ok := g.Body[len(g.Body)-1].(*ir.Loop)
	if !ok || v.Levels != ir.Vector || !plainLoop(v) || !c.retileAsserted(g) || !c.retileAsserted(v) {
		return
	}
	once := g.Body[:len(g.Body)-1]
	gi, vj := g.Nest[0], v.Nest[0]
	i, j := gi.Var, vj.Var
	lo, loOK := unitBound(vj.Lo, i)
	hi, hiOK := unitBound(vj.Hi, i)
	if !loOK || !hiOK || lo.dep && hi.dep {
		return
	}
	rows := k.Vector / ir.Block2DWidth
	if !k.VectorFixed {
		rows = ir.Block2DThreads / ir.Block2DWidth // the launch pass's block
	}
	if !retileBody(v.Body, i, j) || !retileStaged(v.Body, i, j, k.ReadOnly, rows) {
		return
	}
	if len(once) > 0 && !c.onceOK(once, v, gi, lo, hi) {
		return
	}

	// The rows that hold iterations, and the columns of the rectangle.
	iLo, iEnd := bound{e: gi.Lo}, bound{e: gi.Hi, c: inclusive(gi.Cmp)} // i in [iLo, iEnd)
	jLo, jEnd := bound{e: vj.Lo}, bound{e: vj.Hi, c: inclusive(vj.Cmp)}
	var mask ir.Expr
	switch {
	case hi.dep:
		// j in [L, i + c + incl): row i holds iterations when
		// L < i + c + incl; the last row reaches the furthest column.
		jEnd = iEnd.plus(hi.c + inclusive(vj.Cmp) - 1)
		iLo = maxBound(iLo, jLo.plus(1-hi.c-inclusive(vj.Cmp)))
		mask = &ir.Binary{Op: vj.Cmp.String(), X: &ir.Ref{Var: j}, Y: vj.Hi, T: intType}
	case lo.dep:
		// j in [i + c, H + incl): row i holds iterations when
		// i + c < H + incl; the first row reaches the nearest column.
		jLo = iLo.plus(lo.c)
		iEnd = minBound(iEnd, jEnd.plus(-lo.c))
		mask = &ir.Binary{Op: ">=", X: &ir.Ref{Var: j}, Y: vj.Lo, T: intType}
	}
	rt := &ir.Retile{Mask: mask, Lower: lo.dep}
	if len(once) > 0 {
		// Every row runs the statements before the vector loop: the
		// rows stay, and the loads skip those without iterations and
		// the column added where the triangle has none.
		iLo, iEnd = bound{e: gi.Lo}, bound{e: gi.Hi, c: inclusive(gi.Cmp)}
		rt.Once = once
		rt.Rows = &ir.Binary{Op: vj.Cmp.String(), X: vj.Lo, Y: vj.Hi, T: intType}
		rt.Cols = &ir.Binary{Op: "<", X: &ir.Cast{X: &ir.Ref{Var: j}, T: llType}, Y: jEnd.expr(), T: intType}
		jEnd = maxBound(jEnd, jLo.plus(1))
	}
	ni, nj := *gi, *vj
	ni.Lo, ni.Hi, ni.Cmp = iLo.expr(), iEnd.expr(), ir.Less
	nj.Lo, nj.Hi, nj.Cmp, nj.Local = jLo.expr(), jEnd.expr(), ir.Less, false
	g.Nest = []*ir.IndexVar{&ni, &nj}
	g.Levels = ir.Gang | ir.Vector
	g.VectorLength = v.VectorLength
	g.Private = withoutIndices(v.Private, g.Nest)
	g.Body = v.Body
	g.Retile = rt
}

// onceOK reports whether the statements once, before vector loop v in
// the gang loop over gi, may run once per row beside the re-tiled nest,
// in any order with its iterations: stores of array elements whose
// subscripts use i and no other variable the region assigns, no other
// effects, no reads of what v writes or of what they write elsewhere,
// and elements no iteration of v in the same row reaches (the rows are
// independent, §2.9: other rows do not). Two references are disjoint
// there when a subscript's difference is q*(j - i) with j - i never 0
// in the triangle (the bound i + c, lo or hi, keeps it from the
// diagonal) and q a nonzero constant or a multiple of the gang loop's
// bound n, nonzero in every row of i = lo; i < n with lo >= 0.
func (c *Construct) onceOK(once []ir.Node, v *ir.Loop, gi *ir.IndexVar, lo, hi affineBound) bool {
	i, j := gi.Var, v.Nest[0].Var
	vj := v.Nest[0]
	// j - i is never 0: j >= i + lo.c with lo.c >= 1, or j <= i + c' with
	// c' = hi.c - 1 (<) or hi.c (<=) at most -1.
	var offDiagonal bool
	switch {
	case lo.dep:
		offDiagonal = lo.c >= 1
	case hi.dep:
		offDiagonal = hi.c-1+inclusive(vj.Cmp) <= -1
	}
	if !offDiagonal || !retileBody(once, i, i) {
		return false
	}
	var bound *ir.Var
	if r, ok := gi.Hi.(*ir.Ref); ok && gi.Cmp == ir.Less && !r.Var.Written {
		if l, ok := ir.IntValue(gi.Lo); ok && l >= 0 {
			bound = r.Var
		}
	}
	nonzero := func(q ir.Affine) bool {
		if k, ok := q.IntConst(); ok {
			return k != 0
		}
		return bound != nil && len(q.Terms) == 1 && q.Terms[0].Coef != 0 && len(q.Terms[0].Vars) == 1 && q.Terms[0].Vars[0] == bound
	}
	ji := ir.VarAffine(j).Sub(ir.VarAffine(i))
	disjoint := func(w, a *ir.Access) bool {
		if !w.Affine || !a.Affine || len(w.Subs) != len(a.Subs) || len(w.Fields) > 0 || len(a.Fields) > 0 {
			return false
		}
		for s := range w.Subs {
			d := a.Subs[s].Sub(w.Subs[s])
			q, ok := d.Coef(j)
			if !ok {
				continue
			}
			qi, ok1 := q.Coef(i)
			qj, ok2 := q.Coef(j)
			rest, ok3 := d.Sub(q.Mul(ji)).IntConst()
			if ok1 && ok2 && ok3 && len(qi.Terms) == 0 && len(qj.Terms) == 0 && rest == 0 && nonzero(q) {
				return true
			}
		}
		return false
	}
	var inner []*ir.Access
	ir.Visit(v.Body, func(n ir.Node) {
		if s, ok := n.(*ir.Stmt); ok {
			inner = append(inner, s.Accesses...)
		}
	})
	ok := true
	ir.Visit(once, func(n ir.Node) {
		s, isStmt := n.(*ir.Stmt)
		if !isStmt {
			ok = false
			return
		}
		if s.Decl || s.Body != nil || len(s.SeqLoops) > 0 {
			ok = false // a local the vector loop might use, or a loop
		}
		for _, w := range s.Accesses {
			for _, a := range inner {
				if a.Var != w.Var {
					continue
				}
				if !w.Write && a.Write || w.Write && !disjoint(w, a) {
					ok = false
				}
			}
			if w.Write && !w.Var.Local && !usesOnly(w, i) {
				ok = false
			}
		}
	})
	return ok
}

// usesOnly reports whether a's subscripts use loop index i and no other
// loop index.
func usesOnly(a *ir.Access, i *ir.Var) bool {
	used := false
	for _, sub := range a.Subs {
		for _, t := range sub.Terms {
			for _, v := range t.Vars {
				if v == i {
					used = true
				} else if v.Local || v.Written {
					return false
				}
			}
		}
	}
	return used
}

// retileAsserted reports whether the program asserts l's iterations
// independent (asserted, races.go); a loop without a directive, which
// only the depend pass may prove parallel, keeps its schedule.
func (c *Construct) retileAsserted(l *ir.Loop) bool {
	info := c.Loops[l]
	return info != nil && c.asserted(l, info)
}

// plainLoop reports whether l is one canonical loop the retile pass may
// merge: no tile, reduction, jump out or gang dimension, counting up by
// one with an index it declares (its bounds: unitBound, and hostTrip for
// the gang loop's).
func plainLoop(l *ir.Loop) bool {
	if len(l.Nest) != 1 || len(l.Tile) > 0 || len(l.Reduce) > 0 || l.Break || l.Continue || l.GangDim > 1 || l.Seq {
		return false
	}
	iv := l.Nest[0]
	step, ok := ir.IntValue(iv.Step)
	return ok && step == 1 && !iv.Down && !iv.Never && iv.Declare && (iv.Cmp == ir.Less || iv.Cmp == ir.LessEq)
}

// inclusive is 1 for <= and >=, 0 for < and >.
func inclusive(c ir.CmpOp) int64 {
	if c.Inclusive() {
		return 1
	}
	return 0
}

// intType is the type of the masks' comparisons.
var intType = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}

// llType is the type bounds with offsets are computed in: no int
// overflow on the way.
var llType = &ir.Type{Kind: ir.Scalar, Name: "long long", Size: 8, Len: -1}

// An affineBound is an inner loop bound: c, or i + c when dep, or an
// invariant expression (c 0, dep false).
type affineBound struct {
	dep bool
	c   int64
}

// unitBound reads bound e of an inner loop in terms of the outer index
// i: i, i + c, c + i or i - c with an integer constant c, or an
// expression of variables the host passes and the region does not
// assign.
func unitBound(e ir.Expr, i *ir.Var) (affineBound, bool) {
	isI := func(x ir.Expr) bool {
		r, ok := x.(*ir.Ref)
		return ok && r.Var == i
	}
	if isI(e) {
		return affineBound{dep: true}, true
	}
	if b, ok := e.(*ir.Binary); ok && (b.Op == "+" || b.Op == "-") {
		if c, ok := ir.IntValue(b.Y); ok && isI(b.X) {
			if b.Op == "-" {
				c = -c
			}
			return affineBound{dep: true, c: c}, true
		}
		if c, ok := ir.IntValue(b.X); ok && b.Op == "+" && isI(b.Y) {
			return affineBound{dep: true, c: c}, true
		}
	}
	for _, v := range ir.ExprVars(e) {
		if v == i || v.Local || v.Written || v.Class != ir.ByValue && v.Class != ir.ByPointer {
			return affineBound{}, false
		}
	}
	return affineBound{}, true
}

// A bound is an expression plus a constant, each bound of the re-tiled
// rectangle: e + c.
type bound struct {
	e ir.Expr
	c int64
}

func (b bound) plus(c int64) bound { return bound{b.e, b.c + c} }

// expr returns b as an expression: e itself, a folded constant, or e +
// c computed in long long.
func (b bound) expr() ir.Expr {
	if v, ok := ir.IntValue(b.e); ok && v+b.c >= math.MinInt32 && v+b.c <= math.MaxInt32 {
		return ir.IntConst(v + b.c)
	}
	if b.c == 0 {
		return b.e
	}
	op, c := "+", b.c
	if c < 0 {
		op, c = "-", -c
	}
	return &ir.Binary{Op: op, X: &ir.Cast{X: b.e, T: llType}, Y: ir.IntConst(c), T: llType}
}

// sameBase reports whether a and b differ by a constant: the same
// expression, or two integer constants.
func sameBase(a, b bound) bool {
	_, ca := ir.IntValue(a.e)
	_, cb := ir.IntValue(b.e)
	return ca && cb || ir.Format(a.e, nil) == ir.Format(b.e, nil)
}

// value returns b's value where sameBase made it comparable: the
// constant, or the offset of a common expression.
func (b bound) value() int64 {
	if v, ok := ir.IntValue(b.e); ok {
		return v + b.c
	}
	return b.c
}

// maxBound and minBound return the larger and the smaller bound, as a
// bound where the two differ by a constant, else as a conditional
// expression.
func maxBound(a, b bound) bound { return pickBound(a, b, ">") }
func minBound(a, b bound) bound { return pickBound(a, b, "<") }

func pickBound(a, b bound, op string) bound {
	if sameBase(a, b) {
		if (a.value() > b.value()) == (op == ">") {
			return a
		}
		return b
	}
	x, y := a.expr(), b.expr()
	lx, ly := &ir.Cast{X: x, T: llType}, &ir.Cast{X: y, T: llType}
	return bound{e: &ir.Cond{C: &ir.Binary{Op: op, X: lx, Y: ly, T: intType}, X: lx, Y: ly, T: llType}}
}

// retileBody reports whether body, a vector loop's over j in a gang
// loop's over i, has only the effects the re-tiled nest keeps: stores
// to array elements whose subscripts use i and j, the arrays it stores
// into read only at the elements stored (the same subscripts, of the
// indices and of variables the region does not assign), assignments to
// variables it declares; no calls with effects (printf, routines, the
// library's stores), atomics or jumps.
func retileBody(body []ir.Node, i, j *ir.Var) bool {
	ok := true
	written := map[*ir.Var]map[string]bool{}
	var reads []*ir.Access
	fixed := func(a *ir.Access) bool {
		for _, v := range ir.ExprVars(a.Expr) {
			if v != i && v != j && v != a.Var && (v.Local || v.Written) {
				return false
			}
		}
		return true
	}
	ir.Visit(body, func(n ir.Node) {
		s, isStmt := n.(*ir.Stmt)
		if !isStmt {
			if l, isLoop := n.(*ir.Loop); isLoop && l.Levels != 0 {
				ok = false
			}
			return
		}
		if s.ParCall != nil || s.WritesUnknown || s.Break || s.Continue || len(s.Writes) > 0 {
			ok = false // len(Writes) > 0: a scalar declared outside
		}
		s.Exprs(func(e ir.Expr) {
			if ir.AnyExpr(e, func(x ir.Expr) bool {
				call, isCall := x.(*ir.Call)
				return isCall && (call.Func == "printf" || call.Routine != nil || libraryStores[call.Func] != nil)
			}) {
				ok = false
			}
		})
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				switch y := x.(type) {
				case *ir.Atomic, *ir.OpaqueStmt:
					ok = false
				case *ir.Jump:
					ok = ok && y.Kind != ir.Goto
				}
				return ok
			}, nil)
		}
		for _, a := range s.Accesses {
			switch {
			case a.Unknown || a.Var == nil:
				ok = false
			case !a.Write:
				reads = append(reads, a)
			case a.Var.Local:
				// the thread's own variable
			case !a.Element || !a.Affine || a.Expr == nil || !fixed(a) || !usesBoth(a, i, j):
				ok = false
			default:
				if written[a.Var] == nil {
					written[a.Var] = map[string]bool{}
				}
				written[a.Var][ir.Format(a.Expr, nil)] = true
			}
		}
	})
	for _, a := range reads {
		if w := written[a.Var]; w != nil && (a.Expr == nil || !fixed(a) || !w[ir.Format(a.Expr, nil)]) {
			ok = false
		}
	}
	return ok
}

// usesBoth reports whether a's subscripts use both i and j.
func usesBoth(a *ir.Access, i, j *ir.Var) bool {
	var ui, uj bool
	for _, sub := range a.Subs {
		for _, t := range sub.Terms {
			for _, v := range t.Vars {
				ui = ui || v == i
				uj = uj || v == j
			}
		}
	}
	return ui && uj
}

// retileStaged reports whether body is the shape stage.go stages once
// the nest over i and j is re-tiled: private straight-line code, whose
// reads of memory are scalar elements (the masked threads skip them),
// then one sequential loop with operands to stage, then code of any
// kind (it runs where the mask holds).
func retileStaged(body []ir.Node, i, j *ir.Var, readOnly []*ir.Var, rows int) bool {
	var loop *ir.Loop
	for _, n := range body {
		switch x := n.(type) {
		case *ir.Loop:
			if loop != nil || !stageable(x) || len(stageBufs(x, i, j, readOnly, rows)) == 0 {
				return false
			}
			loop = x
		case *ir.Stmt:
			if x.ParCall != nil || x.Break || x.Continue || partitioned(x.Body) {
				return false
			}
			if loop != nil {
				continue
			}
			if x.Body != nil || len(x.SeqLoops) > 0 || sharedEffects([]ir.Node{x}) {
				return false
			}
			for _, a := range x.Accesses {
				if a.Element && (a.Write || a.Expr == nil || !maskableRead(a.Expr)) {
					return false
				}
			}
		}
	}
	return loop != nil
}

// maskableRead reports whether element read e may be replaced by 0 in a
// thread the mask turns off: a scalar of arithmetic type.
func maskableRead(e ir.Expr) bool {
	t := e.Type()
	return t != nil && t.Kind == ir.Scalar && !t.Complex
}
