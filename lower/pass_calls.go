package lower

// calls is the calls pass of compute constructs (checkCallLevels).
func calls(rg *region) {
	for _, k := range rg.r.Kernels {
		rg.checkCallLevels(k.Body, 0)
	}
}
