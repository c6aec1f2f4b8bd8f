package lower

import (
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// The atomic construct (§2.12): its statement must be one of the forms
// of its clause; lower matches the statement, converted as any other,
// against them and keeps the operands in an ir.Atomic, which each code
// generator prints as its target's atomic operation.

// atomicOps are the binary operators of the update forms.
var atomicOps = map[string]bool{"+": true, "*": true, "-": true, "/": true, "&": true, "^": true, "|": true, "<<": true, ">>": true}

// commutative operators: x = e op x is x = x op e.
var atomicCommutative = map[string]bool{"+": true, "*": true, "&": true, "^": true, "|": true}

var atomicForms = [...]string{
	ir.AtomicRead:    "v = x;",
	ir.AtomicWrite:   "x = expr;",
	ir.AtomicUpdate:  "x++, x--, ++x, --x, x binop= expr, x = x binop expr, x = expr binop x, x = fmax(x, expr) or x = fmin(x, expr) (floating x), or x = x < expr ? expr : x (integer x; max or min in any order)",
	ir.AtomicCapture: "v = x++ (or --, prefix), v = x binop= expr, v = x = x binop expr, v = x = expr binop x, or a block { v = x; x binop= expr; }, { x binop= expr; v = x; } or { v = x; x = expr; }",
}

// atomic lowers the statement st of atomic construct p.
func (rg *region) atomic(p *frontend.Pragma, st *cc.Statement) ir.Statement {
	plain := rg.plainStatement(st)
	form := ir.AtomicForm(map[directives.AtomicKind]ir.AtomicForm{directives.AtomicUpdate: ir.AtomicUpdate,
		directives.AtomicRead: ir.AtomicRead, directives.AtomicWrite: ir.AtomicWrite, directives.AtomicCapture: ir.AtomicCapture}[p.Dir.Atomic])
	a := &ir.Atomic{Line: st.Position().Line, Form: form, Plain: plain}
	name := "atomic " + form.String()
	pos := posOf(st)
	exprOf := func(s ir.Statement) ir.Expr {
		if es, ok := s.(*ir.ExprStmt); ok {
			return es.X
		}
		return nil
	}
	ok := false
	switch form {
	case ir.AtomicRead:
		ok = atomicAssign(exprOf(plain), &a.V, &a.X)
	case ir.AtomicWrite:
		ok = atomicAssign(exprOf(plain), &a.X, &a.E)
	case ir.AtomicUpdate:
		ok = atomicUpdate(exprOf(plain), a)
	case ir.AtomicCapture:
		if b, isBlock := plain.(*ir.Block); isBlock {
			ok = atomicCaptureBlock(b, a)
		} else if as, isAssign := exprOf(plain).(*ir.Assign); isAssign && as.Op == "=" {
			a.V = as.L
			ok = atomicUpdate(as.R, a)
			if u, isUnary := as.R.(*ir.Unary); ok && isUnary {
				a.New = !u.Post
			} else {
				a.New = true
			}
		}
	}
	if !ok {
		rg.errorf(pos, diag.CodeAtomic, "'%s': the statement must have the form %s", name, atomicForms[form])
		return plain
	}
	if !rg.atomicOperands(a, pos, name) {
		return plain
	}
	if cl := p.Dir.Clause(directives.ClauseIf); cl != nil && len(cl.Args) == 1 {
		vars := map[*cc.Declarator]*ir.Var{}
		for d, v := range rg.vars {
			vars[d] = v
		}
		for d, v := range rg.locals {
			vars[d] = v
		}
		known := map[*ir.Var]bool{}
		for _, v := range vars {
			known[v] = true
		}
		a.If = rg.b.clauseConv(p, vars).expr(cl.Args[0])
		for _, v := range ir.ExprVars(a.If) {
			if !known[v] {
				rg.errorf(cl.Pos, diag.CodeUnsupported, "the if clause of 'atomic' uses '%s', which the compute region does not use otherwise; this is not supported yet", v.Name)
				return plain
			}
		}
	}
	return a
}

// atomicOperands checks the operands of a, matched to its form, for an
// atomic operation; name is the construct or statement, for messages.
func (rg *region) atomicOperands(a *ir.Atomic, pos diag.Pos, name string) bool {
	for _, e := range []ir.Expr{a.X, a.V} {
		if e != nil && !atomicLvalue(e) {
			rg.errorf(pos, diag.CodeAtomic, "'%s': '%s' must be a scalar lvalue without side effects", name, ir.Format(e, nil))
			return false
		}
	}
	if t := a.X.Type(); t == nil || t.Kind != ir.Scalar || t.Complex || t.Size <= 0 || t.Size > 8 {
		rg.errorf(pos, diag.CodeAtomic, "'%s': '%s' must have an integer or floating type of at most 8 bytes", name, ir.Format(a.X, nil))
		return false
	}
	xs := ir.Format(a.X, nil)
	if a.V != nil && ir.Format(a.V, nil) == xs {
		rg.errorf(pos, diag.CodeAtomic, "'%s': 'v' and 'x' must be different locations, both are '%s'", name, xs)
		return false
	}
	if a.V != nil && atomicMentions(a.V, xs) {
		rg.errorf(pos, diag.CodeAtomic, "'%s': 'v' (%s) must not access 'x' (%s)", name, ir.Format(a.V, nil), xs)
		return false
	}
	if a.E != nil && (atomicMentions(a.E, xs) || a.V != nil && atomicMentions(a.E, ir.Format(a.V, nil))) {
		rg.errorf(pos, diag.CodeAtomic, "'%s': 'expr' (%s) must not access 'x' or 'v'", name, ir.Format(a.E, nil))
		return false
	}
	if a.Op != "" && a.X.Type().Float && (a.Op == "&" || a.Op == "|" || a.Op == "^" || a.Op == "<<" || a.Op == ">>") {
		rg.errorf(pos, diag.CodeAtomic, "'%s': operator '%s' needs an integer 'x'", name, a.Op)
		return false
	}
	return true
}

// plainStatement converts an atomic construct's statement as written.
func (rg *region) plainStatement(st *cc.Statement) ir.Statement {
	saved := rg.atomicPlain
	rg.atomicPlain = st
	defer func() { rg.atomicPlain = saved }()
	return rg.statement(st)
}

// atomicAssign matches l = r.
func atomicAssign(e ir.Expr, l, r *ir.Expr) bool {
	as, ok := e.(*ir.Assign)
	if !ok || as.Op != "=" {
		return false
	}
	*l, *r = as.L, as.R
	return true
}

// atomicUpdate matches the update expressions, setting X, Op, E and Rev.
func atomicUpdate(e ir.Expr, a *ir.Atomic) bool {
	switch x := e.(type) {
	case *ir.Unary:
		if x.Op != "++" && x.Op != "--" {
			return false
		}
		a.X, a.Op, a.E = x.X, x.Op[:1], &ir.Const{Text: "1", T: &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}, Int: 1, IsInt: true}
		return true
	case *ir.Assign:
		if x.Op != "=" {
			op := x.Op[:len(x.Op)-1]
			if !atomicOps[op] {
				return false
			}
			a.X, a.Op, a.E = x.L, op, x.R
			return true
		}
		if atomicMinMax(x.L, x.R, a) {
			return true
		}
		b, ok := x.R.(*ir.Binary)
		if !ok || !atomicOps[b.Op] {
			return false
		}
		xs := ir.Format(x.L, nil)
		switch {
		case ir.Format(b.X, nil) == xs:
			a.X, a.Op, a.E = x.L, b.Op, b.Y
		case ir.Format(b.Y, nil) == xs:
			a.X, a.Op, a.E, a.Rev = x.L, b.Op, b.X, !atomicCommutative[b.Op]
		default:
			return false
		}
		return true
	}
	return false
}

