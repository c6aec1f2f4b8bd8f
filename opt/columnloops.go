package opt

import (
	"slices"

	"github.com/accc-compiler/accc/ir"
)

// columnLoop reports whether the sequential loop l of a parallel
// construct, whose body is one gang loop p, may stay in the kernel as the
// gangs' redundant code (§2.5.1) instead of running on the host with a
// launch of p per iteration (the hostloops pass): every dependence l
// carries stays within one iteration of p. ADI's sweeps are the case:
//
//	for (i1 = 1; i1 < n; i1++)
//	    #pragma acc loop
//	    for (i2 = 0; i2 < n; i2++)
//	        X[i1][i2] = X[i1][i2] - X[i1-1][i2] * A[i1][i2] / B[i1-1][i2];
//
// Each gang runs l and, in every iteration, its own share of p's
// iterations: the same share each time, since p's bounds do not change
// inside l and the schedule hands out iterations by position. So when
// iteration i2 of p touches only column i2 (+ a constant) of every array
// p's body writes, no gang reads what another writes, and the gangs need
// no step-by-step synchronisation: one launch computes what the launch
// per iteration does.
//
// The conditions: l is a loop the hostloops pass would run on the host
// (hostLoop); p is partitioned over the gangs (not a loop of
// gang-redundant code without a directive, no explicit level other than
// gang's), without reductions, breaks or gotos; p's bounds
// read values that neither l nor p's body changes; p's body assigns no
// scalar but its own (declared in it, private, inner loop indices);
// every array it writes is subscripted in one dimension by p's index
// plus the same constant in all its references, through no row
// pointers; and where a pointer may reach the data of another variable
// it uses (MayAlias, as the depend pass decides), both reach scalars, so
// that the host can test their ranges before the launch.
func (c *Construct) columnLoop(l *ir.Loop) bool {
	_, ok := c.columnCheck(l)
	return ok
}

// columnCheck is columnLoop, with the pairs of pointers that may reach
// the same data as a variable p's body writes: the version pass makes
// the kernel test them at run time (versionColumns).
func (c *Construct) columnCheck(l *ir.Loop) ([][2]*ir.Var, bool) {
	if c.R.Kind != ir.Parallel || len(l.Body) != 1 || !c.hostLoop(l) {
		return nil, false
	}
	p, ok := l.Body[0].(*ir.Loop)
	if !ok {
		return nil, false
	}
	info := c.Loops[p]
	if info == nil || !c.innerParallel([]ir.Node{p}) || info.Redundant || info.Explicit != 0 && !info.Explicit.Has(ir.Gang) ||
		len(p.Nest) != 1 || p.Nest[0].Var == nil || len(p.Reduce) > 0 || len(info.Reductions) > 0 ||
		len(info.Aliases) > 0 || p.Break || info.Exits || GotoIn(p.Body) || !hostBounds(p.Nest[0]) {
		return nil, false
	}
	f := collectFacts(p)
	changed := map[*ir.Var]bool{l.Nest[0].Var: true}
	for _, a := range f.accesses {
		if a.Write && a.Var != nil {
			changed[a.Var] = true
		}
	}
	for _, e := range p.Bounds() {
		if ir.AnyExpr(e, func(x ir.Expr) bool { r, ok := x.(*ir.Ref); return ok && (changed[r.Var] || r.Var.Global) }) {
			return nil, false
		}
	}
	v := p.Nest[0].Var
	checked := map[*ir.Var]bool{}
	var pairs [][2]*ir.Var
	for _, w := range f.accesses {
		if !w.Write {
			continue
		}
		if w.Unknown || w.Var == nil {
			return nil, false
		}
		if f.declared[w.Var] || f.indices[w.Var] {
			if w.Var.Type.Kind == ir.Pointer && (w.Element || len(w.Fields) > 0) {
				return nil, false // a store through a pointer the iteration computes
			}
			continue
		}
		if !w.Element || len(w.Fields) > 0 || rowPointers(w.Var.Type) {
			return nil, false // a shared scalar or member, or rows that may be one
		}
		if checked[w.Var] {
			continue
		}
		checked[w.Var] = true
		if !c.ownColumn(f, w.Var, v) {
			return nil, false
		}
		for _, r := range f.accesses {
			if r.Var != nil && r.Var != w.Var && (r.Element || len(r.Fields) > 0 || r.Var.Type.Kind == ir.Pointer) && c.MayAlias(w.Var, r.Var) {
				if !plainData(w.Var) || !plainData(r.Var) {
					return nil, false
				}
				pairs = AddPair(pairs, w.Var, r.Var)
			}
		}
	}
	return pairs, true
}

