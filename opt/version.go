package opt

import (
	"github.com/accc-compiler/accc/ir"
)

// testable reports whether the host knows the device range of each
// variable of the pairs: its data are mapped as one contiguous section.
func testable(pairs [][2]*ir.Var) bool {
	for _, p := range pairs {
		for _, v := range p {
			if v.Class != ir.ArrayData || v.Map == nil || v.Map.Section == nil ||
				v.Map.Section.Rows || v.Map.Section.Pointee {
				return false
			}
		}
	}
	return true
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
	c.Body = copyNodes(k.Body)
	return &c
}

// copyNodes copies ns and the nodes nested in them, the loops without
// partitioning.
func copyNodes(ns []ir.Node) []ir.Node {
	var cp func(ir.Node) ir.Node
	cp = func(n ir.Node) ir.Node {
		switch x := n.(type) {
		case *ir.Stmt:
			s := *x
			n = &s
		case *ir.Loop:
			l := *x
			l.Levels, l.Versioned = 0, nil
			n = &l
		}
		ir.EditChildren(n, cp) // the copy's own Body, of copies
		return n
	}
	return ir.EditList(ns, cp)
}