// atomicMinMax matches the minimum and maximum updates accc accepts
// beyond the C forms of §2.12 (as the spec's Fortran forms max(x, e) and
// min(x, e)): x = fmax(x, e) and x = fmin(x, e) (fmaxf, fminf, either
// argument order) for floating x, with fmax's treatment of NaN; and
// x = x > e ? x : e, x = x < e ? e : x and the other orders of the
// conditional for integer x. It sets X, Op ("max" or "min") and E.
func atomicMinMax(x, r ir.Expr, a *ir.Atomic) bool {
	xs := ir.Format(x, nil)
	t := x.Type()
	if t == nil {
		return false
	}
	other := func(p, q ir.Expr) ir.Expr {
		switch {
		case ir.Format(p, nil) == xs:
			return q
		case ir.Format(q, nil) == xs:
			return p
		}
		return nil
	}
	switch c := r.(type) {
	case *ir.Call:
		op := map[string]string{"fmax": "max", "fmaxf": "max", "fmin": "min", "fminf": "min"}[c.Func]
		if op == "" || len(c.Args) != 2 || !t.Float {
			return false
		}
		if e := other(c.Args[0], c.Args[1]); e != nil {
			a.X, a.Op, a.E = x, op, e
			return true
		}
	case *ir.Cond:
		cmp, ok := c.C.(*ir.Binary)
		if !ok || t.Float {
			return false
		}
		// bigger is the operand the condition says is the larger.
		var bigger ir.Expr
		switch cmp.Op {
		case ">", ">=":
			bigger = cmp.X
		case "<", "<=":
			bigger = cmp.Y
		default:
			return false
		}
		e, e2 := other(cmp.X, cmp.Y), other(c.X, c.Y)
		if e == nil || e2 == nil || ir.Format(e, nil) != ir.Format(e2, nil) {
			return false
		}
		op := "min"
		if ir.Format(c.X, nil) == ir.Format(bigger, nil) {
			op = "max"
		}
		a.X, a.Op, a.E = x, op, e
		return true
	}
	return false
}

