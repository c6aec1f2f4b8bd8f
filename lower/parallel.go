package lower

import (
	"fmt"
	"slices"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// userPartitioned reports whether l is a loop of a kernels construct
// that its clauses partition (a level, or independent) rather than the
// depend pass.
func (rg *region) userPartitioned(l *ir.Loop, info *loopInfo) bool {
	return rg.r.Kind == ir.Kernels && !l.Seq && info != nil && (info.Explicit != 0 || info.Indep)
}

// sharedScalars checks the scalars assigned by a kernels loop that its
// clauses partition. A kernels construct shares every scalar it writes
// with the host (an implicit copy, OpenACC 3.4 §2.6.2), so the loop's
// iterations may update one in parallel only where each has its own copy
// (written before it is read and not read after the loop: private) or
// the updates are a reduction, which the loop then performs as if its
// clause said so (NVHPC's implicit reduction). Any other scalar carries
// a value from one iteration to the next, or out of the loop: the loop
// runs sequentially, and -Minfo says why.
func (rg *region) sharedScalars(l *ir.Loop, outer []*ir.Loop) {
	info := rg.info[l]
	u := rg.loopScalars(l, outer, collectFacts(l), true)
	if why := u.why(); why.Kind != ir.NoReason {
		l.Why = why
		l.Detail = ir.Reason{Kind: ir.ClausesIgnored, Levels: info.Explicit, Vars: append(append([]*ir.Var(nil), u.dep...), u.last...)}
		info.Explicit, info.Indep = 0, false
		return
	}
	for i := range u.reds {
		u.reds[i].Implicit = true
	}
	info.Reductions = u.reds
}

// keepVersionsApart undoes the versioning of k's loops when another loop
// of the kernel reduces: the serial fallback would not combine the
// reduction as the parallel kernel does. Those loops run sequentially.
func (rg *region) keepVersionsApart(k *ir.Kernel) {
	var versioned []*ir.Loop
	reduces := false
	ir.Visit(k.Body, func(n ir.Node) {
		if l, ok := n.(*ir.Loop); ok {
			info := rg.info[l]
			reduces = reduces || len(l.Reduce) > 0 || info != nil && len(info.Reductions) > 0
			if info != nil && len(info.Aliases) > 0 {
				versioned = append(versioned, l)
			}
		}
	})
	if !reduces {
		return
	}
	for _, l := range versioned {
		info := rg.info[l]
		l.Why = opt.AliasWhy(info.Aliases[0])
		info.Indep, info.Proven, info.Aliases = false, false, nil
	}
}

// parallelAround reports whether a loop of outer was proven parallel.
func (rg *region) parallelAround(outer []*ir.Loop) bool {
	for _, o := range outer {
		if info := rg.info[o]; info != nil && (info.Indep || info.Explicit != 0) && !o.Seq {
			return true
		}
	}
	return false
}

// shortLoop reports whether l runs a constant number of iterations
// smaller than a warp.
func shortLoop(l *ir.Loop) bool {
	trip := int64(1)
	for _, iv := range l.Nest {
		lv := levelOf(iv)
		if !lv.Min.OK || !lv.Max.OK {
			return false
		}
		n, ok := lv.Max.Sub(lv.Min).IntConst()
		if !ok {
			return false
		}
		trip *= n + 1
	}
	return trip < 32
}

// analysable reports whether l's schedule is left to the compiler.
func (rg *region) analysable(l *ir.Loop, info *loopInfo) bool {
	if l.Seq || info == nil || info.Explicit != 0 || info.Indep {
		return false
	}
	return info.Auto || info.Implicit || rg.r.Kind == ir.Kernels
}

// levelOf returns the values a loop index takes, as polynomials.
func levelOf(iv *ir.IndexVar) depend.Level {
	l := depend.Level{Index: iv.Var}
	if iv.Never || iv.Var == nil {
		return l
	}
	lo, hi := ir.Linear(iv.Lo), ir.Linear(iv.Hi)
	switch iv.Cmp {
	case ir.Less:
		l.Min, l.Max = lo, hi.Sub(ir.Constant(1))
	case ir.LessEq:
		l.Min, l.Max = lo, hi
	case ir.Greater:
		l.Min, l.Max = hi.Add(ir.Constant(1)), lo
	case ir.GreaterEq:
		l.Min, l.Max = hi, lo
	}
	return l
}

// loopFacts is what the dependence pass reads of one loop's body.
type loopFacts struct {
	accesses []*ir.Access
	// top holds the statements directly in the loop's body: they run
	// once in every iteration (unless an earlier one jumps).
	top map[*ir.Stmt]bool
	// owner is the statement of each access.
	owner map[*ir.Access]*ir.Stmt
	// declared are the locals the body declares: each iteration has its
	// own.
	declared map[*ir.Var]bool
	// indices are the control variables of the loop and of the loops
	// inside it.
	indices map[*ir.Var]bool
	inner   []*ir.Loop
}

func collectFacts(l *ir.Loop) *loopFacts {
	f := &loopFacts{top: map[*ir.Stmt]bool{}, owner: map[*ir.Access]*ir.Stmt{}, declared: map[*ir.Var]bool{}, indices: map[*ir.Var]bool{}}
	for _, iv := range l.Nest {
		f.indices[iv.Var] = true
	}
	for _, v := range l.Private {
		f.declared[v] = true
	}
	for _, n := range l.Body {
		if s, ok := n.(*ir.Stmt); ok {
			f.top[s] = true
		}
	}
	ir.Visit(l.Body, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				f.accesses = append(f.accesses, a)
				f.owner[a] = x
				for _, v := range a.Loops {
					f.indices[v] = true // sequential loops of the statement too
				}
			}
			ir.InspectStatement(x.Tree, func(s ir.Statement) bool {
				if ds, ok := s.(*ir.DeclStmt); ok {
					for _, loc := range ds.Locals {
						f.declared[loc.Var] = true
					}
				}
				return true
			}, nil)
		case *ir.Loop:
			f.inner = append(f.inner, x)
			for _, iv := range x.Nest {
				f.indices[iv.Var] = true
			}
			for _, v := range x.Private {
				f.declared[v] = true
			}
		}
	})
	return f
}

