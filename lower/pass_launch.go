package lower

import "github.com/accc-compiler/accc/ir"

// launch decides how the host sizes each kernel's grid: from the gang
// loop's trip count where the host can compute it, in tiles for a gang
// vector collapse(2) nest (CUDA), and with fewer, fuller gangs where
// reductions combine once per gang.
func launch(rg *region) {
	for _, k := range rg.r.Kernels {
		l := k.GangLoop
		if l == nil || k.Serial {
			continue
		}
		k.HostTrip = hostTrip(l)
		if !k.VectorFixed && k.Vector < ir.TileVector {
			// A tiled nest gets bigger tiles where the vector length
			// is accc's to choose.
			v := k.Vector
			k.Vector = ir.TileVector
			if tileRows(rg.r, k) == 0 {
				k.Vector = v
			}
		}
		k.GangsPer = 1
		if l.Levels.Has(ir.Worker) {
			k.GangsPer *= k.Workers
		}
		if l.Levels.Has(ir.Vector) {
			k.GangsPer *= k.Vector
		}
		if len(k.Reductions) > 0 {
			k.GangsPer *= 8 // fewer atomic combines into the reduction cells
		}
		k.TileRows = tileRows(rg.r, k)
		k.AdaptVector = adaptVector(rg.r, k)
		if k.GangDims > 1 {
			dimLoops(k, k.Body)
		}
	}
}
