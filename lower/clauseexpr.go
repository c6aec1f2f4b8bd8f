package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
)

// This file turns clause expressions (the directive grammar's AST) into
// IR expressions: the bases and bounds of data clause sections, which the
// host evaluates. Identifiers become references to the compute region's
// variables where they are ones, else to host variables printed by name;
// enumeration constants stay names with their values; types come from the
// directive checker.

// clauseConv converts the clause expressions of one directive.
type clauseConv struct {
	b *builder
	p *frontend.Pragma
	// vars are the compute region's variables (nil outside compute
	// constructs).
	vars map[*cc.Declarator]*ir.Var
}

func (b *builder) clauseConv(p *frontend.Pragma, vars map[*cc.Declarator]*ir.Var) *clauseConv {
	return &clauseConv{b: b, p: p, vars: vars}
}

// expr converts x. Forms the IR has no node for (a section, '*') become
// Opaque text; parentheses go, the IR prints those its structure needs.
func (c *clauseConv) expr(x directives.Expr) ir.Expr {
	switch e := x.(type) {
	case *directives.Paren:
		return c.expr(e.X)
	case *directives.Ident:
		if d := c.p.Lookup(e.Name); d != nil {
			return &ir.Ref{Var: c.varOf(d, e)}
		}
		if v, ok := c.p.ConstValue(e); ok {
			return &ir.Const{Text: e.Name, T: c.typeOf(e), Int: v, IsInt: true} // an enumeration constant
		}
	case *directives.Lit:
		k := &ir.Const{Text: e.Value, T: c.typeOf(e)}
		if e.Kind == directives.LitInt || e.Kind == directives.LitChar {
			k.Int, k.IsInt = directives.ConstValue(e, nil)
		}
		return k
	case *directives.Unary:
		return &ir.Unary{Op: e.Op, X: c.expr(e.X), T: c.typeOf(e)}
	case *directives.Postfix:
		return &ir.Unary{Op: e.Op, X: c.expr(e.X), Post: true, T: c.typeOf(e)}
	case *directives.Binary:
		return &ir.Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y), T: c.typeOf(e)}
	case *directives.Cond:
		return &ir.Cond{C: c.expr(e.C), X: c.expr(e.T), Y: c.expr(e.F), T: c.typeOf(e)}
	case *directives.Call:
		if id, ok := e.Fun.(*directives.Ident); ok {
			call := &ir.Call{Func: id.Name, T: c.typeOf(e)}
			for _, a := range e.Args {
				call.Args = append(call.Args, c.expr(a))
			}
			return call
		}
	case *directives.Member:
		return &ir.Member{X: c.expr(e.X), Name: e.Name, Arrow: e.Arrow, T: c.typeOf(e)}
	case *directives.Index:
		return &ir.Index{X: c.expr(e.X), I: c.expr(e.Index), T: c.typeOf(e)}
	case *directives.Cast:
		return &ir.Cast{X: c.expr(e.X), T: c.typeName(e.Type, c.typeOf(e))}
	case *directives.SizeofType:
		return &ir.SizeofType{Of: c.typeName(e.Type, nil), T: c.typeOf(e)}
	}
	return &ir.Opaque{Code: ir.Code{{Text: directives.ExprString(x)}}, T: c.typeOf(x)}
}

// varOf returns the variable an identifier names: the region's variable,
// or a host variable (one per declaration).
func (c *clauseConv) varOf(d *cc.Declarator, id *directives.Ident) *ir.Var {
	if v := c.vars[d]; v != nil {
		return v
	}
	if v := c.b.hostVars[d]; v != nil {
		return v
	}
	v := &ir.Var{Name: d.Name(), Type: c.typeOf(id), Global: d.StorageDuration() == cc.Static}
	if c.b.hostVars == nil {
		c.b.hostVars = map[*cc.Declarator]*ir.Var{}
	}
	c.b.hostVars[d] = v
	return v
}

// regionVar returns the region variable x's base names, or nil.
func (c *clauseConv) regionVar(x directives.Expr) *ir.Var {
	if d := c.p.Lookup(baseName(x)); d != nil {
		return c.vars[d]
	}
	return nil
}

func (c *clauseConv) typeOf(x directives.Expr) *ir.Type { return known(c.p.TypeOf(x)) }

// typeName is the type of a cast or sizeof, spelled as written: t is the
// checker's type of it, which gives the kind.
func (c *clauseConv) typeName(tn *directives.TypeName, t *ir.Type) *ir.Type {
	base := t
	for i := 0; i < tn.Ptr && base != nil && base.Kind == ir.Pointer; i++ {
		base = base.Elem
	}
	r := &ir.Type{Kind: ir.Other, Size: -1, Len: -1}
	if base != nil {
		cp := *base
		r = &cp
	}
	r.Name = strings.Join(tn.Words, " ")
	for i := 0; i < tn.Ptr; i++ {
		r = &ir.Type{Kind: ir.Pointer, Elem: r, Size: 8, Len: -1}
	}
	return r
}

