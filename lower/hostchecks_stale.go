package lower

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// staleReads warns about data the host writes while a data construct or
// an enter data directive keeps them on the device, when the construct
// then reads the device copy and nothing updates it in between (OpenACC
// 3.4 §2.6.4: host and device copies are kept consistent only by data
// clauses, update directives and the routines). A warning needs:
//
//   - a host statement H before the construct in the same block, a for
//     loop that counts i up by one and assigns v[i] in every iteration,
//     so that it writes every element of a range (hostCover);
//   - v present on the device across H: H is inside a data construct
//     (without if) that maps v, or after an enter data directive of the
//     same block that does, with plain host code between them;
//   - after H, up to the construct, plain host code only: no directive
//     (update device would refresh the copy), no call but the C
//     library's, no jump, no assignment to v or to the variables of H's
//     bounds; the construct's own clauses for v without always;
//   - in the first kernel to touch v, a read v[j + c] that runs whenever
//     the kernel does (readFirst), in a loop over j whose range of
//     elements meets H's: the same constants, or H's range covering the
//     kernel's (bounds that differ by constants).
func (rg *region) staleReads() {
	if rg.p.Func == nil || rg.c.If != nil || rg.c.Self != nil {
		return
	}
	f := rg.b.facts(rg.p)
	items, block := rg.itemsBefore()
	if f == nil || len(items) == 0 {
		return
	}
	order, once := rg.launchOrder()
	for _, d := range rg.decls {
		v := rg.vars[d]
		if v.Class != ir.ArrayData || v.Local {
			continue
		}
		refresh := false
		for _, m := range rg.c.Maps {
			refresh = refresh || m.Var == v && m.Mods&(ir.Always|ir.AlwaysIn) != 0
		}
		if refresh {
			continue
		}
		r := rg.readFirst(f, v, order, once)
		if r == nil {
			continue
		}
		klo, khi, ok := rg.readRange(r)
		if !ok {
			continue
		}
		// The nearest host write before the construct decides.
		for k := len(items) - 1; k >= 0; k-- {
			hs := items[k]
			if !rg.plainHost(hs) {
				break
			}
			start := hs.Position().Offset
			for _, q := range rg.b.u.Pragmas {
				if hs.Case == cc.BlockItemStmt && q.Stmt == hs.Statement && q.Start < start {
					start = q.Start // a directive's statement: device code, say
				}
			}
			if rg.touchedBetween(f, d, start) {
				break
			}
			hlo, hhi, line, ok := rg.hostCover(f, hs, d, start)
			if !ok {
				continue
			}
			if !coversSome(hlo, hhi, klo, khi) {
				break
			}
			where, item, ok := rg.keptOnDevice(d, block, items[:k], start)
			if !ok {
				break
			}
			src := rg.b.conv.src
			rg.b.sink.Report(diag.Diagnostic{Pos: rg.c.Pos, Severity: diag.Warning, Code: diag.CodeDataStale, Func: rg.c.Func,
				Msg: fmt.Sprintf("'%s' is read on the device at line %d, but the host wrote it at line %d, after %s at line %d put its copy on the device, and nothing updates that copy before this construct: the kernel reads the old values; add '#pragma acc update device(%s)' after line %d",
					v.Name, src.line(r.line), src.line(line), where, src.line(item), rg.updateItem(d, hlo, hhi), src.line(hs.Position().Line+lines(hs)-1))})
			break
		}
	}
}

// itemsBefore returns the statements of the block that holds the
// construct's statement, before it, in order, and the block's offset;
// nil when the construct is not a statement of a block.
func (rg *region) itemsBefore() ([]*cc.BlockItem, int) {
	var out []*cc.BlockItem
	block := -1
	walk(rg.p.Func, func(n cc.Node) bool {
		cs, ok := n.(*cc.CompoundStatement)
		if !ok || block >= 0 {
			return block < 0
		}
		var before []*cc.BlockItem
		for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
			if l.BlockItem.Case == cc.BlockItemStmt && l.BlockItem.Statement == rg.p.Stmt {
				out, block = before, cs.Position().Offset
				return false
			}
			before = append(before, l.BlockItem)
		}
		return true
	})
	return out, block
}

