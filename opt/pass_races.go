package opt

import "github.com/accc-compiler/accc/ir"

// Races is the races pass: warnings about the loops whose iterations
// the program asserts independent but its code proves dependent
// (races.go): an array element one iteration writes and another reads
// (race-independent); a scalar in device memory every iteration updates
// with no reduction, and a kernels loop whose independent clause a
// scalar keeps accc from applying (race-scalar, racescalar.go). It
// changes nothing in the IR.
func Races(c *Construct) {
	if c.R.Kind == ir.Serial {
		return
	}
	for _, k := range c.R.Kernels {
		ir.InspectWith(k.Body, []*ir.Loop(nil), func(n ir.Node, outer []*ir.Loop) ([]*ir.Loop, bool) {
			x, ok := n.(*ir.Loop)
			if !ok {
				return outer, true
			}
			c.raceCheck(k, x, outer)
			return append(outer[:len(outer):len(outer)], x), true
		})
	}
}
