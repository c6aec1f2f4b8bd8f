package lower

// gangReductions promotes reductions of gang loops to the construct
// (§2.9.11).
func gangReductions(rg *region) {
	for _, k := range rg.r.Kernels {
		rg.reductions(k.Body)
	}
	for _, k := range rg.r.Kernels {
		rg.innerReductions(k.Body)
	}
}
