package lower

import (
	"strconv"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
)

// This file holds what extent inference needs to know about the function
// around a directive: which variables it stores to and where, whose
// address it takes, where its loops and labels are. The extents it
// infers are expressions the host evaluates at the directive (p[0:n]);
// they are right only when they have the value they had where the
// extent was established (an allocation, a data construct's entry, a
// declaration), which funcFacts.stable decides conservatively.

// funcFacts are the facts about one function body.
type funcFacts struct {
	b *builder
	// writes are the stores to each variable named directly: an
	// assignment (=, op=), ++, --, or its declaration's initializer.
	writes map[*cc.Declarator][]store
	// addr are the variables whose address the function takes (&x):
	// any call may then change them.
	addr map[*cc.Declarator]bool
	// loops are the byte ranges of the iteration statements; labels
	// the offsets of labeled statements (goto targets, case, default).
	loops  []byteSpan
	labels []int
	body   *cc.CompoundStatement
}

// A byteSpan is a byte range [start, end) of the main file.
type byteSpan struct{ start, end int }

func (s byteSpan) contains(off int) bool { return s.start <= off && off < s.end }

// A store is one write to a variable: node is the assignment
// expression, the increment, or the init declarator.
type store struct {
	byteSpan
	node cc.Node
	// rhs is the value stored by a plain assignment or an initializer;
	// nil for the other forms.
	rhs cc.ExpressionNode
}

// facts collects the facts of p's function; nil at file scope.
func (b *builder) facts(p *frontend.Pragma) *funcFacts {
	if p == nil || p.Func == nil || p.Func.CompoundStatement == nil {
		return nil
	}
	if f := b.funcs[p.Func]; f != nil {
		return f
	}
	if b.funcs == nil {
		b.funcs = map[*cc.FunctionDefinition]*funcFacts{}
	}
	f := &funcFacts{b: b, writes: map[*cc.Declarator][]store{}, addr: map[*cc.Declarator]bool{}, body: p.Func.CompoundStatement}
	walk(p.Func.CompoundStatement, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				var rhs cc.ExpressionNode
				if x.Case == cc.AssignmentExpressionAssign {
					rhs = x.AssignmentExpression
				}
				f.store(x.UnaryExpression, x, rhs)
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
				f.store(x.PostfixExpression, x, nil)
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
				f.store(x.UnaryExpression, x, nil)
			case cc.UnaryExpressionAddrof:
				if id := rootIdent(x.CastExpression); id != nil {
					if d := declOf(id); d != nil {
						f.addr[d] = true
					}
				}
			}
		case *cc.InitDeclarator:
			if x.Initializer != nil && x.Declarator != nil {
				var rhs cc.ExpressionNode
				if x.Initializer.Case == cc.InitializerExpr {
					rhs = x.Initializer.AssignmentExpression
				}
				f.writes[x.Declarator] = append(f.writes[x.Declarator], store{byteSpan: f.byteSpan(x), node: x, rhs: rhs})
			}
		case *cc.IterationStatement:
			f.loops = append(f.loops, f.byteSpan(x))
		case *cc.LabeledStatement:
			f.labels = append(f.labels, x.Position().Offset)
		}
		return true
	})
	b.funcs[p.Func] = f
	return f
}

func (f *funcFacts) byteSpan(n cc.Node) byteSpan {
	s, e := f.b.stmtRange(n)
	return byteSpan{s, e}
}

func (f *funcFacts) store(target cc.Node, n cc.Node, rhs cc.ExpressionNode) {
	if id := rootIdent(target); id != nil {
		if d := declOf(id); d != nil {
			f.writes[d] = append(f.writes[d], store{byteSpan: f.byteSpan(n), node: n, rhs: rhs})
		}
	}
}

// local reports whether d is a parameter or an automatic variable of the
// function whose address is never taken: only the function's own stores
// change it.
func (f *funcFacts) local(d *cc.Declarator) bool {
	if d == nil || f.addr[d] || d.AddressTaken() || d.StorageDuration() != cc.Automatic {
		return false
	}
	s := f.byteSpan(f.body)
	return d.IsParam() || s.contains(d.Position().Offset)
}

