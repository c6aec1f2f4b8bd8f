package lower

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// movementLint is the lint pass: a compute construct inside a host loop
// moves the arrays its clauses (or its implicit maps) copy in every
// iteration of that loop, unless a data construct around the loop keeps
// them on the device. accc says so, and which data directive would move
// them once.
func (rg *region) movementLint() {
	rg.copyoutLint()
	rg.copyinLint()
	if rg.p.Func == nil {
		return
	}
	file, src := rg.b.u.File, rg.b.prog.Src
	var loop *cc.IterationStatement
	loopStart := 0
	walk(rg.p.Func, func(n cc.Node) bool {
		if is, ok := n.(*cc.IterationStatement); ok {
			if s, e := stmtRange(is, file, src); s <= rg.c.DirStart && rg.c.StmtEnd <= e {
				loop, loopStart = is, s // the innermost comes last
			}
		}
		return true
	})
	if loop == nil {
		return
	}
	decl := map[*ir.Var]*cc.Declarator{}
	for d, v := range rg.vars {
		decl[v] = d
	}
	what := map[ir.DataKind]string{ir.Copy: "copied to and from the device", ir.Copyin: "copied to the device", ir.Copyout: "copied from the device"}
	for _, m := range rg.c.Maps {
		verb, moves := what[m.Clause]
		if !moves || m.Var == nil || m.Section == nil {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		d := decl[m.Var]
		if d == nil || rg.b.presentAround(d, loopStart) {
			continue
		}
		line := loop.Position().Line
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: "data-movement", Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is %s in every iteration of the loop at line %d; a '#pragma acc data %s(%s)' around that loop would move it once",
				m.Var.Name, verb, line, m.Clause, m.Section.MinfoText())})
	}
}

// copyoutLint warns about data a copyout clause of the construct names
// but no kernel of it writes: the copy back would overwrite the host's
// values with the device's uninitialised memory.
func (rg *region) copyoutLint() {
	written, unknown := rg.deviceWrites()
	if unknown {
		return
	}
	escaped := rg.escapes()
	for _, m := range rg.c.Maps {
		if m.Implicit || m.Clause != ir.Copyout || m.Var == nil || written[m.Var] || escaped[m.Var] {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: "data-movement", Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is in a copyout clause but the construct never writes it: copying it back replaces the host's values with uninitialised device memory; use copy or create",
				m.Var.Name)})
	}
}

// copyinLint warns about arrays a copyin or copy clause of the construct
// moves to the device that the construct overwrites before it reads
// them: the values copied in are never seen, so create (for copyin) or
// copyout (for copy) would skip the transfer. A false warning would
// lead the user to drop a copy the program needs, so the lint warns
// only when it proves the transfer dead (overwritten):
//
//   - the first kernel to touch the array runs once, unconditionally, and
//     no kernel before it reads anything that may be the array's data
//     (another name that may alias it, a pointer the code computes);
//   - in that kernel one plain assignment x[f] = e, directly in the body
//     of a nest of canonical unit-step loops with no break or continue,
//     writes every element of the mapped section (coverElements);
//   - every other read of the array in that kernel comes after the
//     assignment in the same iteration and reads the element it wrote
//     (the same subscripts), and the kernel reads nothing else that may
//     alias it. Later kernels of the construct run after the whole
//     kernel and may read anything.
//
// A data construct's copyin is not linted: its first device use may be
// any of the compute constructs of its body, on any path through host
// code.
func (rg *region) copyinLint() {
	escaped := rg.escapes()
	decl := map[*ir.Var]*cc.Declarator{}
	for d, v := range rg.vars {
		decl[v] = d
	}
	order, once := rg.launchOrder()
	for _, m := range rg.c.Maps {
		if m.Implicit || m.Clause != ir.Copyin && m.Clause != ir.Copy {
			continue
		}
		v := m.Var
		if v == nil || v.Map != m || v.Class != ir.ArrayData || escaped[v] || decl[v] == nil ||
			rg.b.presentAround(decl[v], rg.c.DirStart) {
			continue
		}
		dims := rg.sectionDims(m.Section)
		if dims == nil || !rg.overwrittenFirst(v, dims, order, once) {
			continue
		}
		var msg string
		if m.Clause == ir.Copy {
			msg = fmt.Sprintf("'%s' is copied to and from the device but the construct writes every element before reading it; copyout(%s) would skip the copy to the device",
				v.Name, m.Section.MinfoText())
		} else {
			msg = fmt.Sprintf("'%s' is copied to the device but the construct writes every element before reading it; create(%s) would skip the transfer",
				v.Name, m.Section.MinfoText())
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: "data-movement", Func: rg.c.Func, Msg: msg})
	}
}

