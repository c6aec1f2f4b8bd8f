package opt

import (
	"slices"

	"github.com/accc-compiler/accc/ir"
)

// scalarUse sorts the scalars a loop assigns: the reductions it
// recognised, those that carry a dependence from one iteration to the
// next (dep) and those whose value after the loop is needed (last), with
// the lines that read them. The scalars private to an iteration are in
// the loop's Private list.
type scalarUse struct {
	reds                []Reduction
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
func (c *Construct) loopScalars(l *ir.Loop, outer []*ir.Loop, f *loopFacts, user bool) scalarUse {
	var scalars []*ir.Var
	assigned := map[*ir.Var]bool{}
	for _, a := range f.accesses {
		if a.Write && !a.Element && len(a.Fields) == 0 && !a.Unknown && a.Var != nil &&
			!f.declared[a.Var] && !f.indices[a.Var] && !assigned[a.Var] && !LoopClauseNames(l, a.Var) {
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
		first := c.writtenFirst(l, v)
		var outside bool
		var after []int
		if first {
			outside, after = c.outsideReads(l, v)
		}
		if first && !outside {
			l.Private = append(l.Private, v)
			continue
		}
		if atomicOnly(f, v, user) {
			continue // shared, its updates atomic
		}
		// A loop of gang-redundant code is never a gang loop: its
		// reduction combines the gang's lanes into the gang's own
		// copy, as the sequential loop would have.
		if op, ok := recognize(f, v); ok && (v.Local || privateAround(c.R, outer, v) || c.Loops[l].Redundant || c.onlyReduced(v, op)) {
			u.reds = append(u.reds, Reduction{Var: v, Op: op})
			continue
		}
		if first {
			u.last = append(u.last, v) // private but for its value after the loop
			u.lastLines = MergeLines(u.lastLines, afterLine(after, l.Line))
			continue
		}
		u.dep = append(u.dep, v)
		u.depLines = MergeLines(u.depLines, ReadLines(l.Body, v))
	}
	return u
}

// privateArrays returns the arrays l may privatise (§2.9.10): each
// iteration writes every element before reading any (fullyWritten), and
// nothing reads them after the loop. Each iteration then works on its own
// copy, and the array carries no dependence.
func (c *Construct) privateArrays(l *ir.Loop, f *loopFacts) map[*ir.Var]bool {
	var priv map[*ir.Var]bool
	if GotoIn(l.Body) {
		return nil // a jump may skip the writes
	}
	for _, a := range f.accesses {
		v := a.Var
		if !a.Write || !a.Element || v == nil || f.declared[v] || priv[v] || v.Type.Kind != ir.Array {
			continue
		}
		if fullyWritten(l, v) && !c.usedOutside(l, v) {
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
			lv := LevelOf(iv)
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
func (c *Construct) onlyReduced(v *ir.Var, op ir.ReductionOp) bool {
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
	for _, k := range c.R.Kernels {
		if ir.Any(k.Body, other) {
			return false
		}
	}
	return true
}

// LoopClauseNames reports whether a clause of l already names v.
func LoopClauseNames(l *ir.Loop, v *ir.Var) bool {
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

// firstUse is what a run of code does with a scalar before any read of
// it: whether a read may see a value assigned before the code.
type firstUse uint8

// A scalar is private to each iteration of a loop (and the loop may run
// in parallel) when writtenFirst holds and nothing reads its value after
// the loop (usedOutside).

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
func (c *Construct) writtenFirst(l *ir.Loop, v *ir.Var) bool {
	if GotoIn(l.Body) {
		return false
	}
	u := c.nodesUse(l.Body, v)
	return u == assigned || u == clean
}

// nodesUse is the use of v by the items ns, run in order.
func (c *Construct) nodesUse(ns []ir.Node, v *ir.Var) firstUse {
	u := unused
	for _, n := range ns {
		n := n
		if !usesVar([]ir.Node{n}, v) {
			continue
		}
		u = u.then(func() firstUse { return c.nodeUse(n, v) })
	}
	return u
}

func (c *Construct) nodeUse(n ir.Node, v *ir.Var) firstUse {
	switch x := n.(type) {
	case *ir.Loop:
		return c.loopUse(x, v)
	case *ir.Stmt:
		if x.Body != nil {
			for _, a := range x.Accesses {
				if a.Var == v {
					return exposed
				}
			}
			if x.Head == nil && x.Tree == nil {
				return c.nodesUse(x.Body, v) // a plain block
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
func (c *Construct) loopUse(x *ir.Loop, v *ir.Var) firstUse {
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
	switch body := c.nodesUse(x.Body, v); body {
	case exposed:
		return exposed
	case assigned:
		info := c.Loops[x]
		sequential := x.Seq || info != nil && c.analysable(x, info)
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
		lv := LevelOf(iv)
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
// the region, or after the construct (VarSource.ReadAfter: anywhere in
// the enclosing function for its variables, anywhere for a global).
func (c *Construct) usedOutside(l *ir.Loop, v *ir.Var) bool {
	used, _ := c.outsideReads(l, v)
	return used
}

// outsideReads is usedOutside with the lines of the reads it found that
// may see v's value after l (none where only its data clauses, or code
// that may read a global, need it). A reference inside another loop that
// v controls reads that loop's value of v, which its initialisation
// assigned; one inside another loop (not around l) each of whose
// iterations assigns v before reading it (writtenFirst) reads that
// iteration's value.
func (c *Construct) outsideReads(l *ir.Loop, v *ir.Var) (bool, []int) {
	if c.killedAfter(l, v) {
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
					lines = append(lines, StmtReadLines(x, v)...)
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
			return !controls && (holdsLoop(x, l) || !c.writtenFirst(x, v))
		}
		return true
	}
	for _, k := range c.R.Kernels {
		ir.InspectNodes(k.Body, visit)
	}
	if used || v.Local || v.Construct {
		return used, lines // nothing after the construct sees it
	}
	// A global may be read anywhere, a variable a clause names by its
	// clause: the source pass records them read after the construct.
	src := c.source(v)
	return src.ReadAfter, src.ReadLines
}

// killedAfter reports whether the code after loop l in the body that
// holds it assigns v on every path before any read of it (nodesUse), and
// no jump (goto, break, continue) may skip that assignment: no read can
// then see the value l leaves in v.
func (c *Construct) killedAfter(l *ir.Loop, v *ir.Var) bool {
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
	for _, k := range c.R.Kernels {
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
	if !found || GotoIn(after) {
		return false
	}
	jumps := ir.Any(after, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		return ok && (s.Break || s.Continue)
	})
	return !jumps && c.nodesUse(after, v) == assigned
}

// holdsLoop reports whether loop l is x or nested in it.
func holdsLoop(x, l *ir.Loop) bool {
	return ir.Any([]ir.Node{x}, func(n ir.Node) bool { return n == ir.Node(l) })
}

// afterLine picks, of the lines where v's last value is read, the first
// one after the loop at line at, else the first (a read before the loop
// in the source follows it through an enclosing loop's back edge).
func afterLine(lines []int, at int) []int {
	if len(lines) == 0 {
		return nil
	}
	lines = MergeLines(lines, nil)
	for _, n := range lines {
		if n > at {
			return []int{n}
		}
	}
	return lines[:1]
}