// dependence returns why l cannot run in parallel, or no reason.
func (rg *region) dependence(l *ir.Loop, outer []*ir.Loop) ir.Reason {
	if l.Break || rg.info[l] != nil && rg.info[l].Exits {
		return ir.Reason{Kind: ir.EarlyExit}
	}
	for _, iv := range l.Nest {
		if iv.Never || iv.Var == nil {
			return ir.Reason{Kind: ir.NoTripCount}
		}
	}
	f := collectFacts(l)
	if rg.boundsMayChange(l, f) {
		return ir.Reason{Kind: ir.NoTripCount}
	}
	var nest []depend.Level
	for _, o := range outer {
		for _, iv := range o.Nest {
			nest = append(nest, levelOf(iv))
		}
	}
	first := len(nest)
	for _, iv := range l.Nest {
		nest = append(nest, levelOf(iv))
	}
	for _, in := range f.inner {
		for _, iv := range in.Nest {
			nest = append(nest, levelOf(iv))
		}
	}
	// Data reached through subscripts, members and pointers: the
	// variables, one per name.
	var carried []*ir.Var
	var detail *ir.Dependence
	seen := map[string]bool{}
	note := func(v *ir.Var) {
		if s := ir.SourceName(v); !seen[s] {
			seen[s] = true
			carried = append(carried, v)
		}
	}
	// Pairs of variables that may reach the same data: the loop is
	// parallel only if they do not, which a run-time test can decide
	// (versioning) when nothing else stands in the way.
	var aliases [][2]*ir.Var
	complexDep := func() ir.Reason {
		if len(carried) == 0 {
			// The one obstacle the user can remove by saying what the
			// compiler cannot prove.
			l.Detail = ir.Reason{Kind: ir.RestrictHint, Vars: aliases[0][:]}
		}
		return opt.AliasWhy(aliases[0])
	}
	privArrays := rg.privateArrays(l, f)
	for _, w := range f.accesses {
		if !w.Write || privArrays[w.Var] {
			continue
		}
		if w.Var != nil && f.declared[w.Var] {
			if w.Var.Type.Kind != ir.Pointer || !w.Element && len(w.Fields) == 0 {
				continue // the iteration's own variable
			}
			// A store through a pointer the iteration computes: it may
			// reach any data.
			return ir.Reason{Kind: ir.ComputedStore}
		}
		if w.Unknown || w.Var == nil {
			return ir.Reason{Kind: ir.ComputedStore}
		}
		if len(w.Subs) > 1 && rowPointers(w.Var.Type) && rg.deviceRows(w.Var) {
			// a[i][j] through device row pointers nothing maps: two
			// rows may be the same data. (Rows that data clauses map,
			// p[0:n][0:m], are taken to be distinct, as NVHPC does.)
			return ir.Reason{Kind: ir.RowPointers, Vars: []*ir.Var{w.Var}}
		}
		if !w.Element && len(w.Fields) == 0 {
			continue // a scalar: below
		}
		for _, r := range f.accesses {
			// A reference of r.Var whose reach is unknown (an element's
			// address taken, data an opaque expression uses) may touch
			// any of its elements: Carried says dependent.
			if r.Var == nil || (!r.Unknown && !r.Element && len(r.Fields) == 0 && r.Var.Type.Kind != ir.Pointer && r.Var.Type.Kind != ir.Array) {
				continue
			}
			if r.Var != w.Var {
				if rg.mayAlias(w.Var, r.Var) {
					aliases = opt.AddPair(aliases, w.Var, r.Var)
				}
				continue
			}
			for p := first; p < first+len(l.Nest); p++ {
				if res := depend.Carried(nest, p, w, r); res.Dependent {
					note(w.Var)
					if detail == nil && w.Expr != nil && r.Expr != nil {
						detail = &ir.Dependence{W: w.Expr, R: r.Expr, WLine: f.owner[w].Line, RLine: f.owner[r].Line, Write: r.Write,
							Distance: res.Distance, Known: res.Known, Direction: directionOf(res.Direction, nest, first+len(l.Nest), w, r)}
					}
				}
			}
		}
	}
	if len(aliases) > 0 && (len(carried) > 0 || !rg.versionable(l, aliases, f)) {
		return complexDep()
	}
	if len(carried) > 0 {
		if detail != nil {
			l.Detail = ir.Reason{Kind: ir.DependencePair, Dep: detail}
		}
		return ir.Reason{Kind: ir.Carried, Vars: carried}
	}
	u := rg.loopScalars(l, outer, f, false)
	if len(aliases) > 0 && (len(u.dep) > 0 || len(u.last) > 0 || len(u.reds) > 0) {
		return complexDep()
	}
	if why := u.why(); why.Kind != ir.NoReason {
		return why
	}
	rg.info[l].Reductions = u.reds
	rg.info[l].Aliases = aliases
	for _, a := range f.accesses {
		if privArrays[a.Var] && !opt.ContainsVar(l.Private, a.Var) {
			l.Private = append(l.Private, a.Var)
			rg.info[l].PrivArrays = append(rg.info[l].PrivArrays, a.Var)
		}
	}
	return ir.Reason{}
}

