package opt

import "github.com/accc-compiler/accc/ir"

// Collapse is the collapse pass: in a kernels construct, a loop the
// depend pass proved parallel whose whole body is another such loop,
// with bounds the outer iterations do not change and no parallel loop
// inside, becomes one loop over both index spaces (as collapse(2) would,
// §2.9.1). The schedule then gives the nest gang and vector together,
// and the launch runs it in two-dimensional tiles whose rows follow the
// inner, stride-1 index: every iteration has a thread however the trip
// counts divide between the loops (NVHPC spreads such nests over
// blockIdx.y and blockIdx.x alike).
func Collapse(c *Construct) {
	if c.R.Kind != ir.Kernels {
		return
	}
	// Only the outermost parallel loops: below a gang loop, worker and
	// vector loops already spread a nest over a block.
	visit := func(n ir.Node) bool {
		x, ok := n.(*ir.Loop)
		if !ok {
			return true
		}
		for c.collapsible(x) {
			inner := x.Body[0].(*ir.Loop)
			x.Nest = append(x.Nest, inner.Nest...)
			for _, v := range inner.Private {
				if !ContainsVar(x.Private, v) {
					x.Private = append(x.Private, v)
				}
			}
			x.Body = inner.Body
			x.Private = withoutIndices(x.Private, x.Nest)
			c.Loops[x].Collapsed = true
		}
		info := c.Loops[x]
		return info == nil || !info.Indep
	}
	for _, k := range c.R.Kernels {
		ir.InspectNodes(k.Body, visit)
	}
}
