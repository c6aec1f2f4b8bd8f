package opt

import (
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// CheckBreaks rejects a break out of a partitioned loop: a loop construct
// without seq must have a trip count computable when it starts (OpenACC
// 3.4 §2.9), and its iterations run on different threads, so none can end
// the others. Loops that stay sequential (seq, auto, kernels loops not
// marked independent, serial regions) may break.
func (c *Construct) CheckBreaks(ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		if x, ok := n.(*ir.Loop); ok && x.Levels != 0 {
			for _, pos := range c.Loops[x].Breaks {
				c.errorf(pos, diag.CodeLoopForm, "'break' cannot leave a partitioned loop (%s): the trip count of a loop construct must be computable when the loop starts (OpenACC 3.4 §2.9); add 'seq' to the loop directive to run the loop sequentially", LevelNames(x.Levels))
			}
		}
	})
}

func LevelNames(l ir.Level) string {
	var s []string
	for _, x := range []struct {
		l ir.Level
		n string
	}{{ir.Gang, "gang"}, {ir.Worker, "worker"}, {ir.Vector, "vector"}} {
		if l.Has(x.l) {
			s = append(s, x.n)
		}
	}
	if len(s) == 0 {
		return "seq"
	}
	out := s[0]
	for _, x := range s[1:] {
		out += ", " + x
	}
	return out
}
