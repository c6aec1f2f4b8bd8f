package opt

import (
	"slices"

	"github.com/accc-compiler/accc/ir"
)

// testable reports whether the host knows the device range of each
// variable of the pairs: its data are mapped as one contiguous section,
// or, for a pointer named without a section (Section.Pointee), as the
// present block holding its target, when that block holds all the data
// the pointer reaches: elements that are neither pointers (a T ** reaches
// its rows, other blocks) nor structs (which may hold pointers).
func testable(pairs [][2]*ir.Var) bool {
	for _, p := range pairs {
		for _, v := range p {
			if v.Class != ir.ArrayData || v.Map == nil || v.Map.Section == nil || v.Map.Section.Rows {
				return false
			}
			if v.Map.Section.Pointee && !scalarElems(v.Type) {
				return false
			}
		}
	}
	return true
}

// scalarElems reports whether t is a pointer to scalars or to arrays of
// them.
func scalarElems(t *ir.Type) bool {
	if t.Kind != ir.Pointer {
		return false
	}
	e := t.Elem
	for e.Kind == ir.Array {
		e = e.Elem
	}
	return e.Kind == ir.Scalar
}

// serialCopy returns a serial kernel of k's code: its loops copied with
// no partitioning, its statements shared (code generators do not change
// them).
func serialCopy(k *ir.Kernel) *ir.Kernel {
	c := *k
	c.Name = ir.FallbackName(k.Name)
	c.Serial, c.GangLoop, c.Workers, c.Vector = true, nil, 1, 1
	c.HostTrip, c.GangsPer, c.Block2DRows = false, 0, 0
	c.Disjoint, c.Fallback, c.Split, c.Stage = nil, nil, nil, nil
	c.Body = copyNodes(k.Body, nil)
	return &c
}

// versionRedundant versions the loops of a parallel construct's kernel k
// (Version): parallel when the pairs' device ranges are disjoint, else
// the fallback, a copy of k with those loops sequential. Where the host
// cannot tell the ranges (or the kernel combines reductions over its
// gangs, or splits its gang loop), the loops run sequentially.
func (c *Construct) versionRedundant(k *ir.Kernel, loops []*ir.Loop, pairs [][2]*ir.Var) {
	if len(k.Reductions) == 0 && k.Split == nil && testable(pairs) {
		k.Disjoint = pairs
		for _, l := range loops {
			l.Versioned = slices.Clone(c.Loops[l].Aliases)
		}
		f := *k
		f.Name = ir.FallbackName(k.Name)
		f.Disjoint, f.Fallback, f.GangLoop = nil, nil, nil
		f.Body = copyNodes(k.Body, func(l *ir.Loop) bool { return len(l.Versioned) > 0 })
		c.shape(&f)
		k.Fallback = &f
		return
	}
	for _, l := range loops {
		info := c.Loops[l]
		l.Why = AliasWhy(info.Aliases[0])
		// The one obstacle, which restrict removes.
		l.Detail = ir.Reason{Kind: ir.RestrictHint, Vars: info.Aliases[0][:]}
		l.Levels = 0
		info.Indep, info.Proven = false, false
	}
	c.shape(k)
}

// copyNodes copies ns and the nodes nested in them, the loops seq says
// without partitioning (nil: all of them).
func copyNodes(ns []ir.Node, seq func(*ir.Loop) bool) []ir.Node {
	var cp func(ir.Node) ir.Node
	cp = func(n ir.Node) ir.Node {
		switch x := n.(type) {
		case *ir.Stmt:
			s := *x
			n = &s
		case *ir.Loop:
			l := *x
			if seq == nil || seq(x) {
				l.Levels = 0
			}
			l.Versioned = nil
			n = &l
		}
		ir.EditChildren(n, cp) // the copy's own Body, of copies
		return n
	}
	return ir.EditList(ns, cp)
}
