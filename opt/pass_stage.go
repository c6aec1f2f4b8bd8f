package opt

// Stage stages in shared memory the operands of each 2-D blocked kernel's
// sequential loop (stageLoop, stage.go).
func Stage(c *Construct) {
	for _, k := range c.R.Kernels {
		c.stageLoop(k)
	}
}