// scalarUse sorts the scalars a loop assigns: the reductions it
// recognised, those that carry a dependence from one iteration to the
// next (dep) and those whose value after the loop is needed (last), with
// the lines that read them. The scalars private to an iteration are in
// the loop's Private list.
type scalarUse struct {
	reds                []autoReduction
	dep, last           []*ir.Var
	depLines, lastLines []int
}

// why is the reason for the loop to stay sequential, or none.
func (u scalarUse) why() ir.Reason {
	if len(u.dep) > 0 {
		return ir.Reason{Kind: ir.ScalarCarried, Vars: u.dep, Lines: u.depLines}
	}
	if len(u.last) > 0 {
		return ir.Reason{Kind: ir.LastValue, Vars: u.last, Lines: u.lastLines}
	}
	return ir.Reason{}
}

// loopScalars sorts the scalars l assigns (f: its facts; outer: the
// loops around it), other than its own locals, indices and the variables
// its clauses name: each is private to an iteration (written before it
// is read, and not read after the loop: added to l.Private), updated
// only by atomic constructs (atomicOnly; user is set for a loop its
// clauses partition), a reduction, or keeps the loop sequential.
func (rg *region) loopScalars(l *ir.Loop, outer []*ir.Loop, f *loopFacts, user bool) scalarUse {
	var scalars []*ir.Var
	assigned := map[*ir.Var]bool{}
	for _, a := range f.accesses {
		if a.Write && !a.Element && len(a.Fields) == 0 && !a.Unknown && a.Var != nil &&
			!f.declared[a.Var] && !f.indices[a.Var] && !assigned[a.Var] && !rg.loopClauseNames(l, a.Var) {
			assigned[a.Var] = true
			scalars = append(scalars, a.Var)
		}
	}
	// The control variables of inner loops that the for statements do
	// not declare: each inner loop assigns its variable, whose value
	// after that loop the code may read.
	for _, in := range f.inner {
		for _, iv := range in.Nest {
			if v := iv.Var; v != nil && !iv.Declare && !f.declared[v] && !assigned[v] {
				assigned[v] = true
				scalars = append(scalars, v)
			}
		}
	}
	// NVHPC names the lines where each scalar is read: for a carried
	// dependence, the statements of the loop that read it; for a last
	// value, where it is read after the loop (when the read is known).
	var u scalarUse
	for _, v := range scalars {
		first := rg.writtenFirst(l, v)
		var outside bool
		var after []int
		if first {
			outside, after = rg.outsideReads(l, v)
		}
		if first && !outside {
			l.Private = append(l.Private, v)
			continue
		}
		if atomicOnly(f, v, user) {
			continue // shared, its updates atomic
		}
		if op, ok := recognize(f, v); ok && (v.Local || privateAround(rg.r, outer, v) || rg.onlyReduced(v, op)) {
			u.reds = append(u.reds, autoReduction{Var: v, Op: op})
			continue
		}
		if first {
			u.last = append(u.last, v) // private but for its value after the loop
			u.lastLines = opt.MergeLines(u.lastLines, afterLine(after, l.Line))
			continue
		}
		u.dep = append(u.dep, v)
		u.depLines = opt.MergeLines(u.depLines, opt.ReadLines(l.Body, v))
	}
	return u
}

// privateArrays returns the arrays l may privatise (§2.9.10): each
// iteration writes every element before reading any (fullyWritten), and
// nothing reads them after the loop. Each iteration then works on its own
// copy, and the array carries no dependence.
func (rg *region) privateArrays(l *ir.Loop, f *loopFacts) map[*ir.Var]bool {
	var priv map[*ir.Var]bool
	if opt.GotoIn(l.Body) {
		return nil // a jump may skip the writes
	}
	for _, a := range f.accesses {
		v := a.Var
		if !a.Write || !a.Element || v == nil || f.declared[v] || priv[v] || v.Type.Kind != ir.Array {
			continue
		}
		if fullyWritten(l, v) && !rg.usedOutside(l, v) {
			if priv == nil {
				priv = map[*ir.Var]bool{}
			}
			priv[v] = true
		}
	}
	return priv
}

// fullyWritten reports whether every iteration of l that uses array v
// writes all its elements before it reads one: the first node of the
// body that uses v is a nest of loops that assigns v[k1]...[kd] with
// each index running over its whole dimension and reads no element of
// v; or the only node that uses v is a loop for which fullyWritten holds.
func fullyWritten(l *ir.Loop, v *ir.Var) bool {
	var users []ir.Node
	for _, n := range l.Body {
		if usesVar([]ir.Node{n}, v) {
			users = append(users, n)
		}
	}
	if len(users) == 0 {
		return false
	}
	first, ok := users[0].(*ir.Loop)
	if !ok || first.Break || first.Continue {
		return false
	}
	if len(users) == 1 && len(first.Nest) > 0 && fullyWritten(first, v) {
		return true
	}
	return initializes(first, v)
}

