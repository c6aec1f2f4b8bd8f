package opt

import (
	"slices"

	"github.com/accc-compiler/accc/ir"
)

// Version is the version pass. A loop of a kernels construct that the
// dependence tests proved parallel on the one condition that some
// pointers do not reach the same data (the depend pass's aliases) runs
// in parallel only when a run-time test finds the device ranges those
// variables map disjoint; otherwise the host launches a serial copy of
// the kernel, which computes what the sequential program computes
// (§2.5.3 leaves the compiler to decide what runs in parallel). The
// test compares mapped sections: a kernel reaching data outside the
// sections it maps is not a correct OpenACC program.
//
// The loops of a parallel construct's gang-redundant code are versioned
// alike, but their fallback is a copy of the kernel in which only those
// loops run sequentially, each in every gang as written (§2.5.1): the
// gang loops and the other loops keep their schedules and reductions.
func Version(c *Construct) {
	for _, k := range c.R.Kernels {
		if c.versionColumns(k) {
			continue
		}
		var loops []*ir.Loop
		var pairs [][2]*ir.Var
		ir.Visit(k.Body, func(n ir.Node) {
			if l, ok := n.(*ir.Loop); ok && l.Levels != 0 {
				if info := c.Loops[l]; info != nil && len(info.Aliases) > 0 {
					loops = append(loops, l)
					for _, p := range info.Aliases {
						pairs = AddPair(pairs, p[0], p[1])
					}
				}
			}
		})
		if len(loops) == 0 {
			continue
		}
		if c.R.Kind == ir.Parallel {
			c.versionRedundant(k, loops, pairs)
			continue
		}
		if !k.Serial && len(k.Reductions) == 0 && testable(pairs) {
			k.Disjoint = pairs
			k.Fallback = serialCopy(k)
			for _, l := range loops {
				l.Versioned = slices.Clone(c.Loops[l].Aliases)
			}
			continue
		}
		// The host cannot tell where the data lie (a deviceptr, say):
		// the kernel runs serially after all.
		for _, l := range loops {
			l.Why = AliasWhy(c.Loops[l].Aliases[0])
		}
		k.Serial, k.GangLoop, k.Reductions = true, nil, nil
		c.Serialize(k.Body)
		c.shape(k)
	}
}
