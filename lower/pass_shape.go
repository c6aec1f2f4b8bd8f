package lower

// shape picks each kernel's block shape.
func shape(rg *region) {
	for _, k := range rg.r.Kernels {
		rg.shape(k)
	}
}
