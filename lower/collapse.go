package lower

import "github.com/accc-compiler/accc/ir"

// autoCollapse is the collapse pass: in a kernels construct, a loop the
// depend pass proved parallel whose whole body is another such loop,
// with bounds the outer iterations do not change and no parallel loop
// inside, becomes one loop over both index spaces (as collapse(2) would,
// §2.9.1). The schedule then gives the nest gang and vector together,
// and the launch runs it in two-dimensional tiles whose rows follow the
// inner, stride-1 index: every iteration has a thread however the trip
// counts divide between the loops (NVHPC spreads such nests over
// blockIdx.y and blockIdx.x alike).
func (rg *region) autoCollapse() {
	if rg.r.Kind != ir.Kernels {
		return
	}
	// Only the outermost parallel loops: below a gang loop, worker and
	// vector loops already spread a nest over a block.
	var visit func(ns []ir.Node)
	visit = func(ns []ir.Node) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Stmt:
				visit(x.Body)
			case *ir.Loop:
				for rg.collapsible(x) {
					inner := x.Body[0].(*ir.Loop)
					x.Nest = append(x.Nest, inner.Nest...)
					for _, v := range inner.Private {
						if !containsVar(x.Private, v) {
							x.Private = append(x.Private, v)
						}
					}
					x.Body = inner.Body
					x.Private = withoutIndices(x.Private, x.Nest)
					rg.info[x].collapsed = true
				}
				if info := rg.info[x]; info == nil || !info.indep {
					visit(x.Body)
				}
			}
		}
	}
	for _, k := range rg.r.Kernels {
		visit(k.Body)
	}
}

// collapsible reports whether l and the one loop of its body may run
// as one loop.
func (rg *region) collapsible(l *ir.Loop) bool {
	if !rg.autoParallel(l) || len(l.Body) != 1 {
		return false
	}
	inner, ok := l.Body[0].(*ir.Loop)
	if !ok || !rg.autoParallel(inner) || len(inner.Nest) != 1 || len(l.Nest) != 1 {
		return false
	}
	// The inner bounds must be the same in every outer iteration.
	for _, e := range inner.Bounds() {
		for _, v := range ir.ExprVars(e) {
			if v == l.Nest[0].Var || containsVar(l.Private, v) || v.Local {
				return false
			}
		}
	}
	// No parallel loop inside: it would take the vector level.
	nested := false
	ir.Walk(inner.Body, func(n ir.Node) {
		if x, ok := n.(*ir.Loop); ok {
			if info := rg.info[x]; info != nil && info.indep {
				nested = true
			}
		}
	})
	return !nested && unitStride(inner)
}

// autoParallel reports whether l is a loop without a directive that the
// depend pass proved parallel, with nothing (a reduction, a run-time
// alias test, a jump) that collapsing would have to combine.
func (rg *region) autoParallel(l *ir.Loop) bool {
	info := rg.info[l]
	return info != nil && info.implicit && info.proven && info.indep && !l.Seq && !l.Break && !l.Continue &&
		len(info.reductions) == 0 && len(info.aliases) == 0 && len(l.Reduce) == 0 && len(l.Tile) == 0
}

// unitStride reports whether consecutive iterations of l reach adjacent
// elements in each reference that uses l's index (the last subscript's
// coefficient of it is 1, and no other subscript uses it): the tiles'
// rows are then coalesced.
func unitStride(l *ir.Loop) bool {
	v := l.Nest[0].Var
	used := false
	ok := true
	ir.Walk(l.Body, func(n ir.Node) {
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