// lines returns how many lines node n spans.
func lines(n cc.Node) int {
	toks := cc.NodeTokens(n)
	if len(toks) == 0 {
		return 1
	}
	return toks[len(toks)-1].Position().Line - toks[0].Position().Line + 1
}

// touchedBetween reports whether anything from offset start to the
// construct may change what the check assumes: a directive (update
// device, a compute construct, exit data), or an assignment to d (a
// pointer moved).
func (rg *region) touchedBetween(f *funcFacts, d *cc.Declarator, start int) bool {
	for _, o := range rg.b.u.Pragmas {
		if o.Dir != nil && o != rg.p && o.Pos.File == rg.b.u.File && start <= o.Start && o.Start < rg.c.DirStart {
			return true
		}
	}
	for _, w := range f.writes[d] {
		if start <= w.start && w.start < rg.c.DirStart {
			return true
		}
	}
	return false
}

// hostCover reports whether block item bi, at offset start, is a for
// loop that writes d[i] in each of its iterations, i counting up by one
// from lo while i < hi (or <= hi), and returns the range of elements
// [lo, hi'] it writes, as polynomials of the construct's variables, and
// the line of the store. The bounds are integer constants or variables
// of the function, with constants added, that nothing from the loop to
// the construct assigns; the body holds no jump, and the store is one of
// its statements, not under a condition.
func (rg *region) hostCover(f *funcFacts, bi *cc.BlockItem, d *cc.Declarator, start int) (ir.Affine, ir.Affine, int, bool) {
	var none ir.Affine
	if bi.Case != cc.BlockItemStmt || !isFor(bi.Statement) {
		return none, none, 0, false
	}
	is := bi.Statement.IterationStatement
	var idx *cc.Declarator
	var lo cc.ExpressionNode
	cond, incr := is.ExpressionList2, is.ExpressionList3
	if is.Case == cc.IterationStatementForDecl {
		cond, incr = is.ExpressionList, is.ExpressionList2
		idl := is.Declaration.InitDeclaratorList
		if idl == nil || idl.InitDeclaratorList != nil || idl.InitDeclarator.Initializer == nil ||
			idl.InitDeclarator.Initializer.Case != cc.InitializerExpr {
			return none, none, 0, false
		}
		idx, lo = idl.InitDeclarator.Declarator, idl.InitDeclarator.Initializer.AssignmentExpression
	} else {
		id := assignedIdent(is.ExpressionList)
		if id == nil {
			return none, none, 0, false
		}
		idx, lo = declOf(id), unwrapList(is.ExpressionList).(*cc.AssignmentExpression).AssignmentExpression
	}
	if idx == nil || !cc.IsIntegerType(idx.Type()) || !unitIncrement(incr, idx) {
		return none, none, 0, false
	}
	rel, ok := unwrapList(cond).(*cc.RelationalExpression)
	if !ok || !isIdentOf(rel.RelationalExpression, idx) || rel.Case != cc.RelationalExpressionLt && rel.Case != cc.RelationalExpressionLeq {
		return none, none, 0, false
	}
	hlo, ok1 := rg.hostAffine(f, lo, start)
	hhi, ok2 := rg.hostAffine(f, rel.ShiftExpression, start)
	if !ok1 || !ok2 {
		return none, none, 0, false
	}
	if rel.Case == cc.RelationalExpressionLt {
		hhi = hhi.Sub(ir.Constant(1))
	}
	body := is.Statement
	if brk, cont := jumpsOf(body); len(brk) > 0 || len(cont) > 0 {
		return none, none, 0, false
	}
	s, e := rg.b.stmtRange(body)
	for _, w := range f.writes[idx] {
		if s <= w.start && w.start < e {
			return none, none, 0, false // the body moves i
		}
	}
	stmts := []*cc.Statement{body}
	if body.Case == cc.StatementCompound {
		stmts = nil
		for l := body.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			if l.BlockItem.Case == cc.BlockItemStmt {
				stmts = append(stmts, l.BlockItem.Statement)
			}
		}
	}
	for _, st := range stmts {
		if st.Case == cc.StatementExpr && st.ExpressionStatement.ExpressionList != nil && storesAt(st.ExpressionStatement.ExpressionList, d, idx) {
			return hlo, hhi, st.Position().Line, true
		}
	}
	return none, none, 0, false
}