// usesVar reports whether the nodes reference v.
func usesVar(ns []ir.Node, v *ir.Var) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				if a.Var == v {
					return true
				}
			}
		case *ir.Loop:
			for _, e := range x.Bounds() {
				if usesVar1(e, v) {
					return true
				}
			}
		}
		return false
	})
}

// initializes reports whether loop nest l writes every element of array
// v and reads none: loops nested one in the body of the other (the
// indices, outermost first, run over v's dimensions from 0 with step 1)
// around a statement of the innermost body that assigns v[k1]...[kd]
// unconditionally.
func initializes(l *ir.Loop, v *ir.Var) bool {
	var dims []int64
	for t := v.Type; t.Kind == ir.Array; t = t.Elem {
		if t.Len <= 0 {
			return false
		}
		dims = append(dims, t.Len)
	}
	var indices []*ir.Var
	body := []ir.Node{l}
	for len(indices) < len(dims) {
		var inner *ir.Loop
		for _, n := range body {
			if x, ok := n.(*ir.Loop); ok && usesVar([]ir.Node{x}, v) {
				inner = x
			}
		}
		if inner == nil || inner.Break || inner.Continue {
			return false
		}
		for _, iv := range inner.Nest {
			lv := levelOf(iv)
			k, unit := ir.IntValue(iv.Step)
			if len(indices) == len(dims) || !unit || k != 1 || iv.Down || !lv.Min.OK || !lv.Max.OK {
				return false
			}
			lo, okLo := lv.Min.IntConst()
			hi, okHi := lv.Max.IntConst()
			if !okLo || !okHi || lo != 0 || hi != dims[len(indices)]-1 {
				return false
			}
			indices = append(indices, iv.Var)
		}
		body = inner.Body
	}
	written := false
	for _, n := range body {
		s, ok := n.(*ir.Stmt)
		if !ok || s.Body != nil {
			if usesVar([]ir.Node{n}, v) {
				return false
			}
			continue
		}
		for _, a := range s.Accesses {
			if a.Var != v {
				continue
			}
			if !a.Write {
				return false // a read of v in the initialising nest
			}
			if _, plain := s.Tree.(*ir.ExprStmt); plain && !written && elementAt(a, indices) {
				written = true
			}
		}
	}
	return written
}

// elementAt reports whether a is the element v[k1]...[kd] of the given
// indices.
func elementAt(a *ir.Access, indices []*ir.Var) bool {
	if !a.Affine || len(a.Subs) != len(indices) || len(a.Fields) > 0 {
		return false
	}
	for i, sub := range a.Subs {
		if d, ok := sub.Sub(ir.VarAffine(indices[i])).IntConst(); !ok || d != 0 {
			return false
		}
	}
	return true
}

// versionable reports whether a loop whose parallelism only possible
// aliasing between the pairs ps prevents may be versioned: run in
// parallel when the data the variables reach do not overlap at run
// time, sequentially otherwise. A kernels construct makes each loop nest
// its own kernel, so a serial copy of the kernel can stand in for the
// parallel one; the variables must be the region's own (their data
// mapped, so the host knows their device ranges) and the loop must have
// no reduction, whose parallel combination the serial copy would lack.
func (rg *region) versionable(l *ir.Loop, ps [][2]*ir.Var, f *loopFacts) bool {
	if rg.r.Kind != ir.Kernels {
		return false
	}
	for _, p := range ps {
		for _, v := range p {
			if v.Local || f.declared[v] || v.Type.Kind != ir.Pointer && v.Type.Kind != ir.Array {
				return false
			}
		}
	}
	for _, in := range append(f.inner, l) {
		if len(in.Reduce) > 0 {
			return false
		}
	}
	return true
}

// privateAround reports whether v is private to an enclosing loop or to
// the construct: each iteration (or gang) then has its own, like a local.
func privateAround(r *ir.Region, outer []*ir.Loop, v *ir.Var) bool {
	for _, o := range outer {
		for _, p := range o.Private {
			if p == v {
				return true
			}
		}
	}
	for _, p := range r.Privates {
		if p == v {
			return true
		}
	}
	return false
}

// onlyReduced reports whether every statement of the region that uses v
// is a reduction of v with operator op. A gang loop's reduction combines
// across the whole construct (§2.9.11), so another use of v elsewhere in
// the region would see partial values.
func (rg *region) onlyReduced(v *ir.Var, op ir.ReductionOp) bool {
	// other reports whether n uses v other than by reducing it with op.
	other := func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				if a.Var == v {
					o, match := reductionStmt(x.Tree, v)
					return !match || o != op
				}
			}
		case *ir.Loop:
			for _, e := range x.Bounds() {
				if usesVar1(e, v) {
					return true
				}
			}
		}
		return false
	}
	for _, k := range rg.r.Kernels {
		if ir.Any(k.Body, other) {
			return false
		}
	}
	return true
}

// loopClauseNames reports whether a clause of l already names v.
func (rg *region) loopClauseNames(l *ir.Loop, v *ir.Var) bool {
	for _, r := range l.Reduce {
		if r.Var == v {
			return true
		}
	}
	for _, p := range l.Private {
		if p == v {
			return true
		}
	}
	return false
}

