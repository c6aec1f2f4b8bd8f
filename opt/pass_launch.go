package opt

import "github.com/accc-compiler/accc/ir"

// Launch decides how the host sizes each kernel's grid: from the gang
// loop's trip count where the host can compute it, in 2-D blocks for a
// gang vector collapse(2) nest (CUDA), and with fewer, fuller gangs where
// reductions combine once per gang; then describes each kernel's grid
// and block once, in the IR (Kernel.Grid, geometry.go).
func Launch(c *Construct) {
	for _, k := range c.R.Kernels {
		l := k.GangLoop
		if l == nil || k.Serial {
			continue
		}
		k.HostTrip = hostTrip(l)
		if !k.VectorFixed && k.Vector < ir.Block2DThreads {
			// A 2-D blocked nest gets bigger blocks where the vector
			// length is accc's to choose.
			v := k.Vector
			k.Vector = ir.Block2DThreads
			if block2DRows(c.R, k) == 0 {
				k.Vector = v
			}
		}
		k.GangsPer = 1
		levels := l.Levels
		if l.Tiled() {
			levels, _ = l.TileLevels() // a gang takes tiles (§2.9.8)
		}
		if levels.Has(ir.Worker) {
			k.GangsPer *= k.Workers
		}
		if levels.Has(ir.Vector) {
			k.GangsPer *= k.Vector
		}
		if len(k.Reductions) > 0 {
			k.GangsPer *= 8 // fewer atomic combines into the reduction cells
		}
		k.Block2DRows = block2DRows(c.R, k)
		if k.GangDims > 1 {
			dimLoops(k, k.Body)
		}
	}
	for _, k := range c.R.AllKernels() {
		k.Grid = kernelGrid(c.R, k, c.NumGangs)
	}
}
