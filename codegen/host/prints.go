package host

import "github.com/accc-compiler/accc/ir"

// devicePrints reports whether a kernel of r calls printf, itself or in
// a routine of p it calls.
func devicePrints(p *ir.Program, r *ir.Region) bool {
	routines := map[string]*ir.Routine{}
	for _, rt := range p.Routines {
		routines[rt.Name] = rt
	}
	seen := map[string]bool{}
	var prints func(ns []ir.Node) bool
	prints = func(ns []ir.Node) bool {
		found := false
		ir.Visit(ns, func(n ir.Node) {
			s, ok := n.(*ir.Stmt)
			if !ok || found {
				return
			}
			s.Exprs(func(e ir.Expr) {
				ir.AnyExpr(e, func(x ir.Expr) bool {
					call, ok := x.(*ir.Call)
					switch {
					case !ok || found:
					case call.Func == "printf":
						found = true
					case call.Routine != nil && !seen[call.Routine.Name]:
						seen[call.Routine.Name] = true
						if rt := routines[call.Routine.Name]; rt != nil && rt.Kernel != nil {
							found = prints(rt.Kernel.Body)
						}
					}
					return found
				})
			})
		})
		return found
	}
	for _, k := range r.Kernels {
		if prints(k.Body) {
			return true
		}
	}
	return false
}