// launchOrder returns the region's kernels in the order the host
// launches them, and which of them it launches exactly once whenever
// the construct runs (not inside a host loop).
func (rg *region) launchOrder() ([]*ir.Kernel, map[*ir.Kernel]bool) {
	once := map[*ir.Kernel]bool{}
	if rg.r.Host == nil {
		for _, k := range rg.r.Kernels {
			once[k] = true
		}
		return rg.r.Kernels, once
	}
	var order []*ir.Kernel
	var visit func(ns []ir.HostNode, top bool)
	visit = func(ns []ir.HostNode, top bool) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Launch:
				order = append(order, x.Kernel)
				once[x.Kernel] = top
			case *ir.HostLoop:
				visit(x.Body, false)
			}
		}
	}
	visit(rg.r.Host, true)
	return order, once
}

// A sectionSpan is the range of subscripts [lo, lo+len) a section covers in
// one dimension.
type sectionSpan struct{ lo, len ir.Affine }

// sectionDims returns the section's spans, one per subscript of an
// element reference, outermost first: the section's own dimensions,
// then the whole extent of the array dimensions it leaves. nil unless
// the section is one of an array or pointer variable whose elements
// are scalars and whose bounds the host has.
func (rg *region) sectionDims(s *ir.Section) []sectionSpan {
	if s == nil || s.Var == nil || s.Pointee || s.Rows {
		return nil
	}
	if r, ok := s.Base.(*ir.Ref); !ok || r.Var != s.Var {
		return nil
	}
	t := s.Var.Type
	var lens []int64 // the extent of each dimension; -1: a pointer's
	switch t.Kind {
	case ir.Pointer:
		lens, t = append(lens, -1), t.Elem
	case ir.Array:
	default:
		return nil
	}
	for ; t.Kind == ir.Array; t = t.Elem {
		lens = append(lens, t.Len)
	}
	if t.Kind != ir.Scalar || len(s.Dims) > len(lens) {
		return nil
	}
	var out []sectionSpan
	for i, n := range lens {
		var sp sectionSpan
		if i < len(s.Dims) {
			sp = sectionSpan{ir.Linear(s.Dims[i].Lo), ir.Linear(s.Dims[i].Len)}
		} else if n > 0 {
			sp = sectionSpan{ir.Constant(0), ir.Constant(n)}
		} else {
			return nil
		}
		if !rg.regionConstant(sp.lo, nil) || !rg.regionConstant(sp.len, nil) {
			return nil
		}
		out = append(out, sp)
	}
	return out
}

// regionConstant reports whether polynomial a has one value throughout
// the construct, the host's: its variables are region scalars the construct
// never assigns, none of them a loop index (skip).
func (rg *region) regionConstant(a ir.Affine, skip map[*ir.Var]bool) bool {
	if !a.OK {
		return false
	}
	for _, t := range a.Terms {
		for _, w := range t.Vars {
			if w.Local || w.Written || w.Type.Kind != ir.Scalar || skip[w] || rg.hostIndex[w] {
				return false
			}
		}
	}
	return true
}

// overwrittenFirst reports whether the construct writes every element
// of v's section (dims) before it reads any, as copyinLint describes.
func (rg *region) overwrittenFirst(v *ir.Var, dims []sectionSpan, order []*ir.Kernel, once map[*ir.Kernel]bool) bool {
	for _, k := range order {
		as := kernelAccesses(k)
		touches := false
		for _, a := range as {
			touches = touches || a.Var == v
		}
		if !touches {
			// Nothing it reads may be v's data.
			for _, a := range as {
				if a.Unknown || !a.Write && rg.mayReadData(v, a) {
					return false
				}
			}
			continue
		}
		if !once[k] || hasGoto(k) {
			return false
		}
		for _, w := range rg.coveringWrites(k, v, dims) {
			if rg.readsAfterOnly(k, as, v, w) {
				return true
			}
		}
		return false
	}
	return false
}

// hasGoto reports whether kernel k holds a goto or a label: a jump may
// skip a store that no break or continue skips.
func hasGoto(k *ir.Kernel) bool {
	found := false
	ir.Walk(k.Body, func(n ir.Node) {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return
		}
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				switch j := x.(type) {
				case *ir.Label:
					found = true
				case *ir.Jump:
					found = found || j.Kind == ir.Goto
				}
				return true
			}, nil)
		}
	})
	return found
}

