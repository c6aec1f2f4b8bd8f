package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// _Atomic objects in device code (C11 6.7.3, 6.5.16.2, 6.5.2.4): an
// increment, decrement or compound assignment of one is a single atomic
// read-modify-write, and a simple assignment an atomic store. Kernel code
// declares the objects without the qualifier (CUDA C++ has no _Atomic,
// and the kernels' parameters point to the device copies), so device
// code gives each of these statements the form of the atomic construct
// (§2.12) that does the same: x++ and x op= e an update, v = x++ and
// v = x op= e a capture, x = e a write. A load, and a store whose value
// reads the object, is one access of its naturally aligned bytes on
// every target, as atomic as C's (a scalar of at most 8 bytes). An
// update inside a larger expression, and an _Atomic object of another
// type, is an error.

// atomicObjects finds the expression statements of the region that
// update _Atomic objects (rg.atomicStmts) and reports the updates that
// device code cannot make atomic.
func (rg *region) atomicObjects() {
	handled := map[cc.Node]bool{}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		st, ok := n.(*cc.Statement)
		if !ok {
			return true
		}
		if rg.b.atomicAt[st] != nil {
			return false // an atomic construct's statement
		}
		if st.Case != cc.StatementExpr || st.ExpressionStatement.ExpressionList == nil {
			return true
		}
		e := unwrap(st.ExpressionStatement.ExpressionList)
		if as, ok := e.(*cc.AssignmentExpression); ok && as.Case == cc.AssignmentExpressionAssign {
			if _, atomic := rg.atomicObject(as.UnaryExpression); !atomic && rg.atomicUpdate(as.AssignmentExpression) {
				rhs := unwrap(as.AssignmentExpression)
				handled[rhs] = true // v = x++, v = x op= e
				rg.atomicStmts[st] = atomicScalarType(rhs.Type())
				return true
			}
		}
		if _, atomic := rg.atomicTarget(e); atomic {
			handled[e] = true // x++, x op= e, x = e
			rg.atomicStmts[st] = atomicScalarType(e.Type())
		}
		return true
	})
	walk(rg.p.Stmt, func(n cc.Node) bool {
		if st, ok := n.(*cc.Statement); ok && rg.b.atomicAt[st] != nil {
			return false
		}
		e, ok := n.(cc.ExpressionNode)
		if !ok {
			return true
		}
		if name, atomic := rg.atomicTarget(e); atomic && !handled[e] && atomicScalarType(e.Type()) {
			rg.errorf(posOf(e), diag.CodeUnsupported, "the _Atomic object '%s' is updated inside a larger expression, which device code does not support: make the update a statement of its own (x++, x += e, v = x++, x = e)", name)
			return true
		}
		if x, ok := n.(*cc.PrimaryExpression); ok && x.Case == cc.PrimaryExpressionIdent {
			if d := declOf(x); d != nil && !atomicScalarDecl(d) {
				rg.errorf(posOf(x), diag.CodeUnsupported, "the _Atomic object '%s' of type %s is not supported in device code: device code makes atomic only integer, floating and pointer objects of at most 8 bytes", d.Name(), rg.b.conv.convert(d.Type()))
			}
		}
		return true
	})
}

// atomicScalarType reports whether t is a scalar type of at most 8 bytes,
// which device code makes atomic.
func atomicScalarType(t cc.Type) bool {
	return t != nil && cc.IsScalarType(t) && !cc.IsComplexType(t) && t.Size() > 0 && t.Size() <= 8
}

// atomicScalarDecl reports whether the _Atomic objects declarator d
// declares (d itself, or what it points to), if any, are scalars device
// code makes atomic.
func atomicScalarDecl(d *cc.Declarator) bool {
	t := d.Type()
	if td := t.Typedef(); td != nil && td.IsAtomic() && derivations(td) == 0 {
		return atomicScalarType(t)
	}
	if !d.IsAtomic() {
		return true
	}
	for range derivations(d) {
		switch x := t.(type) {
		case *cc.PointerType:
			t = x.Elem()
		case *cc.ArrayType:
			t = x.Elem()
		default:
			return true // a function returning an _Atomic type
		}
	}
	return atomicScalarType(t)
}

