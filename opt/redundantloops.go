package opt

import "github.com/accc-compiler/accc/ir"

// redundantHostLoop reports whether the gang-redundant loop l of a
// parallel construct, the construct's whole body, can run on the host
// around kernels, as a kernels construct's sequential loop does
// (hostLoop). Each gang runs such a loop itself (§2.5.1), and the loops
// of its body partition their iterations over all the gangs with no
// synchronisation between gangs from one iteration to the next: the time
// loop around the sweeps of a stencil, the k loop of Floyd-Warshall.
// Launching the body's loops as kernels, one iteration of l after the
// other, is the schedule in which the gangs run l in step, and it is
// the one that computes what the program computes without OpenACC.
//
// Besides hostLoop's conditions, the gang-redundant code must be l's
// control alone, since its statements would run once instead of once
// per gang with values that live in each gang: l's body holds loops
// only, each parallel (or a host loop itself); its bounds read no
// memory, so the host evaluates them as the gangs would; and the region
// assigns no scalar or pointer other than loop indices, nor has private
// or reduction variables of the construct or reductions of its loops,
// whose values would not pass from one kernel to the next.
func (c *Construct) redundantHostLoop(l *ir.Loop) bool {
	if !c.hostLoop(l) || !hostBounds(l.Nest[0]) {
		return false
	}
	for _, n := range l.Body {
		x, ok := n.(*ir.Loop)
		if !ok {
			return false
		}
		if c.hostLoop(x) {
			if !c.redundantHostLoop(x) {
				return false
			}
			continue
		}
		if !c.innerParallel([]ir.Node{x}) {
			return false
		}
	}
	return true
}

// hostBounds reports whether iv's bounds and step use values only: no
// array element, member, dereference, call or assignment, which the host
// could not evaluate as the device does.
func hostBounds(iv *ir.IndexVar) bool {
	for _, e := range []ir.Expr{iv.Lo, iv.Hi, iv.Step} {
		if ir.AnyExpr(e, readsMemory) {
			return false
		}
	}
	return true
}

// readsMemory reports whether expression node e (not its operands)
// reads memory beyond variables or has an effect: an array element, a
// member, a dereference, a call, an assignment, an increment, or code
// the IR does not model.
func readsMemory(e ir.Expr) bool {
	switch x := e.(type) {
	case *ir.Index, *ir.Member, *ir.Call, *ir.Assign, *ir.Opaque:
		return true
	case *ir.Unary:
		return x.Op == "*" || x.Op == "++" || x.Op == "--"
	}
	return false
}

// redundantSplits reports whether the parallel construct's region may
// have host loops (redundantHostLoop): one kernel, no construct private
// or reduction variables, no loop reductions, and no scalar or pointer
// assigned but the indices of its loops.
func (c *Construct) redundantSplits() bool {
	r := c.R
	if len(r.Kernels) != 1 || len(r.Reductions) > 0 || len(r.Privates) > 0 {
		return false
	}
	indices := map[*ir.Var]bool{}
	reduces := false
	ir.InspectNodes(r.Kernels[0].Body, func(n ir.Node) bool {
		if l, ok := n.(*ir.Loop); ok {
			for _, iv := range l.Nest {
				indices[iv.Var] = true
			}
			if len(l.Reduce) > 0 || len(c.Loops[l].Reductions) > 0 {
				reduces = true
			}
		}
		return !reduces
	})
	if reduces {
		return false
	}
	for _, v := range r.Vars {
		if v.Written && !indices[v] && (v.Type.Kind == ir.Scalar || v.Type.Kind == ir.Pointer) {
			return false
		}
	}
	return true
}
