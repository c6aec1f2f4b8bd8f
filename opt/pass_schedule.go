package opt

import "github.com/accc-compiler/accc/ir"

// Schedule gives each kernel's loops their levels (§2.9.2–§2.9.4,
// schedule.go): serial kernels run every loop sequentially; where the
// compiler chooses, the vector level follows the coalesce pass's
// decision (Loop.Coalesce).
func Schedule(c *Construct) {
	for _, k := range c.R.Kernels {
		if c.R.Kind == ir.Kernels && !c.innerParallel(k.Body) {
			k.Serial = true // nothing in it was proven parallel: one device thread
		}
		if c.R.Kind == ir.Serial || k.Serial {
			k.Serial = true
			c.Serialize(k.Body)
			continue
		}
		// In a parallel construct the compiler may give a loop it
		// schedules (auto, autopar) the gang level only where no other
		// code runs gang-redundantly beside it: gangs do not wait for
		// each other, so code after the gang loop (or around it, for a
		// loop inside a sequential one) could read what other gangs
		// have not written yet. Without a gang loop the kernel runs one
		// gang.
		s := &scheduler{c: c, noAutoGang: c.R.Kind == ir.Parallel && topLevelCode(k.Body) > 1}
		s.assign(k.Body, ir.Gang|ir.Worker|ir.Vector)
	}
}
