package kernel

import (
	"fmt"

	"github.com/accc-compiler/accc/ir"
)

// The CUDA side of a re-tiled nest (ir.Retile, opt/retile.go): a 2-D
// blocked gang loop over the rectangle that bounds a triangle, whose
// mask skips the rectangle's points outside it.

// retileMask returns the mask of loop l, a re-tiled triangle's, or nil.
func retileMask(l *ir.Loop) ir.Expr {
	if l.Retile == nil {
		return nil
	}
	return l.Retile.Mask
}

// skipTile prints, at the top of a staged block's iteration (rows by
// ir.Block2DWidth points from row b0 and column b1 of the rectangle,
// whose trip counts are trips), the test that leaves a tile without
// iterations of the triangle: the mask at the tile's corner where it
// holds first (ir.Retile.Lower). The test is the same in all the
// block's threads, which leave together.
func (e *emitter) skipTile(l *ir.Loop, trips []string, rows int, count string) {
	mask := retileMask(l)
	if mask == nil {
		return
	}
	b0, b1 := ir.Block2DBaseName(0), ir.Block2DBaseName(1)
	last := func(b string, n int, trip string) string {
		return fmt.Sprintf("%[1]s + %[2]d < %[3]s ? %[1]s + %[2]d : %[3]s - 1", b, n-1, trip)
	}
	c0, c1 := last(b0, rows, trips[0]), b1 // the last row, the first column
	if l.Retile.Lower {
		c0, c1 = b0, last(b1, ir.Block2DWidth, trips[1])
	}
	e.line("{ /* a tile without iterations of the triangle (%s) leaves at once */", ir.Format(mask, nil))
	e.depth++
	e.line("const %s %s = %s, %s = %s;", count, ir.Block2DIndexName(0), c0, ir.Block2DIndexName(1), c1)
	mark := len(e.scope)
	for i, iv := range l.Nest {
		e.indexVar(iv, ir.Block2DIndexName(i), e.k.Block2DIndex32)
	}
	e.enter(l)
	if len(l.Retile.Once) > 0 {
		// The first column's tiles run the statements of each row.
		e.line("if (%s != 0 && !(%s)) continue;", b1, e.expr(mask))
	} else {
		e.line("if (!(%s)) continue;", e.expr(mask))
	}
	e.leave(l)
	e.scope = e.scope[:mark]
	e.depth--
	e.line("}")
}

// maskedReads returns, for the nodes of a re-tiled nest's body before
// its staged loop, which every thread runs, the substitutions that read
// memory only where on holds: a thread the mask turns off reads 0
// (opt/retile.go admits only arithmetic scalar elements there).
func (e *emitter) maskedReads(ns []ir.Node, on string) map[ir.Expr]string {
	subst := map[ir.Expr]string{}
	for _, n := range ns {
		s, ok := n.(*ir.Stmt)
		if !ok {
			continue
		}
		for _, a := range s.Accesses {
			if a.Element && !a.Write && a.Expr != nil {
				subst[a.Expr] = fmt.Sprintf("(%s ? %s : 0)", on, e.expr(a.Expr))
			}
		}
	}
	return subst
}

// alongKLoad prints the loads of column buffer t of a staged loop whose
// reference is adjacent along the loop's index k (ir.StageBuf.AlongK):
// the block's threads take the tile's columns a row of threads at a
// time, each thread of the row an iteration of k (kIdx, the chunk's
// iteration accc_tx), so that a warp reads one column's consecutive
// elements; a column past the nest's edge loads the last one.
func (e *emitter) alongKLoad(t int, buf *ir.StageBuf, kv *ir.IndexVar, kIdx string, index32 bool) {
	l := e.k.GangLoop
	rows := e.k.Block2DRows
	ty, tx, row, kb := ir.Block2DRowName, ir.Block2DColName, ir.StageRowName, ir.BlockBaseName
	b1, n1, col := ir.Block2DBaseName(1), ir.TripCountName(1), ir.Block2DIndexName(1)
	count := "unsigned int"
	if !e.k.Block2DIndex32 {
		count = "long long"
	}
	e.line("if (%s + %s < %s)", kb, tx, ir.TripCountName(0))
	e.line("for (unsigned int %[1]s = %[2]s; %[1]s < %[3]d; %[1]s += %[4]d) { /* column %[1]s of the tile, along k */", row, ty, ir.Block2DWidth, rows)
	e.depth++
	e.line("const %[1]s %[2]s = %[3]s + %[4]s < %[5]s ? %[3]s + %[4]s : %[5]s - 1;", count, col, b1, row, n1)
	mark := len(e.scope)
	e.indexVar(l.Nest[1], col, e.k.Block2DIndex32)
	e.indexVar(kv, kIdx, index32)
	e.stageStore(fmt.Sprintf("%s[%s][%s]", ir.StageName(t), tx, row), buf, mark) // a column without iterations loads nothing
}

