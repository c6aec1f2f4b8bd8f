package opt

// Split gives each partitioned kernel whose gang vector loop holds a
// reduction loop the split schedule (splitReduction, split.go): before
// the dependence pass's reductions become clauses of the loops.
func Split(c *Construct) {
	for _, k := range c.R.Kernels {
		if !k.Serial {
			c.splitReduction(k)
		}
	}
}