// atomicUpdate reports whether e is a read-modify-write of an _Atomic
// object: x++, x--, ++x, --x or x op= e.
func (rg *region) atomicUpdate(e cc.ExpressionNode) bool {
	e = unwrap(e)
	if as, ok := e.(*cc.AssignmentExpression); ok && as.Case == cc.AssignmentExpressionAssign {
		return false
	}
	_, atomic := rg.atomicTarget(e)
	return atomic
}

// atomicTarget reports whether e assigns, increments or decrements an
// _Atomic object, and names it.
func (rg *region) atomicTarget(e cc.ExpressionNode) (string, bool) {
	switch x := e.(type) {
	case *cc.AssignmentExpression:
		if x.Case != cc.AssignmentExpressionCond {
			return rg.atomicObject(x.UnaryExpression)
		}
	case *cc.PostfixExpression:
		if x.Case == cc.PostfixExpressionInc || x.Case == cc.PostfixExpressionDec {
			return rg.atomicObject(x.PostfixExpression)
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
			return rg.atomicObject(x.UnaryExpression)
		}
	}
	return "", false
}

// atomicObject reports whether the lvalue e designates an object of an
// _Atomic type, and spells it. cc/v4 records _Atomic on the declarator
// (it applies to the type its declaration specifiers name): e is atomic
// when its subscripts and dereferences undo every pointer and array
// level the declarator adds, or when its type is a typedef name for an
// _Atomic type.
func (rg *region) atomicObject(e cc.ExpressionNode) (string, bool) {
	e = unwrap(e)
	if t := e.Type(); t != nil {
		if td := t.Typedef(); td != nil && td.IsAtomic() && derivations(td) == 0 {
			return cc.NodeSource(e), true
		}
	}
	derefs := 0
	for n := e; ; {
		var d *cc.Declarator
		switch x := unwrap(n).(type) {
		case *cc.PrimaryExpression:
			if x.Case != cc.PrimaryExpressionIdent {
				return "", false
			}
			d = declOf(x)
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionIndex:
				derefs++
				n = x.PostfixExpression
				if !isPointerOrArray(x.PostfixExpression) {
					n = x.ExpressionList // i[a]
				}
				continue
			case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
				if f := x.Field(); f != nil {
					d = f.Declarator()
				}
			default:
				return "", false
			}
		case *cc.UnaryExpression:
			if x.Case != cc.UnaryExpressionDeref {
				return "", false
			}
			derefs++
			n = x.CastExpression
			continue
		case *cc.AdditiveExpression:
			// Pointer arithmetic: the pointer operand.
			n = x.AdditiveExpression
			if !isPointerOrArray(n) {
				n = x.MultiplicativeExpression
			}
			continue
		default:
			return "", false
		}
		if d == nil || !d.IsAtomic() || derefs != derivations(d) {
			return "", false
		}
		return cc.NodeSource(e), true
	}
}

