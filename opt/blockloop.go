package opt

import (
	"slices"

	"github.com/accc-compiler/accc/ir"
)

// blockLoop returns the one-block form of host loop hl (ir.BlockLoop), or
// nil where hl keeps only the launches of its body. The form needs:
//
//   - a loop the device can count as the host does: a positive constant
//     step, and a bound and a step that read no memory (hostBounds) nor
//     the loop's control, so that the host's trip count, computed once,
//     is the loop's;
//   - a body of launches only (no inner host loop), each of a kernel
//     whose code runs in one block as it runs in the grid (plainBlock);
//   - gang loops whose trip counts the host computes before the launch
//     (Kernel.HostTrip) from bounds that do not change in the loop: they
//     read no memory (hostBounds) and name neither its control nor a
//     variable the region assigns (variant), so the count the host
//     compares with ir.BlockRounds holds in every iteration.
//
// Everything else keeps the launch per iteration.
func (c *Construct) blockLoop(hl *ir.HostLoop) *ir.BlockLoop {
	iv := hl.Loop.Nest[0]
	ctl := iv.Var
	if step, ok := ir.IntValue(iv.Step); !ok || step <= 0 || iv.Never || ctl.Type.Kind != ir.Scalar || ctl.Type.Float ||
		!hostBounds(iv) || names(iv.Hi, ctl) || names(iv.Step, ctl) {
		return nil
	}
	b := &ir.BlockLoop{}
	var params []*ir.Var
	seen := map[*ir.Var]bool{ctl: true}
	parallel := false
	for _, n := range hl.Body {
		l, ok := n.(*ir.Launch)
		if !ok {
			return nil
		}
		k := l.Kernel
		lanes := plainBlock(c.R, k)
		if lanes < 0 {
			return nil
		}
		if lanes > 0 {
			parallel = true
		}
		for _, t := range k.Grid.Dims[0].Trip {
			if !hostBounds(t) || variant(t.Lo, ctl) || variant(t.Hi, ctl) || variant(t.Step, ctl) {
				return nil
			}
		}
		for _, v := range k.Params {
			if !seen[v] {
				seen[v] = true
				params = append(params, v)
			}
		}
		b.Kernels = append(b.Kernels, k)
		b.Lanes = append(b.Lanes, lanes)
	}
	if !parallel {
		return nil
	}
	steps := &ir.Var{Name: ir.StepsName, Type: llType, Class: ir.ByValue}
	b.Kernel = &ir.Kernel{
		Name:    ir.BlockKernelName(b.Kernels[0].Name),
		Line:    hl.Loop.Line,
		Params:  append(params, ctl, steps),
		Vector:  ir.BlockThreads,
		Workers: 1,
		Grid:    ir.Grid{Dims: [3]ir.GridDim{{Gangs: 1}, {Gangs: 1}, {Gangs: 1}}},
	}
	return b
}

// plainBlock returns how many threads of a one-block kernel share the
// iterations of k's gang loop (ir.BlockLoop.Lanes): ir.BlockThreads for
// a gang vector loop, 1 for a gang loop, 0 for a serial kernel, which
// thread 0 runs; -1 where k's code may not run in a block other than
// its own grid's. The code of a kernel with a gang loop strides it over
// blockIdx.x and gridDim.x and its vector loops over threadIdx.x and
// blockDim.x, runs statements with effects in gang-redundant code on
// thread 0 and ends them with __syncthreads (a single worker of more
// than a warp: codegen/kernel's workerSync), so one block of any size
// runs it as the grid does, its gangs one after another; a serial
// kernel's code has no barriers. The forms that assume their own block
// or grid stay out: versioned kernels, code around the gang loop,
// several gang dimensions, 2-D blocks, tiles, staged, split and
// re-tiled loops, reductions (block reducers of Kernel.Vector lanes,
// partial results per gang), private variables of the construct and
// sections (one copy per gang of the grid; the loops' implicit ones are
// each thread's), worker levels, arrays and structs declared in the
// code and atomic constructs (copies in shared memory, which the calls
// of one block would add up), calls of gang, worker or vector routines,
// grids the host cannot size from the gang loop's trip count, and
// sequential loops in a thread's iterations, but short ones.
func plainBlock(r *ir.Region, k *ir.Kernel) int {
	if k.Fallback != nil || len(k.Disjoint) > 0 || len(k.Reductions) > 0 {
		return -1
	}
	for _, v := range k.Privates {
		if slices.Contains(r.Privates, v) {
			return -1 // one copy per gang (§2.5.13)
		}
	}
	for _, v := range k.Params {
		switch v.Class {
		case ir.ByValue, ir.ByPointer, ir.ArrayData, ir.DevicePtr:
		default:
			return -1
		}
	}
	if ir.Any(k.Body, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Loop:
			return len(x.Reduce) > 0 || len(x.Private) > 0 || x.Levels.Has(ir.Worker)
		case *ir.Stmt:
			return x.ParCall != nil || sharedCopies(x)
		}
		return false
	}) {
		return -1
	}
	if k.Serial {
		if k.Vector != 1 || k.Workers != 1 {
			return -1
		}
		return 0
	}
	l := k.GangLoop
	g := k.Grid
	if l == nil || len(k.Body) != 1 || k.Body[0] != ir.Node(l) || k.GangDims != 1 || k.Block2DRows > 0 || k.Stage != nil ||
		k.Split != nil || l.Retile != nil || l.Tiled() || k.Workers != 1 || k.Vector <= 32 || !k.HostTrip ||
		g.Z || g.Rows || g.Dims[0].Trip == nil || g.Dims[0].Tile != nil || g.Dims[0].Resident > 0 ||
		g.Dims[0].NumGangs != nil || g.Dims[1].Trip != nil || g.Dims[1].Gangs != 1 {
		return -1
	}
	// A sequential loop of each thread's own multiplies its work, which
	// one multiprocessor then does where the grid spread it over many:
	// floyd-warshall's row loops (1024 iterations in each of 1024
	// threads per step) ran 13 times slower in one block than in the
	// grid's 8 (H200). Loops shorter than a warp are cheap enough.
	if ir.Any(l.Body, func(n ir.Node) bool {
		x, ok := n.(*ir.Loop)
		return ok && x.Levels == 0 && !shortLoop(x)
	}) {
		return -1
	}
	switch l.Levels {
	case ir.Gang | ir.Vector:
		return ir.BlockThreads
	case ir.Gang:
		return 1
	}
	return -1
}

// sharedCopies reports whether statement s declares an array or a
// struct, or holds an atomic construct: what the CUDA kernels may keep
// a copy of in shared memory.
func sharedCopies(s *ir.Stmt) bool {
	for _, l := range s.Locals {
		if k := l.Var.Type.Kind; k == ir.Array || k == ir.Record {
			return true
		}
	}
	atomic := false
	ir.InspectStatement(s.Tree, func(t ir.Statement) bool {
		_, ok := t.(*ir.Atomic)
		atomic = atomic || ok
		return !atomic
	}, nil)
	return atomic
}

// variant reports whether the value of e, a bound of a gang loop, may
// change from one iteration of the host loop of control ctl to the
// next: it names ctl, or a variable the region assigns.
func variant(e ir.Expr, ctl *ir.Var) bool {
	return ir.AnyExpr(e, func(x ir.Expr) bool { r, ok := x.(*ir.Ref); return ok && (r.Var == ctl || r.Var.Written) })
}

// names reports whether expression e names v.
func names(e ir.Expr, v *ir.Var) bool {
	return ir.AnyExpr(e, func(x ir.Expr) bool { r, ok := x.(*ir.Ref); return ok && r.Var == v })
}
