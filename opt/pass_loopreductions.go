package opt

// LoopReductions adds the reductions the dependence pass recognised to
// the loops the schedule partitioned (addReductions); a gang loop that
// would reduce a variable of the gang-redundant code stays sequential.
func LoopReductions(c *Construct) {
	for _, k := range c.R.Kernels {
		if !k.Serial {
			c.addReductions(k.Body)
		}
	}
}
