package lower

// stage stages in shared memory the operands of each tiled kernel's
// sequential loop (stageLoop, stage.go).
func stage(rg *region) {
	for _, k := range rg.r.Kernels {
		rg.stageLoop(k)
	}
}
