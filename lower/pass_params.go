package lower

import "github.com/accc-compiler/accc/ir"

// params collects each kernel's parameters and reports the construct.
func params(rg *region) {
	for _, k := range rg.r.Kernels {
		used := usedVars(k)
		written, unknown := writtenThrough(k.Body)
		if rg.escaped == nil {
			rg.escaped = rg.escapes()
		}
		for _, v := range rg.r.Vars {
			if !used[v] {
				continue
			}
			switch v.Class {
			case ir.PrivateVar:
				if !rg.loopPrivate[v] {
					k.Privates = append(k.Privates, v)
				}
			case ir.Reduced:
				k.Reductions = append(k.Reductions, rg.reduced[v])
				k.Params = append(k.Params, v)
			default:
				k.Params = append(k.Params, v)
				if v.Class == ir.ArrayData && !unknown && !written[v] && !rg.escaped[v] {
					k.ReadOnly = append(k.ReadOnly, v)
				}
			}
		}
	}
	rg.restrict()
}
