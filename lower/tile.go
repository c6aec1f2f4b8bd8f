package lower

import (
	"math"
	"strings"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// The tile clause (OpenACC 3.4 §2.9.8), from the clause to the kernel:
//
//   - kernels pass (rg.loop): the clause folds in as many tightly nested
//     loops as it has sizes, like collapse; tileSizes records the sizes
//     in Loop.Tile, outermost loop first, each * replaced by accc's
//     choice (tileStars), all of them constants (directives.Check
//     rejects any other size).
//   - schedule: the loop gets its levels as any other; a partitioned
//     loop runs strip-mined (ir.Loop.Tiled), its levels divided between
//     the tile loops and the element loops (ir.Loop.TileLevels). A
//     sequential one runs its nest in source order: reordering its
//     iterations would change what a loop with a dependence computes.
//   - shape (opt/shape.go): where the element loops are vector loops and
//     the program sets no vector length, a tile's iterations make the
//     block (opt/tile.go, tileVector): tile(32,4) runs 128 threads, one
//     per element.
//   - launch (opt/pass_launch.go): a gang takes tiles, GangsPer of them
//     per round of the grid-stride loop, and the host sizes the grid
//     from the number of tiles (codegen/host's nestTrip); index32: the
//     counters are 32-bit where opt/tile.go's tileIndex32 proves it
//     exact.
//   - codegen/kernel (tile.go): one loop over the tiles, one over a
//     tile's elements inside it, the elements past the end of a partial
//     tile skipped.
//   - remarks: "#pragma acc loop gang, vector(128) tile(32,4)" with the
//     tiled loops' lines "  /* tiled */" (ir.Loop.TileText).

// tileBlock is the number of iterations accc makes a tile whose sizes
// are all * (ir.Block2DThreads: 32x8, the best 2-D shape measured).
const tileBlock = ir.Block2DThreads

// tileSizes returns the sizes of tile clause cl of loop directive dir,
// outermost loop first, or nil after reporting an error.
func (rg *region) tileSizes(dir *directives.Directive, cl *directives.Clause) []int {
	for _, c := range dir.Clauses {
		if c.Group == nil && c.Kind == directives.ClauseCollapse {
			rg.errorf(cl.Pos, diag.CodeUnsupported, "'tile' and 'collapse' on one loop are not supported: each says how many loops the directive applies to (§2.9.1, §2.9.8); use one of them")
			return nil
		}
	}
	n := len(cl.Args)
	given := make([]int, n) // clause order, innermost first; 0 for *
	elems := int64(1)
	for i, a := range cl.Args {
		if _, star := a.(*directives.Star); star {
			continue
		}
		v, ok := rg.p.ConstValue(a) // directives.Check: a positive constant
		if !ok || v <= 0 || v > math.MaxInt32 || elems*v > math.MaxInt32 {
			rg.errorf(cl.Pos, diag.CodeUnsupported, "tile(%s) is not supported: a tile may have at most 2^31-1 iterations", clauseArgs(cl))
			return nil
		}
		given[i] = int(v)
		elems *= v
	}
	tileStars(given, int(elems))
	sizes := make([]int, n)
	for i, s := range given {
		sizes[n-1-i] = s
	}
	return sizes
}

// tileStars replaces the * sizes (0) of given, in clause order, with
// accc's choice (§2.9.8: "the implementation will choose an appropriate
// value"): tiles of about tileBlock iterations, the innermost * loop 32
// (a warp of consecutive iterations, so that accesses coalesce) unless
// it is the only *, the next the rest (tile(*, *) is 32x8, tile(*) 256,
// tile(32, *) 32x8, tile(*, 4) 64x4), each further one 1. elems is the
// product of the sizes given.
func tileStars(given []int, elems int) {
	stars := 0
	for _, s := range given {
		if s == 0 {
			stars++
		}
	}
	budget := max(tileBlock/elems, 1)
	for i, s := range given {
		if s != 0 {
			continue
		}
		stars--
		size := budget
		if stars > 0 {
			size = min(32, budget)
		}
		given[i] = size
		budget = max(budget/size, 1)
	}
}

// clauseArgs spells a clause's arguments as written.
func clauseArgs(cl *directives.Clause) string {
	var s []string
	for _, a := range cl.Args {
		s = append(s, directives.ExprString(a))
	}
	return strings.Join(s, ", ")
}