// mayAlias reports whether two variables may reach the same data:
// distinct arrays and structs never do; a pointer may reach anything,
// unless it is restrict (only it reaches its data) or -Msafeptr says no
// pointers alias.
func (rg *region) mayAlias(a, b *ir.Var) bool {
	if a == b {
		return true
	}
	ptr := func(v *ir.Var) bool { return v.Type.Kind == ir.Pointer }
	if !ptr(a) && !ptr(b) {
		return false
	}
	if rg.b.opts.NoAlias {
		return false
	}
	// A restrict parameter's data are reached only through it (C11
	// 6.7.3.1) or through pointers based on it, which a local pointer of
	// the function may be: restrict separates it from the other
	// parameters and from arrays.
	ra, rb := rg.restrictVar(a), rg.restrictVar(b)
	if ra && rb || ra && rg.notBasedOn(b) || rb && rg.notBasedOn(a) {
		return false
	}
	return true
}

// notBasedOn reports whether v cannot hold a pointer based on a restrict
// parameter: it is an array, or a parameter itself.
func (rg *region) notBasedOn(v *ir.Var) bool {
	if v.Type.Kind != ir.Pointer {
		return true
	}
	for d, w := range rg.vars {
		if w == v {
			return d.IsParam()
		}
	}
	return false
}

// deviceRows reports whether v's row pointers are device addresses the
// program manages itself (deviceptr), with no mapping of rows.
func (rg *region) deviceRows(v *ir.Var) bool {
	if rg.b.opts.NoAlias {
		return false
	}
	for d, w := range rg.vars {
		if w == v {
			return rg.b.visibleDeviceptr(d, rg.start) || rg.deviceptrClause(d)
		}
	}
	return false
}

// deviceptrClause reports whether the construct's deviceptr clause names d.
func (rg *region) deviceptrClause(d *cc.Declarator) bool {
	for _, cl := range rg.p.Dir.Clauses {
		if cl.Kind != directives.ClauseDeviceptr {
			continue
		}
		for _, x := range cl.Vars {
			if _, dd := rg.clauseVar(x); dd == d {
				return true
			}
		}
	}
	return false
}

// rowPointers reports whether t reaches its rows through pointers: a
// pointer or array whose elements are pointers (float **a, float *a[4]).
func rowPointers(t *ir.Type) bool {
	return (t.Kind == ir.Pointer || t.Kind == ir.Array) && t.Elem != nil && t.Elem.Kind == ir.Pointer
}

// boundsMayChange reports whether l's bounds read data that the loop may
// store to: a global, or memory through a pointer (i < *np, i < s->n),
// while the body stores through a pointer that may reach it. The trip
// count is then not known before the loop.
func (rg *region) boundsMayChange(l *ir.Loop, f *loopFacts) bool {
	reads := false
	for _, e := range l.Bounds() {
		reads = reads || ir.AnyExpr(e, func(x ir.Expr) bool {
			switch y := x.(type) {
			case *ir.Ref:
				return y.Var.Global
			case *ir.Index, *ir.Member, *ir.Call, *ir.Opaque:
				return true
			case *ir.Unary:
				return y.Op == "*"
			}
			return false
		})
	}
	if !reads || rg.b.opts.NoAlias {
		return false
	}
	for _, a := range f.accesses {
		if a.Write && (a.Unknown || a.Var != nil && a.Var.Type.Kind == ir.Pointer && (a.Element || len(a.Fields) > 0)) {
			return true
		}
		if a.Write && a.Var != nil && a.Var.Global {
			return true
		}
	}
	return false
}

func (rg *region) restrictVar(v *ir.Var) bool {
	if v.Type.Kind != ir.Pointer || v.Local {
		return false
	}
	for d, w := range rg.vars {
		if w == v {
			return declRestrict(d)
		}
	}
	return false
}

// A scalar is private to each iteration of a loop (and the loop may run
// in parallel) when writtenFirst holds and nothing reads its value after
// the loop (usedOutside).

// firstUse is what a run of code does with a scalar before any read of
// it: whether a read may see a value assigned before the code.
type firstUse uint8

const (
	unused   firstUse = iota // the code does not use v
	assigned                 // every path assigns v before any read, and leaves it assigned
	clean                    // no read sees a value from before the code, but v may be left unassigned
	exposed                  // a read may see v's value from before the code
)

// then is the use of code a followed by code b.
func (a firstUse) then(b func() firstUse) firstUse {
	switch a {
	case assigned, exposed:
		return a
	}
	switch c := b(); {
	case c == unused:
		return a
	case c == clean || c == assigned:
		return c
	default:
		return exposed
	}
}

// writtenFirst reports whether no iteration of l reads v before it
// assigns it: each iteration may then have its own v. The body's items
// are followed in order until one assigns v on every path: a statement
// that assigns it before reading it (v = e; if (c) v = e1; else v = e2;)
// or a loop that runs at least once and whose first iteration does (see
// loopUse); code before that may use v only where it also writes it
// first (a loop each of whose iterations assigns v before reading it, a
// branch of an if). A goto may skip an assignment: a body with one is
// not analysed.
func (rg *region) writtenFirst(l *ir.Loop, v *ir.Var) bool {
	if opt.GotoIn(l.Body) {
		return false
	}
	u := rg.nodesUse(l.Body, v)
	return u == assigned || u == clean
}

// nodesUse is the use of v by the items ns, run in order.
func (rg *region) nodesUse(ns []ir.Node, v *ir.Var) firstUse {
	u := unused
	for _, n := range ns {
		n := n
		if !usesVar([]ir.Node{n}, v) {
			continue
		}
		u = u.then(func() firstUse { return rg.nodeUse(n, v) })
	}
	return u
}

