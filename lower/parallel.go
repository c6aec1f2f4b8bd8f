package lower

import (
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/ir"
)

// parallelize is the depend pass: each loop whose schedule is the
// compiler's to choose (an auto loop, §2.9.7, and the loops of a kernels
// construct not marked independent or with a level, §2.5.3) runs in
// parallel only when the dependence tests prove that its iterations are
// independent: no element that one iteration writes is read or written
// by another (package depend), every scalar it assigns is private to an
// iteration (written before it is read, and not needed after the loop),
// and no two names may reach the same data. Proven loops count as
// independent for the schedule pass; the others keep NVHPC's reason.
func (rg *region) parallelize() {
	var visit func(ns []ir.Node, outer []*ir.Loop)
	visit = func(ns []ir.Node, outer []*ir.Loop) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Stmt:
				visit(x.Body, outer)
			case *ir.Loop:
				if info := rg.info[x]; rg.analysable(x, info) {
					switch why := rg.dependence(x, outer); {
					case why != "":
						x.Why = why
					case info.implicit && rg.r.Kind == ir.Parallel && shortLoop(x):
						// Autopar in a parallel construct leaves a loop
						// shorter than a warp to each thread: partitioning
						// it would idle most lanes and take the vector
						// level from the loop around it.
						info.proven = true
					default:
						info.indep, info.proven = true, true
					}
				}
				visit(x.Body, append(outer[:len(outer):len(outer)], x))
			}
		}
	}
	for _, k := range rg.r.Kernels {
		if rg.r.Kind != ir.Serial {
			visit(k.Body, nil)
		}
	}
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
	if l.Seq || info == nil || info.explicit != 0 || info.indep {
		return false
	}
	return info.auto || info.implicit || rg.r.Kind == ir.Kernels
}

// levelOf returns the values a loop index takes, as polynomials.
func levelOf(iv *ir.IndexVar) depend.Level {
	l := depend.Level{Index: iv.Var}
	if iv.Never || iv.Var == nil {
		return l
	}
	lo, hi := ir.Linear(iv.Lo), ir.Linear(iv.Hi)
	switch iv.Cmp {
	case "<":
		l.Min, l.Max = lo, hi.Sub(ir.Constant(1))
	case "<=":
		l.Min, l.Max = lo, hi
	case ">":
		l.Min, l.Max = hi.Add(ir.Constant(1)), lo
	case ">=":
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
	var visit func(ns []ir.Node, top bool)
	visit = func(ns []ir.Node, top bool) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Stmt:
				if top {
					f.top[x] = true
				}
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
				visit(x.Body, false)
			case *ir.Loop:
				f.inner = append(f.inner, x)
				for _, iv := range x.Nest {
					f.indices[iv.Var] = true
				}
				for _, v := range x.Private {
					f.declared[v] = true
				}
				visit(x.Body, false)
			}
		}
	}
	visit(l.Body, true)
	return f
}

