package opt

import (
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// Staging through shared memory. A 2-D blocked nest (block2DRows) whose
// body runs a sequential loop over k, as a matrix product does,
//
//	for (i = 0; i < n; i++)          // gang vector collapse(2): 32x8 blocks
//	    for (j = 0; j < m; j++) {
//	        double s = 0.0;
//	        for (k = 0; k < p; k++)  // seq: staged
//	            s += A[i*p + k] * B[k*m + j];
//	        C[i*m + j] = s;
//	    }
//
// reads in every iteration A[i*p + k], the same for the 32 columns of a
// block row, and B[k*m + j], the same for its 8 rows. On the GPU the
// block's threads then load, for each chunk of 32 iterations of k, the
// block's rows of A and columns of B into shared memory together (a
// thread an element, consecutive threads on consecutive elements where
// the subscripts allow), wait for each other, and run the chunk from
// shared memory: the schedule of a hand-written blocked product. Every
// thread of the block must reach the barriers, so the block's threads
// outside the iteration space run its last row or column without the
// effects (the statements with effects are guarded), and the loop's
// bounds must be the same for all of them.
//
// The operands staged are element reads, affine in the loop indices,
// of arrays the kernel only reads, that vary with k and with exactly
// one of the block's indices; everything else in the loop reads memory
// as written.

// stageBytesMax bounds the shared memory a kernel's staging buffers take.
const stageBytesMax = 40 << 10

// stageLoop gives 2-D blocked kernel k a Stage when its body qualifies (above).
func (c *Construct) stageLoop(k *ir.Kernel) {
	l := k.GangLoop
	if c.Target != "gpu" || k.Block2DRows == 0 || l == nil || len(l.Nest) != 2 || l.Break || l.Continue ||
		len(l.Reduce) > 0 || len(k.Reductions) > 0 || GotoIn(l.Body) {
		return
	}
	var loop *ir.Loop
	for _, n := range l.Body {
		switch x := n.(type) {
		case *ir.Loop:
			if loop != nil || !stageable(x) {
				return
			}
			loop = x
		case *ir.Stmt:
			if x.ParCall != nil || x.Break || x.Continue || partitioned(x.Body) {
				return
			}
			if loop == nil && (sharedEffects([]ir.Node{x}) || x.Body != nil || len(x.SeqLoops) > 0) {
				return // before the loop: private straight-line code only
			}
		}
	}
	if loop == nil {
		return
	}
	bufs := stageBufs(loop, l.Nest[0].Var, l.Nest[1].Var, k.ReadOnly, k.Block2DRows)
	if len(bufs) == 0 {
		return
	}
	k.Stage = &ir.Stage{Loop: loop, Bufs: bufs}
}

// stageBufs returns the buffers of the operands of loop, in a 2-D
// blocked nest over iv and jv with rows rows a block, that qualify for
// staging (above), as many as stageBytesMax holds.
func stageBufs(loop *ir.Loop, iv, jv *ir.Var, readOnlyVars []*ir.Var, rows int) []*ir.StageBuf {
	kv := loop.Nest[0].Var
	readOnly := map[*ir.Var]bool{}
	for _, v := range readOnlyVars {
		readOnly[v] = true
	}
	byText := map[string]*ir.StageBuf{}
	var bufs []*ir.StageBuf
	bytes := 0
	for _, n := range loop.Body {
		// The loads read every chunk's elements: only those every
		// iteration reads (not behind a condition, a short circuit or
		// an inner loop) are known to be there.
		s, ok := n.(*ir.Stmt)
		if !ok || s.Tree == nil {
			continue
		}
		always := evaluatedAlways(s.Tree)
		for _, a := range s.Accesses {
			if a.Write || !a.Element || !a.Affine || a.Unknown || a.Var == nil || !readOnly[a.Var] || a.Expr == nil ||
				!always[a.Expr] {
				continue
			}
			t := a.Expr.Type()
			if t == nil || t.Kind != ir.Scalar || t.Size <= 0 {
				continue
			}
			var ci, cj, ck, other bool
			for _, sub := range a.Subs {
				for _, term := range sub.Terms {
					for _, v := range term.Vars {
						switch {
						case v == iv:
							ci = true
						case v == jv:
							cj = true
						case v == kv:
							ck = true
						case v.Local || v.Written:
							other = true
						}
					}
				}
			}
			if other || !ck || ci == cj {
				continue
			}
			key := ir.Format(a.Expr, nil)
			if buf := byText[key]; buf != nil {
				buf.Refs = append(buf.Refs, a.Expr)
				continue
			}
			size := ir.StageChunk * ir.Block2DWidth * int(t.Size)
			if ci {
				size = rows * ir.StageChunk * int(t.Size)
			}
			if bytes+size > stageBytesMax {
				continue
			}
			bytes += size
			buf := &ir.StageBuf{Refs: []ir.Expr{a.Expr}, Rows: ci, AlongK: !ci && unitAlong(a, kv) && !unitAlong(a, jv),
				AlongRows: ci && unitAlong(a, iv) && !unitAlong(a, kv)}
			byText[key] = buf
			bufs = append(bufs, buf)
		}
	}
	return bufs
}

// stageable reports whether loop x, in a 2-D blocked nest's body, may run in
// staged chunks: sequential, its bounds the same for every thread (no
// variable the region declares or assigns), long enough to fill a
// chunk, its statements with effects not declarations, and nothing in
// it partitioned, jumping out or calling a parallel routine.
func stageable(x *ir.Loop) bool {
	if x.Levels != 0 || len(x.Nest) != 1 || x.Break || x.Continue || len(x.Private) > 0 || len(x.Reduce) > 0 ||
		len(x.Tile) > 0 || x.Nest[0].Local || x.Nest[0].Never {
		return false
	}
	iv := x.Nest[0]
	for _, c := range []ir.Expr{iv.Lo, iv.Hi, iv.Step} {
		for _, v := range ir.ExprVars(c) {
			if v.Local || v.Written {
				return false
			}
		}
	}
	if n, ok := constTrip(iv); ok && n < ir.StageChunk {
		return false
	}
	return !partitioned(x.Body) && !ir.Any(x.Body, func(n ir.Node) bool {
		s, isStmt := n.(*ir.Stmt)
		return isStmt && (s.ParCall != nil || s.Break || s.Continue || s.WritesUnknown || s.Decl && s.Shared())
	})
}

// evaluatedAlways returns the expressions a statement evaluates every
// time it runs: those of an expression statement or of a declaration's
// initializers, outside the branches of ?: and the right operands of &&
// and ||.
func evaluatedAlways(st ir.Statement) map[ir.Expr]bool {
	out := map[ir.Expr]bool{}
	var visit func(e ir.Expr)
	visit = func(e ir.Expr) {
		if e == nil {
			return
		}
		out[e] = true
		switch x := e.(type) {
		case *ir.Unary:
			if !strings.HasPrefix(x.Op, "sizeof") && !strings.Contains(x.Op, "lignof") {
				visit(x.X) // sizeof's operand is not evaluated
			}
		case *ir.Binary:
			visit(x.X)
			if x.Op != "&&" && x.Op != "||" {
				visit(x.Y)
			}
		case *ir.Assign:
			visit(x.L)
			visit(x.R)
		case *ir.Cond:
			visit(x.C)
		case *ir.Call:
			for _, a := range x.Args {
				visit(a)
			}
		case *ir.Index:
			visit(x.X)
			visit(x.I)
		case *ir.Member:
			visit(x.X)
		case *ir.Cast:
			visit(x.X)
		}
	}
	switch x := st.(type) {
	case *ir.ExprStmt:
		visit(x.X)
	case *ir.DeclStmt:
		for _, l := range x.Locals {
			visit(l.Init)
		}
	}
	return out
}

// unitAlong reports whether consecutive values of v reach adjacent
// elements in reference a: v only in its last subscript, with
// coefficient 1.
func unitAlong(a *ir.Access, v *ir.Var) bool {
	for i, sub := range a.Subs {
		c, linear := sub.Coef(v)
		if !linear {
			return false
		}
		k, isConst := c.IntConst()
		last := i == len(a.Subs)-1
		if !last && (len(c.Terms) > 0) || last && (!isConst || k != 1) {
			return false
		}
	}
	return len(a.Subs) > 0
}
