package lower

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// deviceptrClause reports whether the construct's deviceptr clause names d.
func (rg *region) deviceptrClause(d *cc.Declarator) bool {
	for _, cl := range rg.p.Dir.Clauses {
		if cl.Kind != directives.ClauseDeviceptr {
			continue
		}
		for _, x := range cl.Vars {
			if _, dd := rg.clauseVar(x); dd == d {
				return true
			}
		}
	}
	return false
}

func (rg *region) restrictVar(v *ir.Var) bool {
	if v.Type.Kind != ir.Pointer || v.Local {
		return false
	}
	for d, w := range rg.vars {
		if w == v {
			return declRestrict(d)
		}
	}
	return false
}

// atLines spells " at line L1,L2" for NVHPC's remarks, or "" for none.
func (s sourceFiles) atLines(lines []int) string {
	if len(lines) == 0 {
		return ""
	}
	text := make([]string, len(lines))
	for i, n := range lines {
		text[i] = fmt.Sprint(s.line(n))
	}
	return " at line " + strings.Join(text, ",")
}

// liveOutside reports whether the enclosing function may read the value
// the construct leaves in d (liveReads).
func (rg *region) liveOutside(d *cc.Declarator) bool {
	live, _ := rg.liveReads(d)
	return live
}

// liveReads reports whether the enclosing function may read the value
// the construct leaves in d, with the lines of the reads that may
// (readsAfter).
func (rg *region) liveReads(d *cc.Declarator) (bool, []int) {
	r := rg.readsAfter(map[*cc.Declarator]bool{d: true})[d]
	return r.live, r.lines
}

// A liveness is whether the function may read the value a construct
// leaves in a variable, and the lines of the reads that may.
type liveness struct {
	live  bool
	lines []int
}

// readsAfter reports, for each variable ds holds, whether the enclosing
// function may read the value the construct leaves in it: some reference
// outside the construct reads it and is not covered, that is, preceded
// in its own block (or a block around it) by a statement "d = e;" with
// the construct not in between. Every path to such a read passes through
// that assignment first. A function with labels (goto) is not analysed.
// One walk of the function answers for every variable.
func (rg *region) readsAfter(ds map[*cc.Declarator]bool) map[*cc.Declarator]liveness {
	if len(ds) == 0 {
		return nil
	}
	fr := rg.b.funcReadsOf(rg.p.Func)
	labels, writes := fr.labels, fr.writes
	reads := map[*cc.Declarator][]*cc.PrimaryExpression{}
	for d := range ds {
		for _, x := range fr.idents[d] {
			if !rg.inside(x) {
				reads[d] = append(reads[d], x)
			}
		}
	}
	live := map[*cc.Declarator]liveness{}
	var parent map[cc.Node]cc.Node
	var cs *coverScan
	for d := range ds {
		if labels {
			live[d] = liveness{live: true}
			continue
		}
		var lines []int
		for _, r := range reads[d] {
			if writes[r] {
				continue
			}
			if cs == nil {
				parent = fr.parents()
				cs = rg.newCoverScan(parent)
			}
			if !rg.covered(r, d, parent, cs) {
				lines = append(lines, r.Position().Line)
			}
		}
		live[d] = liveness{live: len(lines) > 0, lines: lines}
	}
	return live
}

// covered reports whether a plain assignment to d precedes read r in a
// block that holds r, with the construct not between them.
func (rg *region) covered(r cc.Node, d *cc.Declarator, parent map[cc.Node]cc.Node, cs *coverScan) bool {
	for n := r; n != nil; n = parent[n] {
		if is, ok := n.(*cc.IterationStatement); ok && !cs.around[is] && forKills(is, d, r, parent) {
			return true // for (d = e; ...) with r in the condition, step or body
		}
		if item, ok := n.(*cc.BlockItem); ok {
			// What lies above the item is the same for every read in
			// it: the answer is kept (coverScan.fromItem).
			return rg.coveredFrom(item, d, parent, cs)
		}
	}
	return false
}

