package opt

// Retile makes each GPU kernel's gang loop over i and the vector loop
// over j inside it, a triangle (j <= i, j > i, ...) or a rectangle with
// a sequential product loop in its body, one nest over tiles of the
// rectangle that bounds them, with a mask (retileLoop, retile.go).
func Retile(c *Construct) {
	for _, k := range c.R.Kernels {
		c.retileLoop(k)
	}
}
