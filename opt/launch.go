package opt

import "github.com/accc-compiler/accc/ir"

// hostTrip reports whether the host can compute l's trip count before the
// launch: its bounds use no variable declared in the region, and only
// region variables whose host value the kernel also sees.
func hostTrip(l *ir.Loop) bool {
	for _, iv := range l.Nest {
		if iv.Local {
			return false
		}
		for _, c := range []ir.Expr{iv.Lo, iv.Hi, iv.Step} {
			for _, v := range ir.ExprVars(c) {
				if v.Class != ir.ByValue && v.Class != ir.ByPointer {
					return false
				}
			}
		}
	}
	return true
}

// block2DRows returns the rows of a block when k's gang loop, a gang
// vector collapse(2) nest alone in the kernel, runs as two-dimensional
// blocks of ir.Block2DWidth inner by rows outer iterations: the stencil
// neighbours of a block's rows then come from the same block's cache, and
// no thread divides to recover its indices; 0 otherwise.
func block2DRows(r *ir.Region, k *ir.Kernel) int {
	l := k.GangLoop
	if l.Levels != ir.Gang|ir.Vector || len(l.Nest) != 2 || len(l.Tile) > 0 ||
		len(l.Reduce) > 0 || len(k.Reductions) > 0 || k.Workers != 1 || k.Vector < ir.Block2DWidth ||
		k.Vector%ir.Block2DWidth != 0 || r.NumGangs != nil {
		return 0
	}
	if !aloneInKernel(k) {
		return 0 // code around the loop: keep the 1-D grid
	}
	return k.Vector / ir.Block2DWidth
}

// adaptVector reports whether k's blocks may be smaller than k.Vector
// (ir.Grid.AdaptVector): a gang vector loop alone in the kernel, with a
// trip count the host computes, no reductions (whose gang counts the
// launch pass sets), no worker level, and the vector length accc's.
func adaptVector(r *ir.Region, k *ir.Kernel) bool {
	l := k.GangLoop
	if l.Levels != ir.Gang|ir.Vector || k.VectorFixed || k.Workers != 1 || k.Vector < 64 || k.Block2DRows > 0 ||
		!k.HostTrip || k.GangDims > 1 || r.NumGangs != nil || r.NumGangsYZ[0] != nil ||
		len(l.Reduce) > 0 || len(k.Reductions) > 0 {
		return false
	}
	return aloneInKernel(k)
}

// dimLoops records the first gang loop of each dimension of a kernel
// with gang(dim:) loops whose trip count the host can compute, to size
// the grid's dimensions (Kernel.DimLoops).
func dimLoops(k *ir.Kernel, ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		x, ok := n.(*ir.Loop)
		if !ok {
			return
		}
		if d := max(x.GangDim, 1) - 1; x.Levels.Has(ir.Gang) && k.DimLoops[d] == nil && hostTrip(x) {
			k.DimLoops[d] = x
		}
	})
}

// aloneInKernel reports whether k's body is its gang loop and nothing
// else: no code around the loop that the gangs run redundantly.
func aloneInKernel(k *ir.Kernel) bool {
	return len(k.Body) == 1 && k.Body[0] == ir.Node(k.GangLoop)
}
