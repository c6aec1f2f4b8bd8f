package opt

import "github.com/accc-compiler/accc/ir"

// collapsible reports whether l and the one loop of its body may run
// as one loop.
func (c *Construct) collapsible(l *ir.Loop) bool {
	if !c.autoParallel(l) || len(l.Body) != 1 {
		return false
	}
	inner, ok := l.Body[0].(*ir.Loop)
	if !ok || !c.autoParallel(inner) || len(inner.Nest) != 1 || len(l.Nest) != 1 {
		return false
	}
	// The inner bounds must be the same in every outer iteration.
	for _, e := range inner.Bounds() {
		for _, v := range ir.ExprVars(e) {
			if v == l.Nest[0].Var || ContainsVar(l.Private, v) || v.Local {
				return false
			}
		}
	}
	// No parallel loop inside: it would take the vector level.
	nested := ir.Any(inner.Body, func(n ir.Node) bool {
		x, ok := n.(*ir.Loop)
		return ok && c.Loops[x] != nil && c.Loops[x].Indep
	})
	return !nested && unitStride(inner)
}

// autoParallel reports whether l is a loop without a directive that the
// depend pass proved parallel, with nothing (a reduction, a run-time
// alias test, a jump) that collapsing would have to combine.
func (c *Construct) autoParallel(l *ir.Loop) bool {
	info := c.Loops[l]
	return info != nil && info.Implicit && info.Proven && info.Indep && !l.Seq && !l.Break && !l.Continue &&
		len(info.Reductions) == 0 && len(info.Aliases) == 0 && len(l.Reduce) == 0 && len(l.Tile) == 0
}

// unitStride reports whether consecutive iterations of l reach adjacent
// elements in each reference that uses l's index (the last subscript's
// coefficient of it is 1, and no other subscript uses it): the blocks'
// rows are then coalesced.
func unitStride(l *ir.Loop) bool {
	v := l.Nest[0].Var
	used := false
	ok := true
	ir.Visit(l.Body, func(n ir.Node) {
		s, isStmt := n.(*ir.Stmt)
		if !isStmt {
			return
		}
		for _, a := range s.Accesses {
			if !a.Element || len(a.Subs) == 0 {
				continue
			}
			if !a.Affine {
				ok = false
				continue
			}
			for i, sub := range a.Subs {
				c, linear := sub.Coef(v)
				if !linear {
					ok = false
					continue
				}
				if len(c.Terms) == 0 {
					continue // the subscript does not use v
				}
				k, isConst := c.IntConst()
				if i != len(a.Subs)-1 || !isConst || k != 1 {
					ok = false
				}
				used = true
			}
		}
	})
	return ok && used
}

// withoutIndices drops from vs the control variables of nest: the loop
// declares its own copies of them.
func withoutIndices(vs []*ir.Var, nest []*ir.IndexVar) []*ir.Var {
	var out []*ir.Var
	for _, v := range vs {
		keep := true
		for _, iv := range nest {
			keep = keep && iv.Var != v
		}
		if keep {
			out = append(out, v)
		}
	}
	return out
}