// coveredFrom is covered for the reads inside block item item, from the
// item up.
func (rg *region) coveredFrom(item *cc.BlockItem, d *cc.Declarator, parent map[cc.Node]cc.Node, cs *coverScan) bool {
	k := itemKey{item, d}
	if v, ok := cs.fromItem[k]; ok {
		return v
	}
	v := false
	switch {
	case cs.around[item]:
		// The item holds the construct too: an assignment before it
		// does not separate the construct from r (a loop's back edge
		// may lead from the construct to r).
	case cs.listOf(item, parent) != nil && cs.killedBefore(cs.listOf(item, parent), item, d, rg.start):
		v = true
	default:
		for n := parent[item]; n != nil; n = parent[n] {
			if is, ok := n.(*cc.IterationStatement); ok && !cs.around[is] && forKills(is, d, item, parent) {
				v = true // for (d = e; ...) with the item in the condition, step or body
				break
			}
			if up, ok := n.(*cc.BlockItem); ok {
				v = rg.coveredFrom(up, d, parent, cs)
				break
			}
		}
	}
	cs.fromItem[k] = v
	return v
}

// forKills reports whether is is a for statement whose initialisation
// assigns d an expression that does not use d, and r is not in that
// initialisation: every path to r passes the assignment.
func forKills(is *cc.IterationStatement, d *cc.Declarator, r cc.Node, parent map[cc.Node]cc.Node) bool {
	if is.Case != cc.IterationStatementFor || is.ExpressionList == nil {
		return false
	}
	id := assignedIdent(is.ExpressionList)
	if id == nil || declOf(id) != d {
		return false
	}
	for n := r; n != nil && n != cc.Node(is); n = parent[n] {
		if n == cc.Node(is.ExpressionList) {
			return false
		}
	}
	uses := false
	walk(unwrapList(is.ExpressionList).(*cc.AssignmentExpression).AssignmentExpression, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d {
			uses = true
		}
		return !uses
	})
	return !uses
}

// kills reports whether a block item is "d = e;" with e not using d.
func kills(bi *cc.BlockItem, d *cc.Declarator) bool {
	if bi.Case != cc.BlockItemStmt || bi.Statement.Case != cc.StatementExpr || bi.Statement.ExpressionStatement.ExpressionList == nil {
		return false
	}
	a, ok := unwrapList(bi.Statement.ExpressionStatement.ExpressionList).(*cc.AssignmentExpression)
	if !ok || a.Case != cc.AssignmentExpressionAssign {
		return false
	}
	if id := rootIdent(a.UnaryExpression); id == nil || declOf(id) != d {
		return false
	}
	uses := false
	walk(a.AssignmentExpression, func(n cc.Node) bool {
		if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d {
			uses = true
		}
		return !uses
	})
	return !uses
}

// indexLiveOut reports whether a kernels construct must keep the value
// its loops leave in control variable v (declared by d outside the
// construct): code of the region outside the loops v controls uses it,
// or the function may read it after the construct. Such a variable is
// a scalar like the others, copied in and out (§2.6.2); the kernels
// assign it the value each loop leaves (codegen/kernel finalIndices).
func (rg *region) indexLiveOut(d *cc.Declarator, v *ir.Var) bool {
	beyond := false
	// Inside a loop that v controls, code reads that loop's value.
	outside := func(n ir.Node) bool {
		switch x := n.(type) {
		case *ir.Stmt:
			for _, a := range x.Accesses {
				beyond = beyond || a.Var == v
			}
		case *ir.Loop:
			for _, iv := range x.Nest {
				if iv.Var == v {
					return false
				}
			}
		}
		return true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectNodes(k.Body, outside)
	}
	if beyond || v.Global {
		return true
	}
	return rg.p.Func == nil || rg.liveOutside(d)
}