// unitIncrement reports whether incr is i++, ++i or i += 1.
func unitIncrement(incr cc.ExpressionNode, i *cc.Declarator) bool {
	switch x := unwrapList(incr).(type) {
	case *cc.PostfixExpression:
		return x.Case == cc.PostfixExpressionInc && isIdentOf(x.PostfixExpression, i)
	case *cc.UnaryExpression:
		return x.Case == cc.UnaryExpressionInc && isIdentOf(x.UnaryExpression, i)
	case *cc.AssignmentExpression:
		v, ok := x.AssignmentExpression.Value().(cc.Int64Value)
		return x.Case == cc.AssignmentExpressionAdd && isIdentOf(x.UnaryExpression, i) && ok && v == 1
	}
	return false
}

// storesAt reports whether expression e stores to d[i]: an assignment
// (=, op=), ++ or -- of it.
func storesAt(e cc.ExpressionNode, d, i *cc.Declarator) bool {
	var target cc.Node
	switch x := unwrapList(e).(type) {
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			target = x.UnaryExpression
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			target = x.PostfixExpression
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			target = x.UnaryExpression
		}
	}
	ix, ok := peel(target).(*cc.PostfixExpression)
	if !ok || ix == nil || ix.Case != cc.PostfixExpressionIndex {
		return false
	}
	base, ok := peel(ix.PostfixExpression).(*cc.PrimaryExpression)
	sub, ok2 := peel(ix.ExpressionList).(*cc.PrimaryExpression)
	return ok && ok2 && base.Case == cc.PrimaryExpressionIdent && declOf(base) == d &&
		sub.Case == cc.PrimaryExpressionIdent && declOf(sub) == i
}

// hostAffine reads host expression e (a bound of a host loop at offset
// start) as a polynomial of the construct's variables: an integer
// constant, or a variable the construct uses (an automatic variable or
// parameter of the function that nothing from start to the construct
// assigns) plus or minus a constant.
func (rg *region) hostAffine(f *funcFacts, e cc.ExpressionNode, start int) (ir.Affine, bool) {
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return ir.Constant(int64(v)), true
	case cc.UInt64Value:
		if v < 1<<62 {
			return ir.Constant(int64(v)), true
		}
		return ir.Affine{}, false
	}
	switch x := peel(e).(type) {
	case *cc.PrimaryExpression:
		d := declOf(x)
		v := rg.vars[d]
		if x.Case != cc.PrimaryExpressionIdent || v == nil || !cc.IsIntegerType(d.Type()) || !f.local(d) {
			return ir.Affine{}, false
		}
		for _, w := range f.writes[d] {
			if start <= w.start && w.start < rg.c.DirStart {
				return ir.Affine{}, false
			}
		}
		return ir.VarAffine(v), true
	case *cc.AdditiveExpression:
		if x.Case != cc.AdditiveExpressionAdd && x.Case != cc.AdditiveExpressionSub {
			return ir.Affine{}, false
		}
		a, ok1 := rg.hostAffine(f, x.AdditiveExpression, start)
		b, ok2 := rg.hostAffine(f, x.MultiplicativeExpression, start)
		if _, isConst := b.IntConst(); !ok1 || !ok2 || !isConst {
			return ir.Affine{}, false
		}
		if x.Case == cc.AdditiveExpressionSub {
			return a.Sub(b), true
		}
		return a.Add(b), true
	}
	return ir.Affine{}, false
}

// readRange returns the range of elements read r touches as its loop
// runs: r reads v[j + c] in a loop of unit step over j, whose bounds are
// values the host has (the construct's scalars), [lo + c, hi + c].
func (rg *region) readRange(r *certainRead) (ir.Affine, ir.Affine, bool) {
	var none ir.Affine
	if len(r.acc.Subs) != 1 || !r.acc.Affine || len(r.acc.Fields) > 0 {
		return none, none, false
	}
	indices := map[*ir.Var]bool{}
	for _, l := range r.loops {
		for _, iv := range l.Nest {
			indices[iv.Var] = true
		}
	}
	for _, l := range r.loops {
		for _, iv := range l.Nest {
			if iv.Var == nil {
				continue
			}
			c, ok := r.acc.Subs[0].Sub(ir.VarAffine(iv.Var)).IntConst()
			if step, unit := ir.IntValue(iv.Step); !ok || !unit || step != 1 {
				continue
			}
			lv := opt.LevelOf(iv)
			if !rg.regionConstant(lv.Min, indices) || !rg.regionConstant(lv.Max, indices) {
				return none, none, false
			}
			return lv.Min.Add(ir.Constant(c)), lv.Max.Add(ir.Constant(c)), true
		}
	}
	return none, none, false
}

