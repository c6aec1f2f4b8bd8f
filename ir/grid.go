package ir

import "fmt"

// A Grid is the geometry a kernel is launched with on the GPU: the gangs
// along each dimension of the grid and the threads of a block. The
// launch pass decides it once (opt/geometry.go), from the kernel's
// gang loops, its block (Kernel.Vector by Kernel.Workers), its
// reductions and the construct's num_gangs clause; the host printer
// computes it before each launch (codegen/host), the launch stub takes
// its varying parts (codegen/cuda, kernel.GridParams), and the launch
// pass proves the loops' index widths against its bounds (Loop.Index32,
// GridDim.Max). The kernel's loops stride over the grid they get
// (grid-stride loops), so a grid decides speed, never results. The CPU
// targets run a kernel's gangs as one loop and launch no grid.
type Grid struct {
	// Dims are the gangs along x, y and z.
	Dims [3]GridDim
	// Z is set when the grid has a third dimension, a gang(dim:3) loop
	// or a third value of num_gangs (OpenACC 3.3 §2.5.10, §2.9.2): the
	// launch stub then takes Dims[2] too.
	Z bool
	// AdaptVector: the kernel is a gang vector loop alone whose vector
	// length is accc's choice, and a block has accrt_vector_for(T,
	// Kernel.Vector) threads along x, T the trip count of Dims[0].Trip:
	// fewer where the loop is short, so that the gangs reach every
	// multiprocessor. Dims[0] then gives each gang that many iterations
	// instead of Per.
	AdaptVector bool
	// Rows (a split kernel, Kernel.Split): a block has accrt_rows_for(T,
	// Kernel.Workers) rows, T the product of the trip counts of RowTrip,
	// or 0 where the host cannot compute it (RowTrip nil): as many rows
	// as filling the device needs (a split loop is never tiled).
	Rows    bool
	RowTrip []*IndexVar
}

// A GridDim is the gangs along one dimension of a Grid. With Trip, the
// iterations over Per, rounded up (accrt_gangs), for the product of the
// trip counts of Trip's levels, which the host computes (kernel.Trip),
// or, where Tile holds the sizes of their tile clause (a tiled loop's
// gangs take tiles, §2.9.8), of their tile counts: where Resident > 0
// no more than the gangs of Resident threads the device runs at once
// (accrt_gangs_resident: the last gang combines the others' partial
// results, kernel.GangCombined), with Rows no more than 65535
// (accrt_gangs_y: the rows of 2-D blocks, Kernel.Block2DRows). Without
// Trip, Gangs. NumGangs, the value of a num_gangs clause, takes
// the place of that count where it is at least one (accrt_num_gangs,
// OpenACC 3.4 §2.5.10), and Limit keeps the result within CUDA's 1 to
// 65535 gangs along y and z (accrt_dim_gangs).
type GridDim struct {
	Trip     []*IndexVar
	Tile     []int
	Per      int
	Resident int
	Rows     bool
	Gangs    int
	NumGangs Expr
	Limit    bool
	// Max is the most gangs the dimension can have, 0 where the launch
	// pass proves no bound.
	Max int64
}

// ReducedInCell reports whether v is a construct-level reduction of a
// scalar that combines into a runtime cell (§2.5.15): not an array or
// section (OpenACC 2.7+), and not a variable a data clause maps, which
// combines into its own device copy. On the GPU the gangs of a kernel
// combine such partial results themselves (kernel.GangCombined).
func (v *Var) ReducedInCell() bool {
	return v.Class == Reduced && v.Type.Kind != Array && v.Type.Kind != Pointer && v.Map == nil
}

// grid checks kernel k's launch geometry (FactGrid): every dimension has
// gangs, trip counts over at least one iteration a gang or a count of at
// least one, and only trip counts are capped or tiled, a size a level;
// the trip counts are those of the kernel's loops; the block's rows vary
// exactly for a split kernel, and an adaptive block has a trip count to
// adapt to.
func (v *verifier) grid(k *Kernel) {
	levels := map[*IndexVar]bool{}
	for n := range v.seen {
		if l, ok := n.(*Loop); ok {
			for _, iv := range l.Nest {
				levels[iv] = true
			}
		}
	}
	trips := func(what string, ivs []*IndexVar) {
		for _, iv := range ivs {
			if !levels[iv] {
				v.add(k.Line, fmt.Sprintf("kernel %s sizes %s by the trip count of a loop that is not in its body", k.Name, what))
				return
			}
		}
	}
	g := k.Grid
	for d, dim := range g.Dims {
		axis := "xyz"[d]
		switch {
		case dim.Trip != nil && dim.Per < 1:
			v.add(k.Line, fmt.Sprintf("kernel %s gives its gangs along %c %d iterations each", k.Name, axis, dim.Per))
		case dim.Trip == nil && dim.Gangs < 1:
			v.add(k.Line, fmt.Sprintf("kernel %s has %d gangs along %c", k.Name, dim.Gangs, axis))
		case dim.Trip == nil && (dim.Resident > 0 || dim.Rows || dim.Tile != nil):
			v.add(k.Line, fmt.Sprintf("kernel %s caps or tiles a fixed number of gangs along %c", k.Name, axis))
		case dim.Tile != nil && len(dim.Tile) != len(dim.Trip):
			v.add(k.Line, fmt.Sprintf("kernel %s tiles %d levels along %c with %d sizes", k.Name, len(dim.Trip), axis, len(dim.Tile)))
		}
		trips(fmt.Sprintf("its grid along %c", axis), dim.Trip)
	}
	if g.Rows != (k.Split != nil) {
		v.add(k.Line, fmt.Sprintf("kernel %s varies its block's rows (%t) but has a split loop (%t)", k.Name, g.Rows, k.Split != nil))
	}
	trips("its block's rows", g.RowTrip)
	if g.AdaptVector && g.Dims[0].Trip == nil {
		v.add(k.Line, fmt.Sprintf("kernel %s adapts its block to a trip count its grid does not have", k.Name))
	}
}
