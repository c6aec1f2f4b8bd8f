package opt

// Shape picks each kernel's block shape.
func Shape(c *Construct) {
	for _, k := range c.R.Kernels {
		c.shape(k)
	}
}
