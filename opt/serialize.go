package opt

import "github.com/accc-compiler/accc/ir"

// Serialize makes every loop of a serial kernel sequential.
func (c *Construct) Serialize(ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		if x, ok := n.(*ir.Loop); ok {
			x.Levels = 0
		}
	})
}