func (rg *region) nodeUse(n ir.Node, v *ir.Var) firstUse {
	switch x := n.(type) {
	case *ir.Loop:
		return rg.loopUse(x, v)
	case *ir.Stmt:
		if x.Body != nil {
			for _, a := range x.Accesses {
				if a.Var == v {
					return exposed
				}
			}
			if x.Head == nil && x.Tree == nil {
				return rg.nodesUse(x.Body, v) // a plain block
			}
			return exposed // a sequential loop around partitioned ones
		}
		switch x.Tree.(type) {
		case *ir.ExprStmt, *ir.DeclStmt:
			// The first reference to v must be a plain write (x = x + 1
			// reads it first; the collector lists reads first).
			for _, a := range x.Accesses {
				if a.Var == v {
					if a.Write && !a.Element && len(a.Fields) == 0 {
						return assigned
					}
					return exposed
				}
			}
			return unused
		}
		return treeUse(x.Tree, v)
	}
	return exposed
}

// loopUse is the use of v by loop x. A loop that v controls assigns it
// in its initialisation (unless the first bound reads it). Otherwise the
// bounds must not read v, and each iteration must not read v before
// assigning it; the loop then leaves v assigned when it provably runs at
// least once (every level a constant trip count of one or more), no
// break or continue can skip the assignment in its first iteration, and
// it runs sequentially: a loop whose schedule the compiler chooses keeps
// v's last value, which code after it reads, by staying sequential.
func (rg *region) loopUse(x *ir.Loop, v *ir.Var) firstUse {
	for k, iv := range x.Nest {
		if iv.Var != v {
			continue
		}
		if usesVar1(x.Nest[0].Lo, v) {
			return exposed
		}
		if k == 0 || runsOnce(x.Nest[:k]) {
			return assigned
		}
		return clean // the levels around v's may run no iteration
	}
	for _, e := range x.Bounds() {
		if usesVar1(e, v) {
			return exposed
		}
	}
	if len(x.Nest) == 0 {
		return exposed
	}
	switch body := rg.nodesUse(x.Body, v); body {
	case exposed:
		return exposed
	case assigned:
		info := rg.info[x]
		sequential := x.Seq || info != nil && rg.analysable(x, info)
		if sequential && !x.Break && !x.Continue && runsOnce(x.Nest) {
			return assigned
		}
	}
	return clean
}

// runsOnce reports whether a nest of levels runs at least one iteration:
// each level's bounds differ by a constant that gives it one.
func runsOnce(nest []*ir.IndexVar) bool {
	for _, iv := range nest {
		lv := levelOf(iv)
		if !lv.Min.OK || !lv.Max.OK {
			return false
		}
		if d, ok := lv.Max.Sub(lv.Min).IntConst(); !ok || d < 0 {
			return false
		}
	}
	return true
}

// treeUse is the use of v by statement s of a Stmt's tree.
func treeUse(s ir.Statement, v *ir.Var) firstUse {
	if !stmtUses(s, v) {
		return unused
	}
	switch x := s.(type) {
	case *ir.ExprStmt:
		if a, ok := x.X.(*ir.Assign); ok && a.Op == "=" {
			if r, ok := a.L.(*ir.Ref); ok && r.Var == v && !usesVar1(a.R, v) {
				return assigned
			}
		}
	case *ir.Block:
		u := unused
		for _, t := range x.List {
			t := t
			u = u.then(func() firstUse { return treeUse(t, v) })
		}
		return u
	case *ir.If:
		if usesVar1(x.Cond, v) {
			return exposed
		}
		a, b := treeUse(x.Then, v), treeUse(x.Else, v)
		switch {
		case a == exposed || b == exposed:
			return exposed
		case a == assigned && b == assigned:
			return assigned
		}
		return clean
	case *ir.For:
		// Each iteration assigns v before reading it; the loop may run
		// none.
		if stmtUses(x.Init, v) || usesVar1(x.Cond, v) || usesVar1(x.Post, v) || treeUse(x.Body, v) == exposed {
			return exposed
		}
		return clean
	case *ir.While:
		if usesVar1(x.Cond, v) || treeUse(x.Body, v) == exposed {
			return exposed
		}
		return clean
	case *ir.Atomic:
		// What the construct does, as the statement it stands for
		// (the capture's v = x++ assigns v).
		if usesVar1(x.If, v) {
			return exposed
		}
		return treeUse(x.Plain, v)
	}
	return exposed
}

// usedOutside reports whether v may be read after loop l: elsewhere in
// the region, or, for a variable of the enclosing function, anywhere in
// the function outside the construct (a global may be read anywhere).
func (rg *region) usedOutside(l *ir.Loop, v *ir.Var) bool {
	used, _ := rg.outsideReads(l, v)
	return used
}

