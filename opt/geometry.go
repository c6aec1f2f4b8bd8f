package opt

import (
	"math"
	"math/big"

	"github.com/accc-compiler/accc/ir"
)

// Launch geometry: the launch pass describes each kernel's grid and
// block once, in the IR (ir.Grid), after deciding the kernel's gang
// loop, block, 2-D blocks and gangs per iteration. The host printer
// prints that description (codegen/host), the launch stub takes it
// (codegen/cuda), and the index widths (index32.go, rule 3) are proved
// against its bounds (GridDim.Max), so that nothing decides a grid twice.

// kernelGrid describes the grid and block the GPU launches k with. The
// gangs along x come from the gang loop's trip count where the host can
// compute it (Kernel.HostTrip), GangsPer iterations a gang, no more
// than the device holds at once where the gangs combine reductions
// (ir.Var.ReducedInCell); 1024 where the device computes it; one for a
// kernel without a gang loop. A 2-D blocked nest (Kernel.Block2DRows)
// has blocks of ir.Block2DWidth columns by Block2DRows rows along x and
// y. The gangs of a tiled loop take tiles (§2.9.8). Gang(dim:)
// loops and num_gangs with several values size each dimension from the
// clause, else from the trip count of the dimension's first gang loop
// (Kernel.DimLoops), else a fixed number; num_gangs (OpenACC 3.4
// §2.5.10) sizes the gang loops of a kernels construct's kernels, and a
// kernel of one without them runs in one gang: a kernels construct has
// no gang-redundant mode, and its code outside gang loops runs once.
func kernelGrid(r *ir.Region, k *ir.Kernel, numGangs Const) ir.Grid {
	var g ir.Grid
	x, y := ir.GridDim{Gangs: 1}, ir.GridDim{Gangs: 1}
	switch {
	case k.Serial:
	case k.GangLoop != nil && k.HostTrip:
		x = ir.GridDim{Trip: k.GangLoop.Nest, Tile: tileSizes(k.GangLoop), Per: k.GangsPer}
		if gangsCombine(k) {
			x.Resident = k.Vector * k.Workers
		}
	case k.GangLoop != nil:
		x.Gangs = 1024
	}
	if k.Block2DRows > 0 {
		x, y = ir.GridDim{Gangs: 256}, ir.GridDim{Gangs: 16}
		if k.HostTrip {
			x = ir.GridDim{Trip: k.GangLoop.Nest[1:], Per: ir.Block2DWidth}
			y = ir.GridDim{Trip: k.GangLoop.Nest[:1], Per: k.Block2DRows, Rows: true}
		}
	}
	given := [3]ir.Expr{r.NumGangs, r.NumGangsYZ[0], r.NumGangsYZ[1]}
	if k.GangDims > 1 || given[1] != nil {
		g.Dims = [3]ir.GridDim{x, {Gangs: 1}, {Gangs: 1}}
		for d := range g.Dims {
			dim := &g.Dims[d]
			switch l := k.DimLoops[d]; {
			case l != nil:
				*dim = ir.GridDim{Trip: l.Nest, Tile: tileSizes(l), Per: loopThreads(k, l)}
			case d > 0 && d < k.GangDims:
				*dim = ir.GridDim{Gangs: 64}
			case d == 0 && k.GangDims > 1:
				*dim = ir.GridDim{Gangs: 256}
			}
			dim.NumGangs = given[d]
			dim.Limit = d > 0 && (dim.Trip != nil || dim.Gangs != 1 || dim.NumGangs != nil)
		}
	} else {
		if !k.Serial && (k.GangLoop != nil || r.Kind != ir.Kernels) {
			x.NumGangs = r.NumGangs
		}
		g.Dims = [3]ir.GridDim{x, y, {Gangs: 1}}
	}
	g.Z = k.GangDims > 2 || given[2] != nil
	if !k.Serial && k.GangLoop != nil {
		g.AdaptVector = adaptVector(r, k)
	}
	if k.Split != nil {
		g.Rows = true
		if k.HostTrip {
			g.RowTrip = k.GangLoop.Nest
		}
	}
	g.Dims[0].Max = dimBound(g.Dims[0], numGangs)
	for d := 1; d < len(g.Dims); d++ {
		g.Dims[d].Max = dimBound(g.Dims[d], Const{}) // only x's num_gangs is known as a constant
	}
	if k.GangDims > 1 {
		// Gang loops of every dimension count in 64 bits: indexWidths
		// bounds them all by the grid's x.
		for d := range g.Dims {
			g.Dims[d].Max = 0
		}
	}
	return g
}

// tileSizes returns the sizes of l's tile clause where l runs
// strip-mined (ir.Loop.Tiled), whose trip counts then count tiles; nil
// otherwise.
func tileSizes(l *ir.Loop) []int {
	if l.Tiled() {
		return l.Tile
	}
	return nil
}

// gangsCombine reports whether k has reductions whose partial results
// its gangs combine themselves on the GPU (ir.Var.ReducedInCell).
func gangsCombine(k *ir.Kernel) bool {
	for _, v := range k.Params {
		if v.ReducedInCell() {
			return true
		}
	}
	return false
}

// loopThreads returns the threads of k's block that loop l spreads its
// iterations over: those of its worker and vector levels.
func loopThreads(k *ir.Kernel, l *ir.Loop) int {
	n := 1
	if l.Levels.Has(ir.Worker) {
		n *= k.Workers
	}
	if l.Levels.Has(ir.Vector) {
		n *= k.Vector
	}
	return n
}

// dimBound returns the most gangs grid dimension d can have (GridDim.Max),
// 0 where there is no bound, for the value of its num_gangs clause where
// it is a constant. accrt_gangs gives at most 2^31-1 gangs, and fewer
// for a trip count with a bound (TripBound: of the iterations, so also
// of a tiled loop's tiles); with AdaptVector the blocks
// may have fewer threads (a power of two dividing Per) and the grid more
// of them, but the stride, ceil(T/threads)*threads, is at most the one
// this bound gives, ceil(T/Per)*Per, which is what indexWidths checks. A
// num_gangs value that is not a constant from 1 to 2^31-1 has no bound.
func dimBound(d ir.GridDim, given Const) int64 {
	if d.NumGangs != nil {
		if given.OK && given.V >= 1 && given.V <= math.MaxInt32 {
			return given.V
		}
		return 0
	}
	n := int64(d.Gangs)
	if d.Trip != nil {
		n = math.MaxInt32
		if t, ok := tripsBound(d.Trip); ok {
			n = min(max(ceilDiv(t, int64(d.Per)), 1), math.MaxInt32)
		}
	}
	if d.Rows || d.Limit {
		n = min(n, 65535)
	}
	return n
}

// tripsBound returns a bound of the product of the trip counts of ivs
// when each and the product are at most maxIndex32 (index32.go's rules 1
// and 2).
func tripsBound(ivs []*ir.IndexVar) (int64, bool) {
	total := int64(1)
	for _, iv := range ivs {
		t, ok := TripBound(iv)
		if !ok || t.Cmp(big.NewInt(maxIndex32)) > 0 {
			return 0, false
		}
		total *= t.Int64()
		if total > maxIndex32 {
			return 0, false
		}
	}
	return total, true
}

// ceilDiv returns ceil(a / b) for a >= 0, b > 0.
func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }
