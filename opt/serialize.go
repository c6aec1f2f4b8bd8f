package opt

import "github.com/accc-compiler/accc/ir"

// Serialize makes every loop of a serial kernel sequential.
func (c *Construct) Serialize(ns []ir.Node) {
	for _, n := range ns {
		switch x := n.(type) {
		case *ir.Stmt:
			c.Serialize(x.Body)
		case *ir.Loop:
			x.Levels = 0
			c.Serialize(x.Body)
		}
	}
}