// kernelAccesses lists every reference of kernel k: its statements' and
// its loops' bounds'.
func kernelAccesses(k *ir.Kernel) []*ir.Access {
	var out []*ir.Access
	ir.Walk(k.Body, func(n ir.Node) {
		switch x := n.(type) {
		case *ir.Stmt:
			out = append(out, x.Accesses...)
		case *ir.Loop:
			c := &accessCollector{}
			for _, e := range x.Bounds() {
				c.expr(e)
			}
			out = append(out, c.out...)
		}
	})
	return out
}

// mayReadData reports whether read a, of a variable other than v, may
// read v's data: an element or member reached through a name that may
// alias v (a pointer that is not restrict, a pointer the region
// declares, a pointer member of a struct).
func (rg *region) mayReadData(v *ir.Var, a *ir.Access) bool {
	w := a.Var
	if w == nil {
		return true
	}
	if w == v {
		return true
	}
	if !a.Element {
		return false
	}
	switch {
	case w.Local:
		return w.Type.Kind != ir.Array || len(a.Fields) > 0
	case w.Type.Kind == ir.Record:
		return !rg.b.opts.NoAlias && !rg.restrictVar(v)
	}
	return rg.mayAlias(v, w)
}

// A coverWrite is an assignment that writes every element of a section:
// the statement, its write access, and the loop body it is directly in.
type coverWrite struct {
	stmt *ir.Stmt
	acc  *ir.Access
	body []ir.Node
}

// coveringWrites finds kernel k's assignments to v that write every
// element of dims: plain assignments directly in the body of a nest of
// loops (coverElements says which nests) that run every iteration (no
// break or continue), with nothing but loops and plain blocks between
// the kernel's body and them.
func (rg *region) coveringWrites(k *ir.Kernel, v *ir.Var, dims []sectionSpan) []coverWrite {
	var out []coverWrite
	var visit func(ns []ir.Node, chain []*ir.Loop)
	visit = func(ns []ir.Node, chain []*ir.Loop) {
		for _, n := range ns {
			switch x := n.(type) {
			case *ir.Loop:
				if !x.Break && !x.Continue {
					visit(x.Body, append(chain[:len(chain):len(chain)], x))
				}
			case *ir.Stmt:
				if x.Body != nil {
					if x.Head == nil && !x.Break && !x.Continue {
						visit(x.Body, chain)
					}
					continue
				}
				if len(chain) == 0 {
					continue
				}
				es, ok := x.Tree.(*ir.ExprStmt)
				if !ok {
					continue
				}
				if as, isAssign := es.X.(*ir.Assign); !isAssign || as.Op != "=" {
					continue
				}
				var w *ir.Access
				for _, a := range x.Accesses {
					if a.Var == v && a.Write {
						w = a
					}
				}
				if w != nil && rg.coverElements(w, chain, dims) {
					out = append(out, coverWrite{stmt: x, acc: w, body: ns})
				}
			}
		}
	}
	visit(k.Body, nil)
	return out
}