// dependence returns why l cannot run in parallel, or "".
func (rg *region) dependence(l *ir.Loop, outer []*ir.Loop) string {
	if l.Break {
		return "Loop exits early: not parallelizable"
	}
	for _, iv := range l.Nest {
		if iv.Never || iv.Var == nil {
			return "Loop without integer trip count will be executed in sequential mode"
		}
	}
	f := collectFacts(l)
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
	// Data reached through subscripts, members and pointers.
	var carried []string
	detail := ""
	seen := map[string]bool{}
	note := func(s string) {
		if !seen[s] {
			seen[s] = true
			carried = append(carried, s)
		}
	}
	for _, w := range f.accesses {
		if !w.Write || w.Var != nil && f.declared[w.Var] {
			continue
		}
		if w.Unknown || w.Var == nil {
			return "Complex loop carried dependence of a store through a computed pointer prevents parallelization"
		}
		if !w.Element && len(w.Fields) == 0 {
			continue // a scalar: below
		}
		for _, r := range f.accesses {
			if r.Var == nil || r.Unknown || (!r.Element && len(r.Fields) == 0 && r.Var.Type.Kind != ir.Pointer && r.Var.Type.Kind != ir.Array) {
				continue
			}
			if r.Var != w.Var {
				if rg.mayAlias(w.Var, r.Var) {
					return fmt.Sprintf("Complex loop carried dependence of %s->,%s-> prevents parallelization", aliasNames(w.Var, r.Var)...)
				}
				continue
			}
			for p := first; p < first+len(l.Nest); p++ {
				if res := depend.Carried(nest, p, w, r); res.Dependent {
					note(w.Var.Name)
					if detail == "" && w.Expr != nil && r.Expr != nil {
						verb := "read"
						if r.Write {
							verb = "written"
						}
						detail = fmt.Sprintf("%s written at line %d, %s %s at line %d", ir.Format(w.Expr, nil), f.owner[w].Line,
							ir.Format(r.Expr, nil), verb, f.owner[r].Line)
						if res.Known {
							detail += fmt.Sprintf(": distance %d", res.Distance)
						}
					}
				}
			}
		}
	}
	if len(carried) > 0 {
		l.Detail = detail
		return fmt.Sprintf("Loop carried dependence of %s prevents parallelization", strings.Join(carried, ","))
	}
	// Scalars the loop assigns.
	var scalars []*ir.Var
	assigned := map[*ir.Var]bool{}
	for _, a := range f.accesses {
		if a.Write && !a.Element && len(a.Fields) == 0 && !a.Unknown && a.Var != nil &&
			!f.declared[a.Var] && !f.indices[a.Var] && !assigned[a.Var] {
			assigned[a.Var] = true
			scalars = append(scalars, a.Var)
		}
	}
	var dep, last []string
	var reds []autoReduction
	for _, v := range scalars {
		first := writtenFirst(l, v)
		if first && !rg.usedOutside(l, v) {
			l.Private = append(l.Private, v)
			continue
		}
		if op, ok := recognize(f, v); ok && !rg.loopClauseNames(l, v) && (v.Local || privateAround(rg.r, outer, v) || rg.onlyReduced(v, op)) {
			reds = append(reds, autoReduction{v: v, op: op})
			continue
		}
		if first {
			last = append(last, v.Name) // private but for its value after the loop
			continue
		}
		dep = append(dep, v.Name)
	}
	if len(dep) > 0 {
		sort.Strings(dep)
		return "Loop carried scalar dependence for " + strings.Join(dep, ",")
	}
	if len(last) > 0 {
		sort.Strings(last)
		return "Scalar last value needed after loop for " + strings.Join(last, ",")
	}
	rg.info[l].reductions = reds
	return ""
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
	ok := true
	for _, k := range rg.r.Kernels {
		ir.Walk(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Stmt:
				for _, a := range x.Accesses {
					if a.Var == v {
						if o, match := reductionStmt(x.Tree, v); !match || o != op {
							ok = false
						}
						break
					}
				}
			case *ir.Loop:
				for _, e := range x.Bounds() {
					for _, w := range ir.ExprVars(e) {
						ok = ok && w != v
					}
				}
			}
		})
	}
	return ok
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

// addReductions makes the reductions the depend pass recognised clauses
// of the loops the schedule partitioned (a sequential loop updates the
// variable as written).
func (rg *region) addReductions(ns []ir.Node) {
	for _, n := range ns {
		switch x := n.(type) {
		case *ir.Stmt:
			rg.addReductions(x.Body)
		case *ir.Loop:
			if info := rg.info[x]; info != nil && x.Levels != 0 {
				for _, r := range info.reductions {
					if r.v.Local && x.Levels.Has(ir.Gang) {
						// A gang loop would combine a variable of the
						// gang-redundant code per gang only.
						x.Levels, info.indep = 0, false
						x.Why = "Loop carried scalar dependence for " + r.v.Name
						break
					}
				}
			}
			if info := rg.info[x]; info != nil && x.Levels != 0 {
				for _, r := range info.reductions {
					x.Reduce = append(x.Reduce, &ir.Reduction{Op: r.op, Var: r.v, Local: r.v.Local, Name: r.v.Name, Type: r.v.Type})
				}
			}
			rg.addReductions(x.Body)
		}
	}
}

