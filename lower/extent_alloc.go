package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/ir"
)

// Extents from allocations: a pointer that the function assigns once,
// from malloc, calloc or aligned_alloc, in a statement every path to the
// directive passes, points to the elements that allocation holds. The
// element count is the byte count divided by the element's size, when
// the division is exact on the expression's factors (n * sizeof *p, 8 *
// n for doubles); the count's variables must still hold, at the
// directive, the values the allocation saw (funcFacts.stable).

// allocCount returns the number of elements of the allocation pointer d
// holds at directive p, as an expression the host evaluates there, or
// nil when it is not known.
func (c *clauseConv) allocCount(d *cc.Declarator) ir.Expr {
	b, p := c.b, c.p
	f := b.facts(p)
	if f == nil || !f.local(d) || p.Lookup(d.Name()) != d {
		return nil
	}
	pt, ok := d.Type().(*cc.PointerType)
	if !ok || pt.Elem().Kind() == cc.Void || pt.Elem().Kind() == cc.Function {
		return nil
	}
	ws := f.writes[d]
	if len(ws) != 1 || ws[0].rhs == nil {
		return nil // assigned more than once, or not by a plain assignment
	}
	w := ws[0]
	at := b.at(p)
	if !f.dominates(w, at) || f.jumpsBetween(w.end, at.start) {
		return nil
	}
	name, args := allocCall(w.rhs)
	var bytes []cc.ExpressionNode
	switch {
	case name == "malloc" && len(args) == 1:
		bytes = factors(args[0])
	case name == "calloc" && len(args) == 2:
		bytes = append(factors(args[0]), factors(args[1])...)
	case name == "aligned_alloc" && len(args) == 2:
		bytes = factors(args[1])
	default:
		return nil
	}
	return c.elementCount(f, bytes, pt.Elem(), w.start, at)
}

// elementCount divides the product of the factors by the size of elem:
// a factor sizeof(elem) (or sizeof *p) goes; otherwise the constant
// factors must be a multiple of the size. The other factors must keep,
// at the directive (spanning at), the values they had at from.
func (c *clauseConv) elementCount(f *funcFacts, fs []cc.ExpressionNode, elem cc.Type, from int, at byteSpan) ir.Expr {
	k := int64(1)
	matched := false
	var sym []ir.Expr
	for _, x := range fs {
		if v, ok := intValue(x); ok {
			if v <= 0 || k > (1<<40)/v {
				return nil
			}
			k *= v
			continue
		}
		if t := sizeofOperand(x); t != nil {
			if matched || t != elem {
				return nil // the size of something else, and not a constant
			}
			matched = true
			continue
		}
		if !f.sameValue(x, c.p, from, at) {
			return nil
		}
		e, ok := c.hostExpr(x)
		if !ok {
			return nil
		}
		sym = append(sym, e)
	}
	if !matched {
		// sizeof(elem) is among the constant factors.
		size := elem.Size()
		if size <= 0 || elem.Kind() == cc.Array && elem.(*cc.ArrayType).IsVLA() || k%size != 0 {
			return nil
		}
		k /= size
	}
	var count ir.Expr
	if k != 1 || len(sym) == 0 {
		count = ir.IntConst(k)
	}
	for _, e := range sym {
		if count == nil {
			count = e
			continue
		}
		count = &ir.Binary{Op: "*", X: count, Y: e, T: e.Type()}
	}
	return count
}

// sizeofOperand returns the type whose size a sizeof expression x takes,
// or nil for other expressions.
func sizeofOperand(x cc.ExpressionNode) cc.Type {
	u, ok := peel(x).(*cc.UnaryExpression)
	if !ok {
		return nil
	}
	switch u.Case {
	case cc.UnaryExpressionSizeofExpr:
		// The operand's own type, not its conversion to a pointer:
		// *p and p[0] are p's element, an array with its bound.
		switch x := peel(u.UnaryExpression).(type) {
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionDeref {
				return elemType(declType(x.CastExpression))
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionIndex {
				return elemType(declType(x.PostfixExpression))
			}
		case *cc.PrimaryExpression:
			return declType(x)
		}
		return u.UnaryExpression.Type()
	case cc.UnaryExpressionSizeofType:
		return u.TypeName.Type()
	}
	return nil
}

// factors splits a product into its factors: n * m * sizeof *p gives n,
// m and sizeof *p.
func factors(x cc.ExpressionNode) []cc.ExpressionNode {
	if m, ok := peel(x).(*cc.MultiplicativeExpression); ok && m.Case == cc.MultiplicativeExpressionMul {
		return append(factors(m.MultiplicativeExpression), factors(m.CastExpression)...)
	}
	return []cc.ExpressionNode{x}
}

// allocCall returns the name and arguments of the function x calls,
// through conversions of its result: (double *)malloc(n) gives malloc
// and n.
func allocCall(x cc.ExpressionNode) (string, []cc.ExpressionNode) {
	n := peel(x)
	for {
		c, ok := n.(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast {
			break
		}
		n = peel(c.CastExpression)
	}
	call, ok := n.(*cc.PostfixExpression)
	if !ok || call.Case != cc.PostfixExpressionCall {
		return "", nil
	}
	fn, ok := peel(call.PostfixExpression).(*cc.PrimaryExpression)
	if !ok || fn.Case != cc.PrimaryExpressionIdent {
		return "", nil
	}
	if d := declOf(fn); d != nil && (d.Type().Kind() != cc.Function || d.Linkage() != cc.External) {
		return "", nil
	}
	var args []cc.ExpressionNode
	for l := call.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	return fn.Token.SrcStr(), args
}

// dominates reports whether the store w is a statement of its own (a
// declaration with an initializer, or an assignment statement) in a
// block that holds the directive spanning at, before it: every path
// into the directive passes w (jumps aside, which the caller checks).
func (f *funcFacts) dominates(w store, at byteSpan) bool {
	found := false
	walk(f.body, func(n cc.Node) bool {
		cs, ok := n.(*cc.CompoundStatement)
		if !ok || found {
			return !found
		}
		bs := f.byteSpan(cs)
		if !bs.contains(at.start) || at.end > bs.end {
			return false // the directive is not in this block
		}
		for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
			item := l.BlockItem
			if item == nil || !isStore(item, w.node) {
				continue
			}
			found = f.byteSpan(item).end <= at.start
		}
		return true
	})
	return found
}

// isStore reports whether block item it is the store node: a declaration
// with it among its init declarators, or an expression statement that
// is the assignment.
func isStore(it *cc.BlockItem, node cc.Node) bool {
	switch it.Case {
	case cc.BlockItemDecl:
		if it.Declaration == nil {
			return false
		}
		for l := it.Declaration.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if cc.Node(l.InitDeclarator) == node {
				return true
			}
		}
	case cc.BlockItemStmt:
		s := it.Statement
		if s != nil && s.Case == cc.StatementExpr && s.ExpressionStatement != nil && s.ExpressionStatement.ExpressionList != nil {
			return peel(s.ExpressionStatement.ExpressionList) == node
		}
	}
	return false
}

// declType is the declared type of the variable an identifier
// expression names, else the expression's type.
func declType(x cc.ExpressionNode) cc.Type {
	if id, ok := peel(x).(*cc.PrimaryExpression); ok && id.Case == cc.PrimaryExpressionIdent {
		if d := declOf(id); d != nil {
			return d.Type()
		}
	}
	return x.Type()
}
