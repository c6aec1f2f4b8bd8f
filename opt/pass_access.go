package opt

import "github.com/accc-compiler/accc/ir"

// Access is the access pass: for every statement of the region's
// kernels, each reference it makes to a variable or to array and pointer
// data, with its subscripts as polynomials in the variables and the loop
// indices around it (ir.Access). Dependence analysis, privatisation and
// extent inference read these instead of the code.
func Access(c *Construct) {
	for _, k := range c.R.Kernels {
		var all []*ir.Access
		// loops: the indices of the loops around n, outermost first.
		ir.InspectWith(k.Body, nil, func(n ir.Node, loops []*ir.Var) ([]*ir.Var, bool) {
			switch x := n.(type) {
			case *ir.Loop:
				inner := loops
				for _, iv := range x.Nest {
					if iv.Var != nil {
						inner = append(inner[:len(inner):len(inner)], iv.Var)
					}
				}
				return inner, true
			case *ir.Stmt:
				c := &accessCollector{loops: loops}
				if x.Head != nil {
					c.statement(x.Head)
					if v := ForIndex(x.Head); v != nil {
						c.loops = append(c.loops[:len(c.loops):len(c.loops)], v)
					}
				}
				c.statement(x.Tree)
				x.Accesses = c.out
				all = append(all, c.out...)
				return c.loops, true
			}
			return loops, true
		})
		// A variable is loop-variant when the kernel assigns it anywhere
		// other than as a loop's control.
		index := map[*ir.Var]bool{}
		for _, a := range all {
			for _, v := range a.Loops {
				index[v] = true
			}
		}
		variant := map[*ir.Var]bool{}
		for _, a := range all {
			if a.Write && !a.Element && a.Var != nil && !index[a.Var] {
				variant[a.Var] = true
			}
		}
		for _, a := range all {
			if !a.Element || a.Unknown {
				continue
			}
			a.Affine = true
			for _, s := range a.Subs {
				if !s.AffineIn(a.Loops, func(v *ir.Var) bool { return variant[v] }) {
					a.Affine = false
				}
			}
		}
	}
}
