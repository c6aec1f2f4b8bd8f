package lower

// loopReductions adds the reductions the dependence pass recognised to
// the loops the schedule partitioned (addReductions); a gang loop that
// would reduce a variable of the gang-redundant code stays sequential.
func loopReductions(rg *region) {
	for _, k := range rg.r.Kernels {
		if !k.Serial {
			rg.addReductions(k.Body)
		}
	}
}