// coversSome reports whether the host's range [hlo, hhi] and the
// kernel's [klo, khi] share an element as the program runs: both
// constant and overlapping, or the host's covering the kernel's (which
// is not empty: its loop runs).
func coversSome(hlo, hhi, klo, khi ir.Affine) bool {
	a, ok1 := hlo.IntConst()
	b, ok2 := hhi.IntConst()
	c, ok3 := klo.IntConst()
	d, ok4 := khi.IntConst()
	if ok1 && ok2 && ok3 && ok4 {
		return max(a, c) <= min(b, d)
	}
	dl, ok1 := hlo.Sub(klo).IntConst()
	dh, ok2 := hhi.Sub(khi).IntConst()
	return ok1 && ok2 && dl <= 0 && dh >= 0
}

// keptOnDevice reports whether d stays present on the device, with
// values, from before the host statement at offset start to the
// construct: a data construct around that statement maps it with copy,
// copyin or present (no if clause, nor a device_type group), or an enter
// data directive between the statements before it (items) of its block
// (which starts at offset block) copies it in, with only plain host code
// after it. It returns the directive's kind and its line. (create and
// copyout make a copy without values: data-undefined's case.)
func (rg *region) keptOnDevice(d *cc.Declarator, block int, items []*cc.BlockItem, start int) (string, int, bool) {
	names := func(q *frontend.Pragma, kinds ...directives.ClauseKind) bool {
		found := false
		for _, cl := range q.Dir.Clauses {
			for _, x := range cl.Vars {
				if q.Lookup(baseName(x)) != d {
					continue
				}
				ok := cl.Group == nil
				for _, k := range kinds {
					ok = ok && cl.Kind != k
				}
				if ok {
					found = true
				}
			}
		}
		return found
	}
	var best *frontend.Pragma
	for _, q := range rg.b.u.Pragmas {
		if q.Dir == nil || q.Dir.Kind != directives.DirData || q.Stmt == nil || q.Pos.File != rg.b.u.File ||
			q.Dir.Clause(directives.ClauseIf) != nil {
			continue
		}
		s, e := rg.b.stmtRange(q.Stmt)
		if s <= start && rg.c.StmtEnd <= e && names(q, directives.ClauseNoCreate, directives.ClauseDeviceptr, directives.ClauseAttach,
			directives.ClauseCreate, directives.ClauseCopyout) &&
			(best == nil || q.Start > best.Start) {
			best = q
		}
	}
	if best != nil {
		return "the data construct", best.Pos.Line, true
	}
	// The nearest directive before the host statement must be an enter
	// data directive that maps d, between the statements of its block,
	// with plain host code after it.
	var enter *frontend.Pragma
	for _, q := range rg.b.u.Pragmas {
		if q.Dir != nil && q.Pos.File == rg.b.u.File && q.Start < start && (enter == nil || q.Start > enter.Start) {
			enter = q
		}
	}
	if enter == nil || enter.Start < block || enter.Dir.Kind != directives.DirEnterData ||
		enter.Dir.Clause(directives.ClauseIf) != nil || !names(enter, directives.ClauseAttach, directives.ClauseCreate) {
		return "", 0, false
	}
	for _, it := range items {
		s, e := rg.b.stmtRange(it)
		if s <= enter.Start && enter.Start < e || enter.Start < s && !rg.plainHost(it) {
			return "", 0, false // inside a statement, or code that may do anything after it
		}
	}
	return "the enter data directive", enter.Pos.Line, true
}

// updateItem spells the section of d an update device directive should
// move: the host's range [lo, hi].
func (rg *region) updateItem(d *cc.Declarator, lo, hi ir.Affine) string {
	return fmt.Sprintf("%s[%s:%s]", d.Name(), lo, hi.Sub(lo).Add(ir.Constant(1)))
}
