package opt

import (
	"github.com/accc-compiler/accc/ir"
)

// Split reductions. The coalescing-aware schedule (coalesce.go) runs a
// transposed product's column loop across the vector lanes and its row
// loop sequentially in each thread:
//
//	for (j = 0; j < n; j++) {        // gang vector(32): j across the lanes
//	    double s = 0.0;
//	    for (i = 0; i < m; i++)      // worker(32): i split over the rows
//	        s += A[i*n + j] * x[i];
//	    y[j] = s;                    // one row stores
//	}
//
// With one thread a column, an 8192-column product keeps 256 warps
// busy, each walking 8192 rows: the loop waits on memory latency. On the
// GPU the row loop, a reduction into scalars the depend pass proved
// parallel, then also splits over the block's rows (threadIdx.y), and
// the rows' partial results combine in shared memory (accrt_worker_
// reduce): the schedule a CUDA programmer writes, 32 columns by 32 rows
// a block. OpenACC's levels cannot state it (a worker loop inside a
// vector loop), so the compiler forms it only for loops whose schedule
// it chose (§2.9.6 auto, autopar), and only where nothing else in the
// iteration needs the rows to agree: the code before the row loop is
// private straight-line code every row repeats, the row loop only
// reduces, and the code after it runs on row 0 (statements with shared
// effects, §2.5.1's worker-single mode).

// splitRowsMax is the most rows a split block has: 32 columns by 32
// rows, the most threads a CUDA block holds.
const splitRowsMax = 32

// splitReduction gives kernel k the split schedule (Kernel.Split) when
// it qualifies: see above. It runs after the schedule pass assigned the
// levels and before the reductions the depend pass found are added to
// the loops that partition them.
func (c *Construct) splitReduction(k *ir.Kernel) {
	if c.Target != "gpu" || len(k.Body) != 1 || c.R.NumGangs != nil || c.R.NumWorkers != nil ||
		c.R.VectorLength != nil || c.R.NumGangsYZ[0] != nil {
		return
	}
	l, ok := k.Body[0].(*ir.Loop)
	if !ok || l.Levels != ir.Gang|ir.Vector || len(l.Nest) != 1 || l.Break || l.Continue || l.VectorLength != 0 ||
		len(l.Reduce) > 0 || len(l.Tile) > 0 || l.GangDim > 1 || c.Loops[l] == nil || c.Loops[l].Explicit != 0 || GotoIn(l.Body) {
		return
	}
	if n, ok := constTrip(l.Nest[0]); ok && n >= 1<<20 {
		return // columns enough to fill the device one thread each
	}
	var split *ir.Loop
	for _, n := range l.Body {
		switch x := n.(type) {
		case *ir.Loop:
			if split == nil && c.splittable(x) {
				split = x
				continue
			}
			if split == nil || partitioned(x.Body) {
				return
			}
		case *ir.Stmt:
			if x.ParCall != nil || x.Break || x.Continue || partitioned(x.Body) {
				return
			}
			if split == nil && (sharedEffects([]ir.Node{x}) || x.Body != nil || len(x.SeqLoops) > 0) {
				return // before the row loop: private straight-line code only
			}
		}
	}
	if split == nil {
		return
	}
	split.Levels = ir.Worker
	k.Split = split
}

// splittable reports whether loop x, inside a gang vector loop, may run
// split over the block's rows: parallel by the depend pass's proof, a
// schedule left to the compiler, reductions into scalars its only
// effects, and no loop inside it partitioned.
func (c *Construct) splittable(x *ir.Loop) bool {
	info := c.Loops[x]
	if info == nil || x.Levels != 0 || x.Seq || x.Break || !info.Indep || info.Explicit != 0 ||
		!(info.Auto || info.Implicit || c.R.Kind == ir.Kernels) || len(info.Aliases) > 0 ||
		len(info.PrivArrays) > 0 || len(info.Reductions) == 0 || len(x.Reduce) > 0 || len(x.Tile) > 0 {
		return false
	}
	if n, ok := constTrip(x.Nest[0]); ok && n < 2*splitRowsMax {
		return false // too few rows to share
	}
	return !sharedEffects(x.Body) && !partitioned(x.Body)
}

// splitRows is the rows of a split kernel's blocks: 32, fewer where the
// row loop is known to be short.
func splitRows(split *ir.Loop) int {
	rows := splitRowsMax
	if n, ok := constTrip(split.Nest[0]); ok {
		for rows > 2 && int64(rows)*int64(rows) > n {
			rows /= 2
		}
	}
	return rows
}

// sharedEffects reports whether a statement of ns has effects beyond its
// thread's own variables (ir.Stmt.Shared), calls a parallel routine, or
// writes through a pointer it cannot trace.
func sharedEffects(ns []ir.Node) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		return ok && (s.Shared() || s.ParCall != nil || s.WritesUnknown)
	})
}

// partitioned reports whether a loop of ns has a level.
func partitioned(ns []ir.Node) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		l, ok := n.(*ir.Loop)
		return ok && l.Levels != 0
	})
}

// constTrip returns the trip count of a loop whose bounds and step are
// integer constants.
func constTrip(iv *ir.IndexVar) (int64, bool) {
	lo, ok1 := ir.IntValue(iv.Lo)
	hi, ok2 := ir.IntValue(iv.Hi)
	step, ok3 := ir.IntValue(iv.Step)
	if !ok1 || !ok2 || !ok3 || step <= 0 {
		return 0, false
	}
	if iv.Down {
		lo, hi = hi, lo
	}
	if iv.Cmp.Inclusive() {
		hi++
	}
	if hi <= lo {
		return 0, true
	}
	return (hi - lo + step - 1) / step, true
}
