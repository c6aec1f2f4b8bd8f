package lower

import "github.com/accc-compiler/accc/ir"

// schedule gives each kernel's loops their levels (§2.9.2–§2.9.4): serial
// kernels run every loop sequentially.
func schedule(rg *region) {
	for _, k := range rg.r.Kernels {
		if rg.r.Kind == ir.Kernels && !rg.innerParallel(k.Body) {
			k.Serial = true // nothing in it was proven parallel: one device thread
		}
		if rg.r.Kind == ir.Serial || k.Serial {
			k.Serial = true
			rg.opt().Serialize(k.Body)
		} else {
			// In a parallel construct the compiler may give a loop it
			// schedules (auto, autopar) the gang level only where no
			// other code runs gang-redundantly beside it: gangs do not
			// wait for each other, so code after the gang loop (or
			// around it, for a loop inside a sequential one) could read
			// what other gangs have not written yet. Without a gang loop
			// the kernel runs one gang.
			rg.noAutoGang = rg.r.Kind == ir.Parallel && topLevelCode(k.Body) > 1
			rg.assign(k.Body, ir.Gang|ir.Worker|ir.Vector)
		}
	}
}
