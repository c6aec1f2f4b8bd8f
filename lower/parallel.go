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
					if why := rg.dependence(x, outer); why != "" {
						x.Why = why
					} else {
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

// analysable reports whether l's schedule is left to the compiler.
func (rg *region) analysable(l *ir.Loop, info *loopInfo) bool {
	if l.Seq || info == nil || info.explicit != 0 || info.indep {
		return false
	}
	return info.auto || rg.r.Kind == ir.Kernels
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
				if ds, ok := x.Tree.(*ir.DeclStmt); ok {
					for _, loc := range ds.Locals {
						f.declared[loc.Var] = true
					}
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
				}
			}
		}
	}
	if len(carried) > 0 {
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
	var dep []string
	for _, v := range scalars {
		if rg.privatizable(l, f, v) {
			l.Private = append(l.Private, v)
			continue
		}
		dep = append(dep, v.Name)
	}
	if len(dep) > 0 {
		sort.Strings(dep)
		return "Loop carried scalar dependence for " + strings.Join(dep, ",")
	}
	return ""
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

// privatizable reports whether every iteration of l writes v before it
// reads it (the first statement of the body that uses v assigns it
// unconditionally, before any read of v in that statement), and nothing
// reads v's value after the loop: neither the rest of the region nor,
// for a variable declared outside the construct, the enclosing function.
func (rg *region) privatizable(l *ir.Loop, f *loopFacts, v *ir.Var) bool {
	var first *ir.Access
	for _, a := range f.accesses {
		if a.Var == v {
			first = a
			break
		}
	}
	if first == nil || !first.Write || first.Element || len(first.Fields) > 0 {
		return false
	}
	s := f.owner[first]
	if !f.top[s] {
		return false
	}
	switch s.Tree.(type) {
	case *ir.ExprStmt, *ir.DeclStmt:
	default:
		return false // under a condition, or in a loop that may not run
	}
	// Within the statement, the write must come before any read of v
	// (x = x + 1 reads it first; the collector lists reads first).
	for _, a := range s.Accesses {
		if a.Var == v {
			if a != first {
				return false
			}
			break
		}
	}
	if rg.usedOutside(l, v) {
		return false
	}
	return true
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
	var visit func(ns []ir.Node)
	visit = func(ns []ir.Node) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Stmt:
				for _, a := range x.Accesses {
					if a.Var == v && !inside[a] {
						used = true
					}
				}
				visit(x.Body)
			case *ir.Loop:
				if x == l {
					continue
				}
				for _, iv := range x.Nest {
					for _, w := range ir.ExprVars(iv.Lo) {
						used = used || w == v
					}
					for _, w := range ir.ExprVars(iv.Hi) {
						used = used || w == v
					}
				}
				visit(x.Body)
			}
		}
	}
	for _, k := range rg.r.Kernels {
		visit(k.Body)
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
	walk(rg.p.Func, func(n cc.Node) bool {
		if used {
			return false
		}
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d && !rg.inside(pe) {
			used = true
		}
		return true
	})
	return used
}