// atomicCaptureBlock matches { v = x; update }, { update; v = x; } and
// { v = x; x = expr; }.
func atomicCaptureBlock(b *ir.Block, a *ir.Atomic) bool {
	if len(b.List) != 2 {
		return false
	}
	var e [2]ir.Expr
	for i, s := range b.List {
		es, ok := s.(*ir.ExprStmt)
		if !ok || es.X == nil {
			return false
		}
		e[i] = es.X
	}
	var v, x ir.Expr
	// { v = x; ... }: the second updates or writes x.
	if atomicAssign(e[0], &v, &x) {
		u := &ir.Atomic{}
		if atomicUpdate(e[1], u) && ir.Format(u.X, nil) == ir.Format(x, nil) {
			a.V, a.X, a.Op, a.E, a.Rev = v, u.X, u.Op, u.E, u.Rev
			return true
		}
		var x2, w ir.Expr
		if atomicAssign(e[1], &x2, &w) && ir.Format(x2, nil) == ir.Format(x, nil) {
			a.V, a.X, a.E = v, x, w
			return true
		}
	}
	// { update; v = x; }
	u := &ir.Atomic{}
	if atomicUpdate(e[0], u) && atomicAssign(e[1], &v, &x) && ir.Format(u.X, nil) == ir.Format(x, nil) {
		a.V, a.X, a.Op, a.E, a.Rev, a.New = v, u.X, u.Op, u.E, u.Rev, true
		return true
	}
	return false
}

// atomicLvalue reports whether e is a scalar lvalue without side effects:
// a variable, element, member or dereference.
func atomicLvalue(e ir.Expr) bool {
	switch e.(type) {
	case *ir.Ref, *ir.Index, *ir.Member:
	case *ir.Unary:
		if e.(*ir.Unary).Op != "*" {
			return false
		}
	default:
		return false
	}
	return !ir.AnyExpr(e, func(x ir.Expr) bool {
		switch y := x.(type) {
		case *ir.Assign, *ir.Call, *ir.Opaque:
			return true
		case *ir.Unary:
			return y.Op == "++" || y.Op == "--"
		}
		return false
	})
}

// atomicMentions reports whether e has a subexpression printed as s.
func atomicMentions(e ir.Expr, s string) bool {
	return ir.AnyExpr(e, func(x ir.Expr) bool { return ir.Format(x, nil) == s })
}
