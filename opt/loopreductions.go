package opt

import "github.com/accc-compiler/accc/ir"

// addReductions makes the reductions the depend pass recognised clauses
// of the loops the schedule partitioned (a sequential loop updates the
// variable as written).
func (c *Construct) addReductions(ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		x, ok := n.(*ir.Loop)
		if !ok {
			return
		}
		if info := c.Loops[x]; info != nil && x.Levels != 0 {
			for _, r := range info.Reductions {
				if r.Var.Local && x.Levels.Has(ir.Gang) {
					// A gang loop would combine a variable of the
					// gang-redundant code per gang only.
					x.Levels, info.Indep = 0, false
					x.Why = ir.Reason{Kind: ir.ScalarCarried, Vars: []*ir.Var{r.Var}, Lines: ReadLines(x.Body, r.Var)}
					break
				}
			}
		}
		if info := c.Loops[x]; info != nil && x.Levels != 0 {
			for _, r := range info.Reductions {
				x.Reduce = append(x.Reduce, &ir.Reduction{Op: r.Op, Var: r.Var, Local: r.Var.Local, Name: r.Var.Name, Type: r.Var.Type, Implicit: r.Implicit})
			}
			c.elementReductions(x)
		}
	})
}
