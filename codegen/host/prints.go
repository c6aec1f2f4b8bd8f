package host

import (
	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

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
		if callsPrintf(ns) {
			return true
		}
		for _, name := range kernel.CalledRoutines(ns) {
			if rt := routines[name]; !seen[name] && rt != nil && rt.Kernel != nil {
				seen[name] = true
				if prints(rt.Kernel.Body) {
					return true
				}
			}
		}
		return false
	}
	for _, k := range r.Kernels {
		if prints(k.Body) {
			return true
		}
	}
	return false
}

// callsPrintf reports whether a statement of ns calls printf.
func callsPrintf(ns []ir.Node) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		found := false
		if ok {
			s.Exprs(func(e ir.Expr) {
				found = found || ir.AnyExpr(e, func(x ir.Expr) bool {
					call, ok := x.(*ir.Call)
					return ok && call.Func == "printf"
				})
			})
		}
		return found
	})
}

// usesDeviceptr reports whether r's kernels use a pointer of a deviceptr
// clause (§2.7.4), whose data the host may read without the runtime.
func usesDeviceptr(r *ir.Region) bool {
	for _, v := range r.Vars {
		if v.Class == ir.DevicePtr {
			return true
		}
	}
	return false
}
