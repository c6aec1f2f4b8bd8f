package lower

// split gives each partitioned kernel whose gang vector loop holds a
// reduction loop the split schedule (splitReduction, split.go): before
// the dependence pass's reductions become clauses of the loops.
func split(rg *region) {
	for _, k := range rg.r.Kernels {
		if !k.Serial {
			rg.splitReduction(k)
		}
	}
}
