package opt

// Index32 marks, knowing each kernel's grid, the loops whose indices
// count in 32 bits (indexWidths, index32.go).
func Index32(c *Construct) {
	for _, k := range c.R.AllKernels() {
		c.indexWidths(k)
	}
}
