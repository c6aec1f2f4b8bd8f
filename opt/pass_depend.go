package opt

import (
	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/ir"
)

// Depend is the depend pass: each loop whose schedule is the
// compiler's to choose (an auto loop, §2.9.7, and the loops of a kernels
// construct not marked independent or with a level, §2.5.3) runs in
// parallel only when the dependence tests prove that its iterations are
// independent: no element that one iteration writes is read or written
// by another (package depend), every scalar it assigns is private to an
// iteration (written before it is read, and not needed after the loop),
// and no two names may reach the same data. Proven loops count as
// independent for the schedule pass; the others keep the reason
// (ir.Reason), which the remarks pass words.
func Depend(c *Construct) {
	c.levels = map[*ir.IndexVar]depend.Level{}
	defer func() { c.levels, c.lastNest = nil, nil }()
	// visit tests loop n, inside the loops outer.
	visit := func(n ir.Node, outer []*ir.Loop) ([]*ir.Loop, bool) {
		x, ok := n.(*ir.Loop)
		if !ok {
			return outer, true
		}
		if info := c.Loops[x]; c.userPartitioned(x, info) {
			c.sharedScalars(x, outer)
		} else if c.assertedLoop(x, info) {
			c.assertedReductions(x, outer)
		} else if c.analysable(x, info) {
			switch why := c.dependence(x, outer); {
			case why.Kind != ir.NoReason:
				x.Why = why
			case shortLoop(x) && (info.Implicit && c.R.Kind == ir.Parallel || c.parallelAround(outer)):
				// A loop shorter than a warp inside a parallel
				// loop (autopar in a parallel construct, or a
				// kernels nest) stays sequential in each thread:
				// partitioning it would idle most lanes and take
				// the vector level from the loop around it.
				info.Proven = true
			default:
				info.Indep, info.Proven = true, true
			}
		}
		return append(outer[:len(outer):len(outer)], x), true
	}
	for _, k := range c.R.Kernels {
		if c.R.Kind != ir.Serial {
			ir.InspectWith(k.Body, nil, visit)
			c.keepVersionsApart(k)
		}
	}
}
