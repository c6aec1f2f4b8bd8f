package opt

import "github.com/accc-compiler/accc/internal/diag"

// Stage stages in shared memory the operands of each 2-D blocked kernel's
// sequential loop (stageLoop, stage.go). A re-tiled nest with statements
// run once per row (retile.go) has only the staged form: the retile pass
// admits only nests this pass stages.
func Stage(c *Construct) {
	for _, k := range c.R.Kernels {
		c.stageLoop(k)
		if l := k.GangLoop; l != nil && l.Retile != nil && len(l.Retile.Once) > 0 && k.Stage == nil {
			c.errorf(l.Pos, diag.CodeLoopNest, "internal error: the nest re-tiled over its triangle could not be staged")
		}
	}
}