// stable reports whether the variable d has, at the directive spanning
// at, the value it had at from (an allocation, a data construct's
// entry, a declaration; from is at's start for the directive itself):
// d is a local of the function and none of its stores can run between
// the two. A store before from is harmless: any path from it to at
// passes from again (from dominates at, which the caller checks). A
// store between from and at is not; nor one at or after at inside a
// loop around at that does not also hold from (the next iteration would
// reach at without passing from).
func (f *funcFacts) stable(d *cc.Declarator, from int, at byteSpan) bool {
	if !f.local(d) {
		return false
	}
	for _, w := range f.writes[d] {
		if w.start < from {
			continue
		}
		if w.start < at.start {
			return false
		}
		for _, l := range f.loops {
			if l.contains(at.start) && l.contains(w.start) && !l.contains(from) {
				return false
			}
		}
	}
	return true
}

// jumpsBetween reports whether a label lies between from and to: a jump
// to it would skip what is before it.
func (f *funcFacts) jumpsBetween(from, to int) bool {
	for _, l := range f.labels {
		if from <= l && l < to {
			return true
		}
	}
	return false
}

// identsOf calls fn for each identifier expression under n; false when
// n holds anything but identifiers of variables, constants, arithmetic,
// casts and sizeof (calls, assignments, members, subscripts...): forms
// whose value extent inference does not follow.
func identsOf(n cc.Node, fn func(*cc.PrimaryExpression)) bool {
	ok := true
	walk(n, func(c cc.Node) bool {
		if !ok {
			return false
		}
		switch x := c.(type) {
		case *cc.PrimaryExpression:
			switch x.Case {
			case cc.PrimaryExpressionIdent:
				if _, isEnum := x.ResolvedTo().(*cc.Enumerator); isEnum {
					return false
				}
				d := declOf(x)
				if d == nil || d.Type().Kind() == cc.Function {
					ok = false
					return false
				}
				fn(x)
			case cc.PrimaryExpressionExpr, cc.PrimaryExpressionInt, cc.PrimaryExpressionChar:
			default:
				ok = false
			}
		case *cc.UnaryExpression:
			switch x.Case {
			case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType:
				// A constant size; a variable-length type's is evaluated
				// where the sizeof is (sizeof(double[n])).
				if _, isConst := intValue(x); !isConst {
					ok = false
				}
				return false
			case cc.UnaryExpressionPostfix, cc.UnaryExpressionPlus, cc.UnaryExpressionMinus:
			default:
				ok = false
			}
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				ok = false
			}
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				ok = false
			}
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				ok = false // a comma operator
			}
		case *cc.ConditionalExpression:
			if x.Case != cc.ConditionalExpressionLOr {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// sameValue reports whether expression n, written where the value was
// established (from), has the same value when the directive p (spanning
// at) evaluates it: its identifiers name there the same stable local
// variables, and it has no other forms than identifiers, constants,
// arithmetic, casts and sizeof.
func (f *funcFacts) sameValue(n cc.Node, p *frontend.Pragma, from int, at byteSpan) bool {
	ok := true
	return identsOf(n, func(id *cc.PrimaryExpression) {
		d := declOf(id)
		if p.Lookup(d.Name()) != d || !f.stable(d, from, at) {
			ok = false
		}
	}) && ok
}

// at is the byteSpan of directive p: its statement's for a construct, the
// directive's own for a standalone directive.
func (b *builder) at(p *frontend.Pragma) byteSpan {
	if p.Stmt != nil {
		s, e := b.stmtRange(p.Stmt)
		return byteSpan{p.Start, e}.with(s)
	}
	return byteSpan{p.Start, p.End}
}

func (s byteSpan) with(start int) byteSpan {
	if start < s.start {
		s.start = start
	}
	return s
}

// peel looks through the productions that pass one operand on, and
// through parentheses, to the expression n is.
func peel(n cc.Node) cc.Node {
	for {
		switch x := n.(type) {
		case *cc.ExpressionList:
			if x.ExpressionList != nil {
				return x
			}
			n = x.AssignmentExpression
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				return x
			}
			n = x.ConditionalExpression
		case *cc.ConditionalExpression:
			if x.Case != cc.ConditionalExpressionLOr {
				return x
			}
			n = x.LogicalOrExpression
		case *cc.LogicalOrExpression:
			if x.Case != cc.LogicalOrExpressionLAnd {
				return x
			}
			n = x.LogicalAndExpression
		case *cc.LogicalAndExpression:
			if x.Case != cc.LogicalAndExpressionOr {
				return x
			}
			n = x.InclusiveOrExpression
		case *cc.InclusiveOrExpression:
			if x.Case != cc.InclusiveOrExpressionXor {
				return x
			}
			n = x.ExclusiveOrExpression
		case *cc.ExclusiveOrExpression:
			if x.Case != cc.ExclusiveOrExpressionAnd {
				return x
			}
			n = x.AndExpression
		case *cc.AndExpression:
			if x.Case != cc.AndExpressionEq {
				return x
			}
			n = x.EqualityExpression
		case *cc.EqualityExpression:
			if x.Case != cc.EqualityExpressionRel {
				return x
			}
			n = x.RelationalExpression
		case *cc.RelationalExpression:
			if x.Case != cc.RelationalExpressionShift {
				return x
			}
			n = x.ShiftExpression
		case *cc.ShiftExpression:
			if x.Case != cc.ShiftExpressionAdd {
				return x
			}
			n = x.AdditiveExpression
		case *cc.AdditiveExpression:
			if x.Case != cc.AdditiveExpressionMul {
				return x
			}
			n = x.MultiplicativeExpression
		case *cc.MultiplicativeExpression:
			if x.Case != cc.MultiplicativeExpressionCast {
				return x
			}
			n = x.CastExpression
		case *cc.CastExpression:
			if x.Case != cc.CastExpressionUnary {
				return x
			}
			n = x.UnaryExpression
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionPostfix {
				return x
			}
			n = x.PostfixExpression
		case *cc.PostfixExpression:
			if x.Case != cc.PostfixExpressionPrimary {
				return x
			}
			n = x.PrimaryExpression
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionExpr {
				return x
			}
			n = x.ExpressionList
		case *cc.ConstantExpression:
			n = x.ConditionalExpression
		default:
			return n
		}
	}
}

// hostExpr converts a program expression of the forms identsOf accepts
// into an IR expression the host evaluates at directive c.p: integer
// constant subexpressions become their values, identifiers the
// variables they name.
func (c *clauseConv) hostExpr(n cc.ExpressionNode) (ir.Expr, bool) {
	t := c.b.conv.convert(n.Type())
	if v, ok := intValue(n); ok {
		return &ir.Const{Text: strconv.FormatInt(v, 10), T: t, Int: v, IsInt: true}, true
	}
	switch x := peel(n).(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionIdent {
			if d := declOf(x); d != nil && c.p.Lookup(d.Name()) == d {
				return &ir.Ref{Var: c.declVar(d)}, true
			}
		}
	case *cc.AdditiveExpression:
		return c.hostBinary(x.Token.SrcStr(), x.AdditiveExpression, x.MultiplicativeExpression, t)
	case *cc.MultiplicativeExpression:
		return c.hostBinary(x.Token.SrcStr(), x.MultiplicativeExpression, x.CastExpression, t)
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionMinus || x.Case == cc.UnaryExpressionPlus {
			e, ok := c.hostExpr(x.CastExpression)
			return &ir.Unary{Op: x.Token.SrcStr(), X: e, T: t}, ok
		}
	case *cc.CastExpression:
		if cc.IsIntegerType(x.Type()) {
			e, ok := c.hostExpr(x.CastExpression)
			return &ir.Cast{X: e, T: t}, ok
		}
	}
	return nil, false
}

func (c *clauseConv) hostBinary(op string, l, r cc.ExpressionNode, t *ir.Type) (ir.Expr, bool) {
	x, ok1 := c.hostExpr(l)
	y, ok2 := c.hostExpr(r)
	if !ok1 || !ok2 {
		return nil, false
	}
	return &ir.Binary{Op: op, X: x, Y: y, T: t}, true
}

// declVar returns the variable of declaration d: the region's, or a
// host variable.
func (c *clauseConv) declVar(d *cc.Declarator) *ir.Var {
	if v := c.vars[d]; v != nil {
		return v
	}
	if v := c.b.hostVars[d]; v != nil {
		return v
	}
	v := &ir.Var{Name: d.Name(), Type: c.b.conv.convert(d.Type()), Global: d.StorageDuration() == cc.Static}
	if c.b.hostVars == nil {
		c.b.hostVars = map[*cc.Declarator]*ir.Var{}
	}
	c.b.hostVars[d] = v
	return v
}
