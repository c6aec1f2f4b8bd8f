package opt

import (
	"math/big"

	"github.com/accc-compiler/accc/ir"
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
// is the schedule a CUDA programmer writes for a transposed product. The
// coalesce pass decides it for each loop (Loop.Coalesce), the schedule
// pass applies it to the loops it gives the gang level.

// coalesce reports whether l is a loop whose levels the compiler
// chooses, with parallel loops inside, that should take the vector level
// with the gang level (vectorOutside).
func (c *Construct) coalesce(l *ir.Loop) bool {
	info := c.Loops[l]
	switch {
	case info == nil || l.Seq || info.Explicit != 0:
		return false // sequential, or its levels are the program's
	case (info.Auto || info.Implicit || c.R.Kind == ir.Kernels) && !info.Indep:
		return false // the depend pass left it sequential
	}
	return c.innerParallel(l.Body) && c.vectorOutside(l)
}

// vectorOutside reports whether gang loop l should also take the vector
// level, leaving the parallel loops inside it sequential (above). For a
// collapsed nest the innermost index is the one consecutive threads run.
func (c *Construct) vectorOutside(l *ir.Loop) bool {
	// A loop known to be short leaves too few threads for the device.
	total, known := big.NewInt(1), true
	for _, iv := range l.Nest {
		t, ok := TripBound(iv)
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
	if !c.autoParallelInside(l.Body, &inner) || len(inner) == 0 {
		return false
	}
	f := collectFacts(l)
	out := contiguity(f, l.Nest[len(l.Nest)-1].Var) // a collapsed nest: its innermost index
	if out <= 0 {
		return false
	}
	for _, x := range inner {
		if contiguity(f, x.Nest[len(x.Nest)-1].Var) >= out {
			return false
		}
	}
	return true
}

// autoParallelInside collects the loops of ns that innerParallel counts
// as parallel and reports whether the compiler, not the program, made
// every one of them so: no level written on them, no parallel routine
// called.
func (c *Construct) autoParallelInside(ns []ir.Node, found *[]*ir.Loop) bool {
	ok := true
	ir.InspectNodes(ns, func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			ok = ok && x.ParCall == nil
		case *ir.Loop:
			if ok && c.innerParallel([]ir.Node{x}) && !c.innerParallel(x.Body) {
				ok = c.Loops[x].Explicit == 0
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

// contiguity scores how the array accesses of a loop body walk memory as
// index v advances: +1 for each whose last subscript holds v with
// coefficient ±1 and no other subscript holds v, -1 for each that holds v
// in any other way, nothing where v does not appear (the warp shares
// one element). Accesses to the body's own locals do not count.
func contiguity(f *loopFacts, v *ir.Var) int {
	score := 0
	for _, a := range f.accesses {
		if !a.Element || a.Var == nil || len(a.Subs) == 0 || f.declared[a.Var] {
			continue
		}
		last := len(a.Subs) - 1
		unit, other := false, false
		for i, s := range a.Subs {
			if !s.OK {
				other = other || i == last // unreadable: assume the worst only where it matters
				continue
			}
			c, ok := s.Coef(v)
			if !ok {
				other = true
				continue
			}
			if len(c.Terms) == 0 {
				continue
			}
			k, isConst := c.IntConst()
			if i == last && isConst && (k == 1 || k == -1) {
				unit = true
			} else {
				other = true
			}
		}
		switch {
		case other:
			score--
		case unit:
			score++
		}
	}
	return score
}