// coverElements reports whether write w, run in every iteration of the
// loops of chain, writes every element of dims. Each subscript must be
// c + Σ s_k·u_k for distinct loop indices u_k of unit step over
// [lo_k, hi_k] (bounds the host has), where s_1 = 1 and each next s_k
// is the product of the widths hi_j - lo_j + 1 before it, so the
// subscript runs over [c + Σ s_k·lo_k, that + Π widths) without gaps
// (i, i*m + j with j over [0, m)): that range must contain the
// section's span. Every other loop of chain must run at least once.
// With one index per subscript this is exact: a loop that runs no
// iteration leaves a range, and so a span, that is empty. With several,
// a product of two negative widths is positive although nothing is
// written; accc takes b[0:n*m] written as b[i*m + j] over i < n, j < m
// to be covered even so, as no program maps a section of n*m elements
// with n and m both negative.
func (rg *region) coverElements(w *ir.Access, chain []*ir.Loop, dims []sectionSpan) bool {
	if w.Unknown || !w.Element || !w.Affine || len(w.Fields) > 0 || len(w.Subs) != len(dims) {
		return false
	}
	type bound struct{ lo, width ir.Affine }
	idx := map[*ir.Var]*bound{}
	isIndex := map[*ir.Var]bool{}
	for _, l := range chain {
		for _, iv := range l.Nest {
			if iv.Var != nil {
				isIndex[iv.Var] = true
			}
		}
	}
	for _, v := range w.Loops {
		isIndex[v] = true
	}
	for _, l := range chain {
		for _, iv := range l.Nest {
			k, isConst := ir.IntValue(iv.Step)
			if iv.Var == nil || iv.Never || iv.Local || iv.Down || !isConst || k != 1 || iv.Cmp != "<" && iv.Cmp != "<=" {
				continue // not usable as a covering index
			}
			lv := levelOf(iv)
			if !rg.regionConstant(lv.Min, isIndex) || !rg.regionConstant(lv.Max, isIndex) {
				continue
			}
			idx[iv.Var] = &bound{lo: lv.Min, width: lv.Max.Sub(lv.Min).Add(ir.Constant(1))}
		}
	}
	used := map[*ir.Var]bool{}
	for d, sub := range w.Subs {
		// The loop indices of the subscript and their coefficients.
		coef := map[*ir.Var]ir.Affine{}
		var vars []*ir.Var
		for _, t := range sub.Terms {
			for _, u := range t.Vars {
				if !isIndex[u] {
					continue
				}
				if idx[u] == nil || used[u] {
					return false
				}
				if _, seen := coef[u]; !seen {
					c, ok := sub.Coef(u)
					if !ok || !rg.regionConstant(c, isIndex) {
						return false
					}
					coef[u] = c
					vars = append(vars, u)
				}
			}
		}
		rest := sub.Without(isIndex)
		if !rg.regionConstant(rest, isIndex) {
			return false
		}
		start, size := rest, ir.Constant(1)
		for range vars {
			var next *ir.Var
			for _, u := range vars {
				if _, done := used[u]; done {
					continue
				}
				if diff, ok := coef[u].Sub(size).IntConst(); ok && diff == 0 {
					next = u
					break
				}
			}
			if next == nil {
				return false
			}
			used[next] = true
			b := idx[next]
			start = start.Add(coef[next].Mul(b.lo))
			size = size.Mul(b.width)
		}
		// [start, start+size) ⊇ [lo, lo+len).
		sp := dims[d]
		below, ok1 := start.Sub(sp.lo).IntConst()
		above, ok2 := start.Add(size).Sub(sp.lo.Add(sp.len)).IntConst()
		if !ok1 || !ok2 || below > 0 || above < 0 {
			return false
		}
	}
	// A loop whose index no subscript uses must run at least once: the
	// store is in its body (for (t = 0; t < steps; t++) may run none).
	for _, l := range chain {
		for _, iv := range l.Nest {
			if iv.Var != nil && used[iv.Var] {
				continue
			}
			if iv.Var == nil || idx[iv.Var] == nil {
				return false
			}
			if trips, ok := idx[iv.Var].width.IntConst(); !ok || trips < 1 {
				return false
			}
		}
	}
	return true
}

// readsAfterOnly reports whether kernel k reads v's data only where the
// covering write cw has already written it: in a statement after cw's
// in the same loop body (in the same iteration, so the same thread),
// at the same subscripts; and reads nothing else that may be v's.
func (rg *region) readsAfterOnly(k *ir.Kernel, as []*ir.Access, v *ir.Var, cw coverWrite) bool {
	after := map[*ir.Access]bool{}
	for i, n := range cw.body {
		if n != ir.Node(cw.stmt) {
			continue
		}
		ir.Walk(cw.body[i+1:], func(m ir.Node) {
			if s, ok := m.(*ir.Stmt); ok {
				for _, a := range s.Accesses {
					after[a] = true
				}
			}
		})
	}
	for _, a := range as {
		switch {
		case a.Unknown:
			return false
		case a.Write:
		case a.Var == v:
			if !after[a] || !sameElement(a, cw.acc) {
				return false
			}
		case rg.mayReadData(v, a):
			return false
		}
	}
	return true
}

// sameElement reports whether a and b reference the same element in the
// same iteration: affine references with equal subscripts.
func sameElement(a, b *ir.Access) bool {
	if !a.Element || !a.Affine || !b.Affine || len(a.Fields) > 0 || len(a.Subs) != len(b.Subs) {
		return false
	}
	for i := range a.Subs {
		if d, ok := a.Subs[i].Sub(b.Subs[i]).IntConst(); !ok || d != 0 {
			return false
		}
	}
	return true
}
