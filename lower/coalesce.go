package lower

import (
	"math/big"

	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// Coalescing. On the GPU the 32 threads of a warp run consecutive
// iterations of a vector loop, and their loads and stores combine into
// few memory transactions when consecutive iterations reach consecutive
// elements. Where the compiler chooses the schedule of a gang loop whose
// body holds loops only the compiler found parallel (none written with a
// level, OpenACC 3.4 §2.9.6 auto or a kernels construct's loops), the
// vector level goes to the gang loop itself, and the loops inside run
// sequentially in each thread, when the gang loop's index walks the last
// subscripts of the arrays with stride 1 more often than theirs do:
//
//	for (i = 0; i < n; i++)          // gang vector: A, x2 by columns
//	    for (j = 0; j < n; j++)      // seq
//	        x2[i] += A[j*n + i] * y2[j];
//
// runs i across the warp (A and x2 contiguous, y2[j] one value for the
// warp) instead of j (A with stride n, one transaction per thread). This
// is the schedule a CUDA programmer writes for a transposed product.

// vectorOutside reports whether gang loop l should also take the vector
// level, leaving the parallel loops inside it sequential (above). For a
// collapsed nest the innermost index is the one consecutive threads run.
func (rg *region) vectorOutside(l *ir.Loop) bool {
	// A loop known to be short leaves too few threads for the device.
	total, known := big.NewInt(1), true
	for _, iv := range l.Nest {
		t, ok := opt.TripBound(iv)
		if !ok {
			known = false
			break
		}
		total.Mul(total, t)
	}
	if known && total.Cmp(big.NewInt(1024)) < 0 {
		return false
	}
	var inner []*ir.Loop
	if !rg.autoParallelInside(l.Body, &inner) || len(inner) == 0 {
		return false
	}
	vs := []*ir.Var{l.Nest[len(l.Nest)-1].Var} // a collapsed nest: its innermost index
	for _, x := range inner {
		vs = append(vs, x.Nest[len(x.Nest)-1].Var)
	}
	scores := opt.Contiguity(l, vs...)
	if scores[0] <= 0 {
		return false
	}
	for _, s := range scores[1:] {
		if s >= scores[0] {
			return false
		}
	}
	return true
}

// autoParallelInside collects the loops of ns that innerParallel counts
// as parallel and reports whether the compiler, not the program, made
// every one of them so: no level written on them, no parallel routine
// called.
func (rg *region) autoParallelInside(ns []ir.Node, found *[]*ir.Loop) bool {
	ok := true
	ir.InspectNodes(ns, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			ok = ok && x.ParCall == nil
		case *ir.Loop:
			if ok && rg.innerParallel([]ir.Node{x}) && !rg.innerParallel(x.Body) {
				ok = rg.info[x].Explicit == 0
				if ok {
					*found = append(*found, x)
				}
				return false
			}
		}
		return ok // once the answer is no, nothing more is looked at
	})
	return ok
}
