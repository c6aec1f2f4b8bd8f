package lower

// names gives the region's kernels their names in the file: the
// provisional <func>_<line>_gpu the kernels pass gave, made unique; a
// serial fallback (the version pass) is its kernel's name with _seq.
func names(rg *region) {
	for _, k := range rg.r.Kernels {
		k.Name = rg.b.kernelNames.unique(kernelStem(k), "_gpu")
		if k.Fallback != nil {
			k.Fallback.Name = rg.b.kernelNames.unique(kernelStem(k)+"_seq", "_gpu")
		}
	}
}