// known returns t, the directive checker's type, or nil for the invalid
// type (what the checker could not type).
func known(t *ir.Type) *ir.Type {
	if t == nil || t.Kind == ir.Invalid {
		return nil
	}
	return t
}

// sameExpr reports whether the clause expression x is the expression n of
// the program (a variable-length array's size): the same operators on the
// same declarations, or the same integer constant. Parentheses do not
// matter; forms other than identifiers, constants and arithmetic never
// match.
func sameExpr(p *frontend.Pragma, n cc.ExpressionNode, x directives.Expr) bool {
	for {
		px, ok := x.(*directives.Paren)
		if !ok {
			break
		}
		x = px.X
	}
	if v, ok := p.ConstValue(x); ok {
		w, ok := intValue(n)
		return ok && v == w
	}
	op, args, prim := ccOperation(n)
	switch e := x.(type) {
	case *directives.Ident:
		d := p.Lookup(e.Name)
		return d != nil && prim != nil && prim.Case == cc.PrimaryExpressionIdent && declOf(prim) == d
	case *directives.Unary:
		return op == e.Op && len(args) == 1 && sameExpr(p, args[0], e.X)
	case *directives.Binary:
		return op == e.Op && len(args) == 2 && sameExpr(p, args[0], e.X) && sameExpr(p, args[1], e.Y)
	}
	return false
}

// ccOperation looks through the cc/v4 productions that pass their single
// operand on and returns the operator and operands of the expression n
// is, or its primary expression (an identifier, a constant); "" and no
// operands for other forms.
func ccOperation(n cc.ExpressionNode) (op string, args []cc.ExpressionNode, prim *cc.PrimaryExpression) {
	bin := func(tok cc.Token, x, y cc.ExpressionNode) (string, []cc.ExpressionNode, *cc.PrimaryExpression) {
		return tok.SrcStr(), []cc.ExpressionNode{x, y}, nil
	}
	for {
		switch x := n.(type) {
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return "", nil, nil
			}
			n = x.AssignmentExpression
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				return "", nil, nil
			}
			n = x.ConditionalExpression
		case *cc.ConditionalExpression:
			if x.Case != cc.ConditionalExpressionLOr {
				return "", nil, nil
			}
			n = x.LogicalOrExpression
		case *cc.LogicalOrExpression:
			if x.Case == cc.LogicalOrExpressionLAnd {
				n = x.LogicalAndExpression
				continue
			}
			return bin(x.Token, x.LogicalOrExpression, x.LogicalAndExpression)
		case *cc.LogicalAndExpression:
			if x.Case == cc.LogicalAndExpressionOr {
				n = x.InclusiveOrExpression
				continue
			}
			return bin(x.Token, x.LogicalAndExpression, x.InclusiveOrExpression)
		case *cc.InclusiveOrExpression:
			if x.Case == cc.InclusiveOrExpressionXor {
				n = x.ExclusiveOrExpression
				continue
			}
			return bin(x.Token, x.InclusiveOrExpression, x.ExclusiveOrExpression)
		case *cc.ExclusiveOrExpression:
			if x.Case == cc.ExclusiveOrExpressionAnd {
				n = x.AndExpression
				continue
			}
			return bin(x.Token, x.ExclusiveOrExpression, x.AndExpression)
		case *cc.AndExpression:
			if x.Case == cc.AndExpressionEq {
				n = x.EqualityExpression
				continue
			}
			return bin(x.Token, x.AndExpression, x.EqualityExpression)
		case *cc.EqualityExpression:
			if x.Case == cc.EqualityExpressionRel {
				n = x.RelationalExpression
				continue
			}
			return bin(x.Token, x.EqualityExpression, x.RelationalExpression)
		case *cc.RelationalExpression:
			if x.Case == cc.RelationalExpressionShift {
				n = x.ShiftExpression
				continue
			}
			return bin(x.Token, x.RelationalExpression, x.ShiftExpression)
		case *cc.ShiftExpression:
			if x.Case == cc.ShiftExpressionAdd {
				n = x.AdditiveExpression
				continue
			}
			return bin(x.Token, x.ShiftExpression, x.AdditiveExpression)
		case *cc.AdditiveExpression:
			if x.Case == cc.AdditiveExpressionMul {
				n = x.MultiplicativeExpression
				continue
			}
			return bin(x.Token, x.AdditiveExpression, x.MultiplicativeExpression)
		case *cc.MultiplicativeExpression:
			if x.Case == cc.MultiplicativeExpressionCast {
				n = x.CastExpression
				continue
			}
			return bin(x.Token, x.MultiplicativeExpression, x.CastExpression)
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionUnary {
				return "", nil, nil
			}
			n = x.UnaryExpression
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionPostfix:
				n = x.PostfixExpression
				continue
			case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
				return x.Token.SrcStr(), []cc.ExpressionNode{x.CastExpression}, nil
			}
			return "", nil, nil
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				return "", nil, nil
			}
			n = x.PrimaryExpression
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionExpr {
				n = x.ExpressionList
				continue
			}
			return "", nil, x
		default:
			return "", nil, nil
		}
	}
}
