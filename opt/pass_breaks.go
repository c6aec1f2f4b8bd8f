package opt

// Breaks checks the break statements of each kernel: a break may leave
// only a loop that runs sequentially (checkBreaks).
func Breaks(c *Construct) {
	for _, k := range c.R.Kernels {
		c.CheckBreaks(k.Body)
	}
}
