package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// The section an error about an unknown extent suggests: one [lo:len]
// per dimension the variable's type needs, with bounds from the loops
// whose indices subscript the variable in the construct (for (i = lo; i
// < hi; i++) ... a[i] gives a[lo:hi-lo]), written with names visible at
// the directive; "<count>" where nothing better is known, so that the
// suggestion never passes for a known extent.

const placeholder = "<count>"

// suggestion returns the section to suggest for variable d, spelled
// text, at directive p.
func (b *builder) suggestion(p *frontend.Pragma, d *cc.Declarator, text string) string {
	n := 1
	if d != nil {
		if pt, ok := d.Type().(*cc.PointerType); ok && pt.Elem().Kind() == cc.Ptr {
			n = 2 // rows of pointers: p[0:n][0:m]
		}
	}
	lo, ln := b.suggestDims(p, d, n)
	var sb strings.Builder
	sb.WriteString(text)
	for i := range lo {
		sb.WriteString("[" + lo[i] + ":" + ln[i] + "]")
	}
	return sb.String()
}

// suggestDims returns the lower bounds and lengths to suggest for the
// first n dimensions of d at directive p.
func (b *builder) suggestDims(p *frontend.Pragma, d *cc.Declarator, n int) (lo, ln []string) {
	lo, ln = make([]string, n), make([]string, n)
	for i := range lo {
		lo[i], ln[i] = "0", placeholder
	}
	if d != nil && p.Stmt != nil {
		b.loopBounds(p, d, lo, ln)
	}
	return lo, ln
}

// A forBound is the range of a for loop's index: lo to hi, hi included
// when incl.
type forBound struct {
	lo, hi cc.ExpressionNode
	incl   bool
}

// loopBounds fills lo and ln, for each dimension, from the first
// subscript of d in p's statement that is a loop index (plus or minus a
// constant) whose loop bounds name only variables visible at p.
func (b *builder) loopBounds(p *frontend.Pragma, d *cc.Declarator, lo, ln []string) {
	bounds := map[*cc.Declarator]forBound{}
	walk(p.Stmt, func(n cc.Node) bool {
		if it, ok := n.(*cc.IterationStatement); ok {
			if v, fb, ok := forRange(it); ok {
				if _, seen := bounds[v]; !seen {
					bounds[v] = fb
				}
			}
		}
		return true
	})
	c := b.clauseConv(p, nil)
	// The least and greatest element of each dimension, over the
	// subscripts found (merged while they differ by constants).
	first, last := make([]ir.Affine, len(lo)), make([]ir.Affine, len(lo))
	walk(p.Stmt, func(n cc.Node) bool {
		x, ok := n.(*cc.PostfixExpression)
		if !ok || x.Case != cc.PostfixExpressionIndex {
			return true
		}
		// x is d[e0] (depth 0) or d[e0][e1] (depth 1).
		depth := 0
		base := peel(x.PostfixExpression)
		if in, ok := base.(*cc.PostfixExpression); ok && in.Case == cc.PostfixExpressionIndex {
			depth, base = 1, peel(in.PostfixExpression)
		}
		id, ok := base.(*cc.PrimaryExpression)
		if !ok || id.Case != cc.PrimaryExpressionIdent || declOf(id) != d || depth >= len(lo) {
			return true
		}
		v, off, ok := indexPlus(x.ExpressionList)
		fb, known := bounds[v]
		if !ok || !known {
			return true
		}
		l, okl := c.visibleAffine(fb.lo)
		h, okh := c.visibleAffine(fb.hi)
		if !okl || !okh {
			return true
		}
		if !fb.incl {
			h = h.Sub(ir.Constant(1))
		}
		l, h = l.Add(ir.Constant(off)), h.Add(ir.Constant(off))
		if !first[depth].OK {
			first[depth], last[depth] = l, h
			return true
		}
		if nl, ok1 := least(first[depth], l); ok1 {
			if nh, ok2 := greatest(last[depth], h); ok2 {
				first[depth], last[depth] = nl, nh
			}
		}
		return true
	})
	for i := range lo {
		if first[i].OK {
			lo[i] = strings.ReplaceAll(first[i].String(), " ", "")
			ln[i] = strings.ReplaceAll(last[i].Sub(first[i]).Add(ir.Constant(1)).String(), " ", "")
		}
	}
}

