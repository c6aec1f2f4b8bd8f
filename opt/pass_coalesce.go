package opt

import "github.com/accc-compiler/accc/ir"

// Coalesce is the coalesce pass (coalesce.go): it marks each loop of the
// partitioned kernels whose levels the compiler chooses and whose index,
// not that of the parallel loops inside it, walks the arrays' last
// subscripts with stride 1 (Loop.Coalesce): given the gang level by the
// schedule pass, such a loop takes the vector level too, and consecutive
// threads reach consecutive elements.
func Coalesce(c *Construct) {
	if c.R.Kind == ir.Serial {
		return
	}
	for _, k := range c.R.Kernels {
		if k.Serial {
			continue
		}
		ir.Visit(k.Body, func(n ir.Node) {
			if l, ok := n.(*ir.Loop); ok {
				l.Coalesce = c.coalesce(l)
			}
		})
	}
}