// plainData reports whether v is an array, or a pointer to scalars or
// arrays of them, whose device range the host can test (testable).
func plainData(v *ir.Var) bool {
	return v.Type.Kind == ir.Array && !rowPointers(v.Type) || scalarElems(v.Type)
}

// ownColumn reports whether every reference to w among f's accesses is
// an element whose subscript in one dimension, the same for all, is v
// plus one constant, the same for all.
func (c *Construct) ownColumn(f *loopFacts, w, v *ir.Var) bool {
	index := ir.Affine{OK: true, Terms: []ir.Term{{Coef: 1, Vars: []*ir.Var{v}}}}
	var dims []int     // the candidate dimensions
	var consts []int64 // and their constants
	first := true
	for _, a := range f.accesses {
		if a.Var != w {
			continue
		}
		if a.Unknown || !a.Element || len(a.Fields) > 0 {
			return false
		}
		if first {
			first = false
			for d, s := range a.Subs {
				if k, ok := s.Sub(index).IntConst(); ok {
					dims, consts = append(dims, d), append(consts, k)
				}
			}
			continue
		}
		var keepD []int
		var keepK []int64
		for i, d := range dims {
			if d < len(a.Subs) {
				if k, ok := a.Subs[d].Sub(index).IntConst(); ok && k == consts[i] {
					keepD, keepK = append(keepD, d), append(keepK, k)
				}
			}
		}
		dims, consts = keepD, keepK
	}
	return len(dims) > 0
}

// markColumns records kernel k, when its body is a column loop, with
// the gang loop that sizes its grid (Construct.columns): as gang-redundant
// code around a gang loop it would otherwise run one gang.
func (c *Construct) markColumns(k *ir.Kernel) {
	if len(k.Body) != 1 {
		return
	}
	l, ok := k.Body[0].(*ir.Loop)
	if !ok {
		return
	}
	if pairs, ok := c.columnCheck(l); ok {
		if c.columns == nil {
			c.columns = map[*ir.Kernel]columnKernel{}
		}
		c.columns[k] = columnKernel{gang: l.Body[0].(*ir.Loop), aliases: pairs}
	}
}

// A columnKernel is what markColumns records of a kernel: its gang loop, and
// the pairs of pointers its gangs assume reach different data.
type columnKernel struct {
	gang    *ir.Loop
	aliases [][2]*ir.Var
}

// versionColumns versions column kernel k (Version) when its gangs
// assume that pointers do not alias: the host tests the pairs' device
// ranges before the launch, and where they overlap launches the
// fallback, a serial copy of k, which computes what the sequential
// program computes. Where the host cannot tell the ranges, k runs on one
// gang, whose lanes run each iteration of the sequential loop in step, a
// barrier apart, as the launches per iteration would. It reports whether
// k was a column kernel with aliases.
func (c *Construct) versionColumns(k *ir.Kernel) bool {
	col, ok := c.columns[k]
	if !ok || len(col.aliases) == 0 {
		return false
	}
	if testable(col.aliases) && len(k.Reductions) == 0 && k.Split == nil {
		k.Disjoint = col.aliases
		k.Fallback = serialCopy(k)
		col.gang.Versioned = slices.Clone(col.aliases)
		return true
	}
	k.GangLoop = nil
	return true
}