// onceRows prints, in a re-tiled nest's block, the statements of the
// gang loop's body before its vector loop (ir.Retile.Once), run for each
// row by the thread of the rectangle's first column.
func (e *emitter) onceRows(l *ir.Loop, in ir.Level, trip0 string) {
	if l.Retile == nil || len(l.Retile.Once) == 0 {
		return
	}
	e.line("if (%s + %s == 0 && %s + %s < %s) { /* the row's statements before the vector loop, once */",
		ir.Block2DBaseName(1), ir.Block2DColName, ir.Block2DBaseName(0), ir.Block2DRowName, trip0)
	e.depth++
	save := e.inGuard
	e.inGuard = true
	e.nodes(l.Retile.Once, in, false)
	e.inGuard = save
	e.depth--
	e.line("}")
}

// loadGuard returns the test a staged load of buf adds where the
// re-tiled nest's rectangle has rows or columns without iterations
// (ir.Retile.Rows, Cols), or "".
func (e *emitter) loadGuard(buf *ir.StageBuf) string {
	rt := e.k.GangLoop.Retile
	if rt == nil || rt.Rows == nil {
		return ""
	}
	if buf.Rows {
		return e.expr(rt.Rows)
	}
	return e.expr(rt.Cols)
}

// lastRow declares, for a staged nest with a row operand loaded along
// the rows (ir.StageBuf.AlongRows), its last row: the staged loop's
// trip count hides the nest's (trip0).
func (e *emitter) lastRow(trip0, count string) {
	for _, buf := range e.k.Stage.Bufs {
		if buf.AlongRows {
			e.line("const %s %s = %s - 1; /* the last row */", count, ir.StageLastRowName, trip0)
			return
		}
	}
}

// alongRowsLoad prints the loads of row buffer t of a staged loop whose
// reference is adjacent along the rows' index (ir.StageBuf.AlongRows):
// thread t of the block loads row t % rows of iteration t / rows of the
// chunk, so that a warp reads consecutive rows; a row past the nest's
// edge loads the last one. The buffer holds the chunk's iterations by
// the tile's rows.
func (e *emitter) alongRowsLoad(t int, buf *ir.StageBuf, kv *ir.IndexVar, idx func(string) string, index32 bool) {
	l := e.k.GangLoop
	rows := e.k.Block2DRows
	b0, row := ir.Block2DBaseName(0), ir.Block2DIndexName(0)
	count := "unsigned int"
	if !e.k.Block2DIndex32 {
		count = "long long"
	}
	kk := fmt.Sprintf("threadIdx.x / %d", rows)
	e.line("if (%s + %s < %s) { /* row threadIdx.x %% %d of the tile, along the rows */", ir.BlockBaseName, kk, ir.TripCountName(0), rows)
	e.depth++
	e.line("const %[1]s %[2]s = %[3]s + threadIdx.x %% %[4]d <= %[5]s ? %[3]s + threadIdx.x %% %[4]d : %[5]s;", count, row, b0, rows, ir.StageLastRowName)
	mark := len(e.scope)
	e.indexVar(l.Nest[0], row, e.k.Block2DIndex32)
	e.indexVar(kv, idx(paren(kk)), index32)
	e.stageStore(fmt.Sprintf("%s[%s][threadIdx.x %% %d]", ir.StageName(t), kk, rows), buf, mark) // a row without iterations loads nothing
}

// stageStore prints, as the last statement of a staging loop's body, the
// store of buf's reference into the shared-memory element dst, guarded
// (loadGuard) so that a row or column of the tile without iterations
// loads nothing; then it closes the body, whose names from scope mark on
// go out of scope.
func (e *emitter) stageStore(dst string, buf *ir.StageBuf, mark int) {
	load := dst + " = " + e.expr(buf.Refs[0]) + ";"
	if g := e.loadGuard(buf); g != "" {
		load = "if (" + g + ") " + load
	}
	e.line("%s", load)
	e.scope = e.scope[:mark]
	e.depth--
	e.line("}")
}
