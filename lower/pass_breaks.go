package lower

// breaks checks the break statements of each kernel: a break may leave
// only a loop that runs sequentially (checkBreaks).
func breaks(rg *region) {
	for _, k := range rg.r.Kernels {
		rg.checkBreaks(k.Body)
	}
}