// outsideReads is usedOutside with the lines of the reads it found that
// may see v's value after l (none where only its data clauses, or code
// that may read a global, need it). A reference inside another loop that
// v controls reads that loop's value of v, which its initialisation
// assigned; one inside another loop (not around l) each of whose
// iterations assigns v before reading it (writtenFirst) reads that
// iteration's value.
func (rg *region) outsideReads(l *ir.Loop, v *ir.Var) (bool, []int) {
	if rg.killedAfter(l, v) {
		return false, nil
	}
	inside := map[*ir.Access]bool{}
	for _, a := range collectFacts(l).accesses {
		inside[a] = true
	}
	used := false
	var lines []int
	visit := func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				if a.Var == v && !inside[a] {
					used = true
					lines = append(lines, opt.StmtReadLines(x, v)...)
					break
				}
			}
		case *ir.Loop:
			if x == l {
				return false
			}
			controls := false
			for _, iv := range x.Nest {
				controls = controls || iv.Var == v
			}
			for _, e := range x.Bounds() {
				if usesVar1(e, v) {
					used = true
					lines = append(lines, x.Line)
					break
				}
			}
			return !controls && (holdsLoop(x, l) || !rg.writtenFirst(x, v))
		}
		return true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectNodes(k.Body, visit)
	}
	if used || v.Local || v.Construct {
		return used, lines // nothing after the construct sees it
	}
	if v.Global || rg.explicit[v] {
		return true, nil // a clause names it, or code elsewhere may read it
	}
	var d *cc.Declarator
	for dd, w := range rg.vars {
		if w == v {
			d = dd
		}
	}
	if d == nil || rg.p.Func == nil {
		return true, nil
	}
	return rg.liveReads(d)
}

// killedAfter reports whether the code after loop l in the body that
// holds it assigns v on every path before any read of it (nodesUse), and
// no jump (goto, break, continue) may skip that assignment: no read can
// then see the value l leaves in v.
func (rg *region) killedAfter(l *ir.Loop, v *ir.Var) bool {
	var after []ir.Node
	// holds reports whether l is in the body ns, and then sets after.
	holds := func(ns []ir.Node) bool {
		i := slices.Index(ns, ir.Node(l))
		if i >= 0 {
			after = ns[i+1:]
		}
		return i >= 0
	}
	found := false
	for _, k := range rg.r.Kernels {
		found = found || holds(k.Body) || ir.Any(k.Body, func(n ir.Node) bool {
			switch x := n.(type) {
			case *ir.Loop:
				return holds(x.Body)
			case *ir.Stmt:
				return holds(x.Body)
			}
			return false
		})
	}
	if !found || opt.GotoIn(after) {
		return false
	}
	jumps := ir.Any(after, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		return ok && (s.Break || s.Continue)
	})
	return !jumps && rg.nodesUse(after, v) == assigned
}

// holdsLoop reports whether loop l is x or nested in it.
func holdsLoop(x, l *ir.Loop) bool {
	return ir.Any([]ir.Node{x}, func(n ir.Node) bool { return n == ir.Node(l) })
}

// atLines spells " at line L1,L2" for NVHPC's remarks, or "" for none.
func (s sourceFiles) atLines(lines []int) string {
	if len(lines) == 0 {
		return ""
	}
	text := make([]string, len(lines))
	for i, n := range lines {
		text[i] = fmt.Sprint(s.line(n))
	}
	return " at line " + strings.Join(text, ",")
}

// afterLine picks, of the lines where v's last value is read, the first
// one after the loop at line at, else the first (a read before the loop
// in the source follows it through an enclosing loop's back edge).
func afterLine(lines []int, at int) []int {
	if len(lines) == 0 {
		return nil
	}
	lines = opt.MergeLines(lines, nil)
	for _, n := range lines {
		if n > at {
			return []int{n}
		}
	}
	return lines[:1]
}

// liveOutside reports whether the enclosing function may read the value
// the construct leaves in d (liveReads).
func (rg *region) liveOutside(d *cc.Declarator) bool {
	live, _ := rg.liveReads(d)
	return live
}

// liveReads reports whether the enclosing function may read the value
// the construct leaves in d, with the lines of the reads that may
// (readsAfter).
func (rg *region) liveReads(d *cc.Declarator) (bool, []int) {
	r := rg.readsAfter(map[*cc.Declarator]bool{d: true})[d]
	return r.live, r.lines
}

// A liveness is whether the function may read the value a construct
// leaves in a variable, and the lines of the reads that may.
type liveness struct {
	live  bool
	lines []int
}