// visibleAffine reads a loop bound as a polynomial of variables visible
// at the directive.
func (c *clauseConv) visibleAffine(n cc.ExpressionNode) (ir.Affine, bool) {
	e, ok := c.hostExpr(n)
	if !ok {
		return ir.Affine{}, false
	}
	a := ir.Linear(e)
	return a, a.OK
}

// forRange reads for (i = lo; i < hi; i++) (or int i = lo, <=, ++i, i
// += 1).
func forRange(it *cc.IterationStatement) (*cc.Declarator, forBound, bool) {
	var v *cc.Declarator
	var fb forBound
	switch it.Case {
	case cc.IterationStatementFor:
		a, ok := peel(it.ExpressionList).(*cc.AssignmentExpression)
		if !ok || a.Case != cc.AssignmentExpressionAssign {
			return nil, fb, false
		}
		if id := rootIdent(a.UnaryExpression); id != nil {
			v = declOf(id)
		}
		fb.lo = a.AssignmentExpression
	case cc.IterationStatementForDecl:
		if it.Declaration == nil || it.Declaration.InitDeclaratorList == nil || it.Declaration.InitDeclaratorList.InitDeclaratorList != nil {
			return nil, fb, false
		}
		in := it.Declaration.InitDeclaratorList.InitDeclarator
		if in.Initializer == nil || in.Initializer.Case != cc.InitializerExpr {
			return nil, fb, false
		}
		v, fb.lo = in.Declarator, in.Initializer.AssignmentExpression
	default:
		return nil, fb, false
	}
	cond, step := it.ExpressionList2, it.ExpressionList3
	if it.Case == cc.IterationStatementForDecl {
		cond, step = it.ExpressionList, it.ExpressionList2
	}
	r, ok := peel(cond).(*cc.RelationalExpression)
	if v == nil || cond == nil || step == nil || !ok {
		return nil, fb, false
	}
	if id, ok := peel(r.RelationalExpression).(*cc.PrimaryExpression); !ok || id.Case != cc.PrimaryExpressionIdent || declOf(id) != v {
		return nil, fb, false
	}
	switch r.Token.SrcStr() {
	case "<":
	case "<=":
		fb.incl = true
	default:
		return nil, fb, false
	}
	fb.hi = r.ShiftExpression
	inc := false
	switch s := peel(step).(type) {
	case *cc.PostfixExpression:
		inc = s.Case == cc.PostfixExpressionInc
	case *cc.UnaryExpression:
		inc = s.Case == cc.UnaryExpressionInc
	case *cc.AssignmentExpression:
		k, ok := intValue(s.AssignmentExpression)
		inc = s.Case == cc.AssignmentExpressionAdd && ok && k == 1
	}
	return v, fb, inc
}

// indexPlus reads a subscript i, i + k or i - k, k an integer constant.
func indexPlus(e cc.ExpressionNode) (*cc.Declarator, int64, bool) {
	switch x := peel(e).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			return declOf(x), 0, declOf(x) != nil
		}
	case *cc.AdditiveExpression:
		id, ok := peel(x.AdditiveExpression).(*cc.PrimaryExpression)
		k, isConst := intValue(x.MultiplicativeExpression)
		if !ok || !isConst || id.Case != cc.PrimaryExpressionIdent || declOf(id) == nil {
			return nil, 0, false
		}
		if x.Token.SrcStr() == "-" {
			k = -k
		}
		return declOf(id), k, true
	}
	return nil, 0, false
}

// extentError reports that the extent of the data region variable v
// (declared by d) reaches is unknown, suggesting a data clause: copyin
// for data the construct only reads, else copy.
func (rg *region) extentError(d *cc.Declarator, v *ir.Var, what string, present bool) {
	kind := "copy"
	if !rg.writesThrough(v) {
		kind = "copyin"
	}
	sug := kind + "(" + rg.b.suggestion(rg.p, d, v.Name) + ")"
	if present {
		sug += " or present(" + v.Name + ")"
	}
	rg.errorf(rg.firstUse[v], diag.CodeDataExtent, "the extent of %s is unknown; add a data clause such as %s", what, sug)
}

// writesThrough reports whether the construct may store to v's data.
func (rg *region) writesThrough(v *ir.Var) bool {
	written, unknown := rg.deviceWrites()
	return unknown || written[v]
}
