package opt

import "github.com/accc-compiler/accc/ir"

// Names gives the region's kernels their names in the file: the
// provisional <func>_<line>_gpu the kernels pass gave, made unique; a
// serial fallback (the version pass) is its kernel's name with _seq.
func Names(c *Construct) {
	for _, k := range c.R.Kernels {
		k.Name = c.Names.Unique(kernelStem(k), ir.KernelSuffix)
		if k.Fallback != nil {
			k.Fallback.Name = c.Names.Unique(kernelStem(k)+ir.FallbackInfix, ir.KernelSuffix)
		}
	}
}
