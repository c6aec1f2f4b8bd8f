package opt

import (
	"github.com/accc-compiler/accc/ir"
)

// shape picks the kernel's block: vector length along threadIdx.x and
// workers along threadIdx.y (§2.5.11, §2.5.12; the implementation may
// use other values than those asked for where the hardware requires).
func (c *Construct) shape(k *ir.Kernel) {
	k.Vector, k.Workers = 1, 1
	if k.Serial {
		return
	}
	var usesV, usesW, routineV bool
	vlen := 0
	// top: n is a node of the kernel's own body.
	ir.InspectWith(k.Body, true, func(n ir.Node, top bool) (bool, bool) {
		switch x := n.(type) {
		case *ir.Stmt:
			if x.ParCall != nil {
				// A vector, worker or gang routine's loops run on
				// the caller's threads: a warp of vector lanes.
				usesV, routineV = true, true
				usesW = usesW || x.ParCall.Level != ir.Vector
			}
		case *ir.Loop:
			if x.Levels.Has(ir.Gang) && top && k.GangLoop == nil {
				k.GangLoop = x
			}
			if x.Levels.Has(ir.Gang) {
				k.GangDims = max(k.GangDims, x.GangDim, 1)
			}
			if x.Levels.Has(ir.Vector) {
				usesV = true
				if x.VectorLength > vlen {
					vlen = x.VectorLength
				}
			}
			usesW = usesW || x.Levels.Has(ir.Worker)
		}
		return false, true
	})
	if p := c.columns[k].gang; k.GangLoop == nil && p != nil && p.Levels.Has(ir.Gang) {
		k.GangLoop = p
	}
	if vlen == 0 && c.R.VectorLength == nil {
		vlen = tileVector(k.Body) // a thread per element of a tile (§2.9.8)
	}
	k.VectorFixed = vlen != 0 || c.R.VectorLength != nil
	if usesV {
		if vlen == 0 {
			vlen = 128
			if n, ok := ir.IntValue(c.R.VectorLength); ok && n > 0 {
				vlen = int(n)
			}
		}
		k.Vector = roundVector(vlen)
		if routineV {
			k.Vector = 32
		}
	}
	if usesW {
		k.Workers = 4
		if n, ok := ir.IntValue(c.R.NumWorkers); ok && n > 0 {
			k.Workers = int(n)
		}
		// Several workers are warps: vector lanes with workers stay
		// within one. One worker is the whole block, and the vector
		// length the program asked for stands (NPB EP's
		// num_workers(1) vector_length(256)).
		if usesV && k.Vector > 32 && k.Workers > 1 {
			k.Vector = 32
		}
		for k.Workers*k.Vector > 1024 {
			k.Workers /= 2
		}
	}
	if k.Split != nil {
		k.Vector, k.Workers = 32, splitRows(k.Split) // a warp of columns, the rows below
	}
}

// roundVector makes a vector length the reduction helpers support: a
// power of two up to 32, or a multiple of 32 up to 1024.
func roundVector(n int) int {
	switch {
	case n >= 1024:
		return 1024
	case n > 32:
		return (n + 31) / 32 * 32
	}
	p := 1
	for p < n {
		p *= 2
	}
	return p
}