func aliasNames(a, b *ir.Var) []any {
	if a.Name > b.Name {
		a, b = b, a
	}
	return []any{a.Name, b.Name}
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
	if rg.b.opts.NoAlias || rg.restrictVar(a) || rg.restrictVar(b) {
		return false
	}
	return true
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

// writtenFirst reports whether every iteration of l that uses v assigns
// it before reading it: the first statement of the body that uses v
// assigns it unconditionally before any read of v in that statement, or
// all uses are in one loop of the body whose iterations do so.
func writtenFirst(l *ir.Loop, v *ir.Var) bool {
	var users []ir.Node
	uses := func(n ir.Node) bool {
		var found bool
		var visit func(n ir.Node)
		visit = func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Stmt:
				for _, a := range x.Accesses {
					found = found || a.Var == v
				}
				for _, m := range x.Body {
					visit(m)
				}
			case *ir.Loop:
				for _, iv := range x.Nest {
					for _, e := range []ir.Expr{iv.Lo, iv.Hi, iv.Step} {
						for _, w := range ir.ExprVars(e) {
							found = found || w == v
						}
					}
				}
				for _, m := range x.Body {
					visit(m)
				}
			}
		}
		visit(n)
		return found
	}
	for _, n := range l.Body {
		if uses(n) {
			users = append(users, n)
		}
	}
	if len(users) == 0 {
		return false
	}
	switch x := users[0].(type) {
	case *ir.Loop:
		return len(users) == 1 && len(x.Nest) > 0 && writtenFirst(x, v)
	case *ir.Stmt:
		if x.Body != nil {
			return false
		}
		switch x.Tree.(type) {
		case *ir.ExprStmt, *ir.DeclStmt:
		default:
			return false // under a condition
		}
		// Within the statement, the first reference to v must be a plain
		// write (x = x + 1 reads it first; the collector lists reads
		// first).
		for _, a := range x.Accesses {
			if a.Var == v {
				return a.Write && !a.Element && len(a.Fields) == 0
			}
		}
	}
	return false
}

// usedOutside reports whether v may be read after loop l: elsewhere in
// the region, or, for a variable of the enclosing function, anywhere in
// the function outside the construct (a global may be read anywhere).
func (rg *region) usedOutside(l *ir.Loop, v *ir.Var) bool {
	inside := map[*ir.Access]bool{}
	for _, a := range collectFacts(l).accesses {
		inside[a] = true
	}
	used := false
	for _, k := range rg.r.Kernels {
		ir.Walk(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Stmt:
				for _, a := range x.Accesses {
					used = used || a.Var == v && !inside[a]
				}
			case *ir.Loop:
				if x == l {
					return
				}
				for _, e := range x.Bounds() {
					for _, w := range ir.ExprVars(e) {
						used = used || w == v
					}
				}
			}
		})
	}
	if used || v.Local {
		return used
	}
	if v.Global || rg.explicit[v] {
		return true // a clause names it, or code elsewhere may read it
	}
	var d *cc.Declarator
	for dd, w := range rg.vars {
		if w == v {
			d = dd
		}
	}
	if d == nil || rg.p.Func == nil {
		return true
	}
	return rg.liveOutside(d)
}

// liveOutside reports whether the enclosing function may read the value
// the construct leaves in d: some reference outside the construct reads
// it and is not covered, that is, preceded in its own block (or a block
// around it) by a statement "d = e;" with the construct not in between.
// Every path to such a read passes through that assignment first. A
// function with labels (goto) is not analysed.
func (rg *region) liveOutside(d *cc.Declarator) bool {
	parent := map[cc.Node]cc.Node{}
	labels := false
	var reads []*cc.PrimaryExpression
	writes := map[*cc.PrimaryExpression]bool{}
	walk(rg.p.Func, func(n cc.Node) bool {
		children(n, func(c cc.Node) { parent[c] = n })
		switch x := n.(type) {
		case *cc.LabeledStatement:
			labels = labels || x.Case == cc.LabeledStatementLabel
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionAssign {
				if id := rootIdent(x.UnaryExpression); id != nil && declOf(id) == d {
					writes[id] = true
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent && declOf(x) == d && !rg.inside(x) {
				reads = append(reads, x)
			}
		}
		return true
	})
	if labels {
		return true
	}
	for _, r := range reads {
		if !writes[r] && !rg.covered(r, d, parent) {
			return true
		}
	}
	return false
}

// covered reports whether a plain assignment to d precedes read r in a
// block that holds r, with the construct not between them.
func (rg *region) covered(r cc.Node, d *cc.Declarator, parent map[cc.Node]cc.Node) bool {
	for n := r; n != nil; n = parent[n] {
		item, ok := n.(*cc.BlockItem)
		if !ok {
			continue
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
