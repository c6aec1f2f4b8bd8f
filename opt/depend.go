package opt

import (
	"slices"
	"strings"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/ir"
)

// userPartitioned reports whether l is a loop of a kernels construct
// that its clauses partition (a level, or independent) rather than the
// depend pass.
func (c *Construct) userPartitioned(l *ir.Loop, info *Loop) bool {
	return c.R.Kind == ir.Kernels && !l.Seq && info != nil && (info.Explicit != 0 || info.Indep)
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
func (c *Construct) sharedScalars(l *ir.Loop, outer []*ir.Loop) {
	info := c.Loops[l]
	u := c.loopScalars(l, outer, collectFacts(l), true)
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
// A parallel construct's fallback keeps every other loop's schedule and
// reductions (Version): nothing to undo.
func (c *Construct) keepVersionsApart(k *ir.Kernel) {
	if c.R.Kind == ir.Parallel {
		return
	}
	var versioned []*ir.Loop
	reduces := false
	ir.Visit(k.Body, func(n ir.Node) {
		if l, ok := n.(*ir.Loop); ok {
			info := c.Loops[l]
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
		info := c.Loops[l]
		l.Why = AliasWhy(info.Aliases[0])
		info.Indep, info.Proven, info.Aliases = false, false, nil
	}
}

// parallelAround reports whether a loop of outer was proven parallel.
func (c *Construct) parallelAround(outer []*ir.Loop) bool {
	for _, o := range outer {
		if info := c.Loops[o]; info != nil && (info.Indep || info.Explicit != 0) && !o.Seq {
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
		lv := LevelOf(iv)
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
func (c *Construct) analysable(l *ir.Loop, info *Loop) bool {
	if l.Seq || info == nil || info.Explicit != 0 || info.Indep {
		return false
	}
	return info.Auto || info.Implicit || c.R.Kind == ir.Kernels
}

// levelOf is LevelOf, once per index during the dependence pass.
func (c *Construct) levelOf(iv *ir.IndexVar) depend.Level {
	if c.levels == nil {
		return LevelOf(iv)
	}
	l, ok := c.levels[iv]
	if !ok {
		l = LevelOf(iv)
		c.levels[iv] = l
	}
	return l
}

// nestOf returns the levels of the loops ivs, outermost first, made
// ready for the tests. The loops of a perfect nest all test the same
// levels (the loops around them and inside): the last one is kept for
// the next loop.
func (c *Construct) nestOf(ivs []*ir.IndexVar) (*depend.Nest, []depend.Level) {
	if c.lastNest != nil && slices.Equal(c.lastNest.ivs, ivs) {
		return c.lastNest.tests, c.lastNest.levels
	}
	levels := make([]depend.Level, len(ivs))
	for q, iv := range ivs {
		levels[q] = c.levelOf(iv)
	}
	tests := depend.NewNest(levels)
	if c.levels != nil {
		c.lastNest = &testedNest{ivs: ivs, levels: levels, tests: tests}
	}
	return tests, levels
}

// LevelOf returns the values a loop index takes, as polynomials.
func LevelOf(iv *ir.IndexVar) depend.Level {
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
	f := &loopFacts{top: map[*ir.Stmt]bool{}, owner: map[*ir.Access]*ir.Stmt{}, declared: map[*ir.Var]bool{}}
	for _, v := range l.Private {
		f.declared[v] = true
	}
	for _, n := range l.Body {
		if s, ok := n.(*ir.Stmt); ok {
			f.top[s] = true
		}
	}
	// The indices, gathered first and then put in a map of their
	// number: a deep nest has as many as it is deep, in every loop.
	var loops [][]*ir.Var // the statements' loops, each once: the accesses of a statement share them
	n := len(l.Nest)
	ir.Visit(l.Body, func(nd ir.Node) {
		switch x := nd.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				f.accesses = append(f.accesses, a)
				f.owner[a] = x
				if len(loops) == 0 || !sameSlice(a.Loops, loops[len(loops)-1]) {
					loops = append(loops, a.Loops) // sequential loops of the statement too
					n += len(a.Loops)
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
			n += len(x.Nest)
			for _, v := range x.Private {
				f.declared[v] = true
			}
		}
	})
	f.indices = make(map[*ir.Var]bool, n)
	for _, in := range append([]*ir.Loop{l}, f.inner...) {
		for _, iv := range in.Nest {
			f.indices[iv.Var] = true
		}
	}
	for _, vs := range loops {
		for _, v := range vs {
			f.indices[v] = true
		}
	}
	return f
}

// dependence returns why l cannot run in parallel, or no reason.
func (c *Construct) dependence(l *ir.Loop, outer []*ir.Loop) ir.Reason {
	if l.Break || c.Loops[l] != nil && c.Loops[l].Exits {
		return ir.Reason{Kind: ir.EarlyExit}
	}
	for _, iv := range l.Nest {
		if iv.Never || iv.Var == nil {
			return ir.Reason{Kind: ir.NoTripCount}
		}
	}
	f := collectFacts(l)
	if c.boundsMayChange(l, f) {
		return ir.Reason{Kind: ir.NoTripCount}
	}
	var ivs []*ir.IndexVar
	for _, o := range outer {
		ivs = append(ivs, o.Nest...)
	}
	first := len(ivs)
	ivs = append(ivs, l.Nest...)
	for _, in := range f.inner {
		ivs = append(ivs, in.Nest...)
	}
	tests, nest := c.nestOf(ivs)
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
		return AliasWhy(aliases[0])
	}
	privArrays := c.privateArrays(l, f)
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
		if len(w.Subs) > 1 && rowPointers(w.Var.Type) && c.deviceRows(w.Var) {
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
				if c.MayAlias(w.Var, r.Var) {
					aliases = AddPair(aliases, w.Var, r.Var)
				}
				continue
			}
			for p := first; p < first+len(l.Nest); p++ {
				if res := tests.Carried(p, w, r); res.Dependent {
					note(w.Var)
					if detail == nil && w.Expr != nil && r.Expr != nil {
						detail = &ir.Dependence{W: w.Expr, R: r.Expr, WLine: f.owner[w].Line, RLine: f.owner[r].Line, Write: r.Write,
							Distance: res.Distance, Known: res.Known, Direction: directionOf(res.Direction, nest, first+len(l.Nest), w, r)}
					}
				}
			}
		}
	}
	if len(aliases) > 0 && (len(carried) > 0 || !c.versionable(l, aliases, f)) {
		return complexDep()
	}
	if len(carried) > 0 {
		if detail != nil {
			l.Detail = ir.Reason{Kind: ir.DependencePair, Dep: detail}
		}
		return ir.Reason{Kind: ir.Carried, Vars: carried}
	}
	u := c.loopScalars(l, outer, f, false)
	if len(aliases) > 0 && (len(u.dep) > 0 || len(u.last) > 0 || len(u.reds) > 0) {
		return complexDep()
	}
	if why := u.why(); why.Kind != ir.NoReason {
		return why
	}
	c.Loops[l].Reductions = u.reds
	c.Loops[l].Aliases = aliases
	for _, a := range f.accesses {
		if privArrays[a.Var] && !ContainsVar(l.Private, a.Var) {
			l.Private = append(l.Private, a.Var)
			c.Loops[l].PrivArrays = append(c.Loops[l].PrivArrays, a.Var)
		}
	}
	return ir.Reason{}
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
	keep := parts[:upTo:upTo]
	if upTo < len(parts) {
		// The inner levels: their indices, where both references are.
		in := make(map[*ir.Var]int, len(parts)-upTo)
		for _, l := range nest[upTo:] {
			in[l.Index] = 0
		}
		for _, w := range a.Loops {
			if n, ok := in[w]; ok && n == 0 {
				in[w] = 1
			}
		}
		for _, w := range b.Loops {
			if n, ok := in[w]; ok && n == 1 {
				in[w] = 2
			}
		}
		for _, l := range nest[:upTo] {
			if _, ok := in[l.Index]; ok {
				in[l.Index] = 3 // kept already
			}
		}
		for q, p := range parts[upTo:] {
			iv := nest[upTo+q].Index
			if in[iv] == 2 {
				keep = append(keep, p)
				in[iv] = 3 // sibling loops may share an index
			}
		}
	}
	return "(" + strings.Join(keep, ",") + ")"
}

// sameSlice reports whether a and b are the same slice (the same
// elements in the same array).
func sameSlice(a, b []*ir.Var) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// versionable reports whether a loop whose parallelism only possible
// aliasing between the pairs ps prevents may be versioned: run in
// parallel when the data the variables reach do not overlap at run
// time, sequentially otherwise. A kernels construct makes each loop nest
// its own kernel, so a serial copy of the kernel can stand in for the
// parallel one; a loop of a parallel construct's gang-redundant code
// (Loop.Redundant) is versioned too, its fallback a copy of the kernel
// in which that loop alone runs sequentially. The variables must be the
// region's own (their data mapped, so the host knows their device
// ranges) and the loop must have no reduction, whose parallel
// combination the serial copy would lack.
func (c *Construct) versionable(l *ir.Loop, ps [][2]*ir.Var, f *loopFacts) bool {
	if c.R.Kind != ir.Kernels && !(c.R.Kind == ir.Parallel && c.Loops[l].Redundant) {
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

// MayAlias reports whether two variables may reach the same data:
// distinct arrays and structs never do; a pointer may reach anything,
// unless it is restrict (only it reaches its data) or -Msafeptr says no
// pointers alias.
func (c *Construct) MayAlias(a, b *ir.Var) bool {
	if a == b {
		return true
	}
	ptr := func(v *ir.Var) bool { return v.Type.Kind == ir.Pointer }
	if !ptr(a) && !ptr(b) {
		return false
	}
	if c.NoAlias {
		return false
	}
	// A restrict parameter's data are reached only through it (C11
	// 6.7.3.1) or through pointers based on it, which a local pointer of
	// the function may be: restrict separates it from the other
	// parameters and from arrays.
	ra, rb := c.restrictVar(a), c.restrictVar(b)
	if ra && rb || ra && c.notBasedOn(b) || rb && c.notBasedOn(a) {
		return false
	}
	return true
}

// notBasedOn reports whether v cannot hold a pointer based on a restrict
// parameter: it is an array, or a parameter itself.
func (c *Construct) notBasedOn(v *ir.Var) bool {
	return v.Type.Kind != ir.Pointer || c.source(v).Param
}

// deviceRows reports whether v's row pointers are device addresses the
// program manages itself (deviceptr), with no mapping of rows.
func (c *Construct) deviceRows(v *ir.Var) bool {
	return !c.NoAlias && c.source(v).Deviceptr
}

// restrictVar reports whether v is a pointer of the region (not one it
// declares) that the user declared restrict.
func (c *Construct) restrictVar(v *ir.Var) bool {
	return v.Type.Kind == ir.Pointer && !v.Local && c.source(v).Restrict
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
func (c *Construct) boundsMayChange(l *ir.Loop, f *loopFacts) bool {
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
	if !reads || c.NoAlias {
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