// readsAfter reports, for each variable ds holds, whether the enclosing
// function may read the value the construct leaves in it: some reference
// outside the construct reads it and is not covered, that is, preceded
// in its own block (or a block around it) by a statement "d = e;" with
// the construct not in between. Every path to such a read passes through
// that assignment first. A function with labels (goto) is not analysed.
// One walk of the function answers for every variable.
func (rg *region) readsAfter(ds map[*cc.Declarator]bool) map[*cc.Declarator]liveness {
	if len(ds) == 0 {
		return nil
	}
	parent := map[cc.Node]cc.Node{}
	labels := false
	reads := map[*cc.Declarator][]*cc.PrimaryExpression{}
	writes := map[*cc.PrimaryExpression]bool{}
	walk(rg.p.Func, func(n cc.Node) bool {
		children(n, func(c cc.Node) { parent[c] = n })
		switch x := n.(type) {
		case *cc.LabeledStatement:
			labels = labels || x.Case == cc.LabeledStatementLabel
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign {
				if id := rootIdent(x.UnaryExpression); id != nil && ds[declOf(id)] {
					writes[id] = true
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				if d := declOf(x); ds[d] && !rg.inside(x) {
					reads[d] = append(reads[d], x)
				}
			}
		}
		return true
	})
	live := map[*cc.Declarator]liveness{}
	for d := range ds {
		if labels {
			live[d] = liveness{live: true}
			continue
		}
		var lines []int
		for _, r := range reads[d] {
			if !writes[r] && !rg.covered(r, d, parent) {
				lines = append(lines, r.Position().Line)
			}
		}
		live[d] = liveness{live: len(lines) > 0, lines: lines}
	}
	return live
}

// covered reports whether a plain assignment to d precedes read r in a
// block that holds r, with the construct not between them.
func (rg *region) covered(r cc.Node, d *cc.Declarator, parent map[cc.Node]cc.Node) bool {
	around := map[cc.Node]bool{} // the nodes that hold the construct
	for n := cc.Node(rg.p.Stmt); n != nil; n = parent[n] {
		around[n] = true
	}
	for n := r; n != nil; n = parent[n] {
		if is, ok := n.(*cc.IterationStatement); ok && !around[is] && forKills(is, d, r, parent) {
			return true // for (d = e; ...) with r in the condition, step or body
		}
		item, ok := n.(*cc.BlockItem)
		if !ok {
			continue
		}
		if around[item] {
			// The item holds the construct too: an assignment before it
			// does not separate the construct from r (a loop's back edge
			// may lead from the construct to r).
			return false
		}
		var list *cc.BlockItemList
		for p := parent[item]; p != nil; p = parent[p] {
			if l, ok := p.(*cc.BlockItemList); ok {
				list = l
			}
			if _, ok := p.(*cc.CompoundStatement); ok {
				break
			}
		}
		if list == nil {
			continue
		}
		killed := false
		for l := list; l != nil && l.BlockItem != item; l = l.BlockItemList {
			bi := l.BlockItem
			next := item
			if l.BlockItemList != nil {
				next = l.BlockItemList.BlockItem
			}
			if bi.Position().Offset <= rg.start && rg.start < next.Position().Offset {
				killed = false // the construct is in this item, after any assignment before it
			}
			if kills(bi, d) {
				killed = true
			}
		}
		if killed {
			return true
		}
	}
	return false
}

// forKills reports whether is is a for statement whose initialisation
// assigns d an expression that does not use d, and r is not in that
// initialisation: every path to r passes the assignment.
func forKills(is *cc.IterationStatement, d *cc.Declarator, r cc.Node, parent map[cc.Node]cc.Node) bool {
	if is.Case != cc.IterationStatementFor || is.ExpressionList == nil {
		return false
	}
	id := assignedIdent(is.ExpressionList)
	if id == nil || declOf(id) != d {
		return false
	}
	for n := r; n != nil && n != cc.Node(is); n = parent[n] {
		if n == cc.Node(is.ExpressionList) {
			return false
		}
	}
	uses := false
	walk(unwrapList(is.ExpressionList).(*cc.AssignmentExpression).AssignmentExpression, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d {
			uses = true
		}
		return !uses
	})
	return !uses
}

// kills reports whether a block item is "d = e;" with e not using d.
func kills(bi *cc.BlockItem, d *cc.Declarator) bool {
	if bi.Case != cc.BlockItemStmt || bi.Statement.Case != cc.StatementExpr || bi.Statement.ExpressionStatement.ExpressionList == nil {
		return false
	}
	a, ok := unwrapList(bi.Statement.ExpressionStatement.ExpressionList).(*cc.AssignmentExpression)
	if !ok || a.Case != cc.AssignmentExpressionAssign {
		return false
	}
	if id := rootIdent(a.UnaryExpression); id == nil || declOf(id) != d {
		return false
	}
	uses := false
	walk(a.AssignmentExpression, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d {
			uses = true
		}
		return !uses
	})
	return !uses
}

// indexLiveOut reports whether a kernels construct must keep the value
// its loops leave in control variable v (declared by d outside the
// construct): code of the region outside the loops v controls uses it,
// or the function may read it after the construct. Such a variable is
// a scalar like the others, copied in and out (§2.6.2); the kernels
// assign it the value each loop leaves (codegen/kernel finalIndices).
func (rg *region) indexLiveOut(d *cc.Declarator, v *ir.Var) bool {
	beyond := false
	// Inside a loop that v controls, code reads that loop's value.
	outside := func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				beyond = beyond || a.Var == v
			}
		case *ir.Loop:
			for _, iv := range x.Nest {
				if iv.Var == v {
					return false
				}
			}
		}
		return true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectNodes(k.Body, outside)
	}
	if beyond || v.Global {
		return true
	}
	return rg.p.Func == nil || rg.liveOutside(d)
}

// directionOf prints the direction vector v ("(=,<,*,*)", one entry per
// level of nest) for the loops around both references: the levels
// before upTo (the loops around the tested one, and its own), and the
// inner loops that hold both a and b; "" when v does not match nest.
func directionOf(v string, nest []depend.Level, upTo int, a, b *ir.Access) string {
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(v, "("), ")"), ",")
	if v == "" || len(parts) != len(nest) {
		return ""
	}
	in := func(x *ir.Access, iv *ir.Var) bool {
		for _, w := range x.Loops {
			if w == iv {
				return true
			}
		}
		return false
	}
	var keep []string
	seen := map[*ir.Var]bool{} // sibling loops may share an index
	for q, p := range parts {
		iv := nest[q].Index
		if q < upTo || !seen[iv] && in(a, iv) && in(b, iv) {
			keep = append(keep, p)
			seen[iv] = true
		}
	}
	return "(" + strings.Join(keep, ",") + ")"
}
