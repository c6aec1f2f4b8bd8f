package lower

// index32 marks, knowing each kernel's grid, the loops whose indices
// count in 32 bits (indexWidths, index32.go).
func index32(rg *region) {
	for _, k := range rg.r.AllKernels() {
		rg.indexWidths(k)
	}
}