// unwrap returns the expression inside parentheses and the productions
// of cc/v4's grammar that pass a single operand on.
func unwrap(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		var next cc.ExpressionNode
		switch x := e.(type) {
		case *cc.ExpressionList:
			if x.ExpressionList == nil {
				next = x.AssignmentExpression
			}
		case *cc.AssignmentExpression:
			if x.Case == cc.AssignmentExpressionCond {
				next = x.ConditionalExpression
			}
		case *cc.ConditionalExpression:
			if x.Case == cc.ConditionalExpressionLOr {
				next = x.LogicalOrExpression
			}
		case *cc.LogicalOrExpression:
			if x.Case == cc.LogicalOrExpressionLAnd {
				next = x.LogicalAndExpression
			}
		case *cc.LogicalAndExpression:
			if x.Case == cc.LogicalAndExpressionOr {
				next = x.InclusiveOrExpression
			}
		case *cc.InclusiveOrExpression:
			if x.Case == cc.InclusiveOrExpressionXor {
				next = x.ExclusiveOrExpression
			}
		case *cc.ExclusiveOrExpression:
			if x.Case == cc.ExclusiveOrExpressionAnd {
				next = x.AndExpression
			}
		case *cc.AndExpression:
			if x.Case == cc.AndExpressionEq {
				next = x.EqualityExpression
			}
		case *cc.EqualityExpression:
			if x.Case == cc.EqualityExpressionRel {
				next = x.RelationalExpression
			}
		case *cc.RelationalExpression:
			if x.Case == cc.RelationalExpressionShift {
				next = x.ShiftExpression
			}
		case *cc.ShiftExpression:
			if x.Case == cc.ShiftExpressionAdd {
				next = x.AdditiveExpression
			}
		case *cc.AdditiveExpression:
			if x.Case == cc.AdditiveExpressionMul {
				next = x.MultiplicativeExpression
			}
		case *cc.MultiplicativeExpression:
			if x.Case == cc.MultiplicativeExpressionCast {
				next = x.CastExpression
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionUnary {
				next = x.UnaryExpression
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				next = x.PostfixExpression
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				next = x.PrimaryExpression
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionExpr {
				next = x.ExpressionList
			}
		}
		if next == nil {
			return e
		}
		e = next
	}
}

func isPointerOrArray(e cc.ExpressionNode) bool {
	t := e.Type()
	return t != nil && (t.Kind() == cc.Ptr || t.Kind() == cc.Array)
}

// derivations counts the pointer, array and function levels declarator d
// adds to the type its declaration specifiers name.
func derivations(d *cc.Declarator) int {
	n := 0
	for p := d.Pointer; p != nil; p = p.Pointer {
		n++
	}
	for dd := d.DirectDeclarator; dd != nil; dd = dd.DirectDeclarator {
		switch dd.Case {
		case cc.DirectDeclaratorIdent:
			return n
		case cc.DirectDeclaratorDecl:
			return n + derivations(dd.Declarator)
		default:
			n++
		}
	}
	return n
}

// atomicStatement lowers an expression statement that updates an
// _Atomic object (atomicObjects) as the atomic construct of the same
// effect: update, capture or write. A store whose value reads the object
// stays a plain store.
func (rg *region) atomicStatement(st *cc.Statement) ir.Statement {
	plain := rg.plainStatement(st)
	es, ok := plain.(*ir.ExprStmt)
	if !ok {
		return plain
	}
	a := &ir.Atomic{Line: st.Position().Line, Form: ir.AtomicUpdate, Plain: plain, Object: true}
	e := unwrap(st.ExpressionStatement.ExpressionList)
	as, isAssign := es.X.(*ir.Assign)
	switch {
	case isAssign && as.Op == "=" && rg.atomicUpdate(e.(*cc.AssignmentExpression).AssignmentExpression):
		a.Form, a.V = ir.AtomicCapture, as.L
		ok = atomicUpdate(as.R, a)
		u, isUnary := as.R.(*ir.Unary)
		a.New = !isUnary || !u.Post
	case isAssign && as.Op == "=":
		a.Form = ir.AtomicWrite
		ok = atomicAssign(es.X, &a.X, &a.E)
		if ok && atomicMentions(a.E, ir.Format(a.X, nil)) {
			return plain // a load of the object, then a store
		}
	default:
		ok = atomicUpdate(es.X, a)
	}
	if !ok {
		rg.errorf(posOf(st), diag.CodeUnsupported, "this update of an _Atomic object has no atomic form in device code: write x++, x op= e (op one of + - * / & | ^ << >>), v = x++ or x = e")
		return plain
	}
	if !rg.atomicOperands(a, posOf(st), "_Atomic "+ir.Format(a.X, nil)) {
		return plain
	}
	return a
}
