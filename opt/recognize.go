package opt

import (
	"github.com/accc-compiler/accc/ir"
)

var compoundOps = map[string]ir.ReductionOp{"+=": "+", "-=": "+", "*=": "*", "&=": "&", "|=": "|", "^=": "^"}

var binaryOps = map[string]ir.ReductionOp{"+": "+", "*": "*", "&": "&", "|": "|", "^": "^", "&&": "&&", "||": "||"}

// recognize reports the operator of a reduction on v in loop l: every
// statement of l that uses v is one of
//
//	v op= e;  v = v op e;  v = e op v;  v = fmax(v, e);  v = fmin(e, v);
//	v = v > e ? v : e;  if (e > v) v = e;  v++;  ++v;  v--;  --v;
//
// (and their - and min forms) with e not using v, or such statements
// under an if whose condition does not use v (if (a[i] > 0) c++;), all
// with the same operator, as NVHPC recognises them.
func recognize(f *loopFacts, v *ir.Var) (ir.ReductionOp, bool) {
	var op ir.ReductionOp
	for _, s := range stmtsOf(f, v) {
		o, ok := reductionStmt(s.Tree, v)
		if !ok || op != "" && o != op {
			return "", false
		}
		op = o
	}
	if op == "" || !ReductionTypeOK(op, v.Type) {
		return "", false
	}
	if v.Type.Bool && (op == "+" || op == "^") {
		// Each update of a _Bool converts the result to 0 or 1: b -= 1
		// toggles b, b ^= 2 sets it. Partial results combined with + or
		// ^ would not give the same value.
		return "", false
	}
	return op, true
}

// reductionStmt matches one statement against the reduction forms: an
// update of v, or an if whose condition does not use v and whose branches
// are updates of v or do not use it (blocks of such statements), with at
// least one update and one operator. Each update then combines into v
// however many of them run, and nothing else reads v's partial value.
func reductionStmt(s ir.Statement, v *ir.Var) (ir.ReductionOp, bool) {
	if op, ok := reductionUpdate(s, v); ok {
		return op, true
	}
	switch x := s.(type) {
	case *ir.If:
		if usesVar1(x.Cond, v) {
			return "", false
		}
		return branchReductions(v, x.Then, x.Else)
	case *ir.Block:
		return branchReductions(v, x.List...)
	}
	return "", false
}

// branchReductions matches statements that are each a reduction
// statement of v (reductionStmt) or do not use v, with at least one of
// the first kind, all with the same operator.
func branchReductions(v *ir.Var, list ...ir.Statement) (ir.ReductionOp, bool) {
	var op ir.ReductionOp
	for _, s := range list {
		if !stmtUses(s, v) {
			continue
		}
		o, ok := reductionStmt(s, v)
		if !ok || op != "" && o != op {
			return "", false
		}
		op = o
	}
	return op, op != ""
}

// atomicOnly reports whether every statement of a loop (facts f) that
// uses v updates it in an atomic construct (§2.12) and uses it nowhere
// else: the updates exclude each other and their order does not change
// the result, so the iterations may run in parallel with v shared. The
// other forms (read, write, capture) let an iteration see the order:
// they count only with any, for a loop its clauses partition, where the
// user asked for parallel iterations.
func atomicOnly(f *loopFacts, v *ir.Var, any bool) bool {
	found := false
	for _, s := range stmtsOf(f, v) {
		if s.Tree == nil {
			return false // a loop header
		}
		ok := true
		ir.InspectStatement(s.Tree, func(t ir.Statement) bool {
			switch x := t.(type) {
			case *ir.OpaqueStmt:
				ok = false
			case *ir.Atomic:
				if AtomicTarget(x) == v {
					if x.Form != ir.AtomicUpdate && !any || usesVar1(x.E, v) || usesVar1(x.V, v) || usesVar1(x.If, v) {
						ok = false
					}
					found = true
					return false
				}
			}
			return ok
		}, func(e ir.Expr) {
			ok = ok && !usesVar1(e, v)
		})
		if !ok {
			return false
		}
	}
	return found
}

// AtomicTarget returns the variable an atomic construct updates when it
// is a scalar named as such (x, not a[i] or *p), else nil.
func AtomicTarget(a *ir.Atomic) *ir.Var {
	if r, ok := a.X.(*ir.Ref); ok && r.Var.Type.Kind == ir.Scalar {
		return r.Var
	}
	return nil
}

// stmtUses reports whether statement s (nil: none) may use v; an opaque
// statement may use anything.
func stmtUses(s ir.Statement, v *ir.Var) bool {
	found := false
	ir.InspectStatement(s, func(t ir.Statement) bool {
		if _, ok := t.(*ir.OpaqueStmt); ok {
			found = true
		}
		return !found
	}, func(e ir.Expr) {
		found = found || usesVar1(e, v)
	})
	return found
}

// usesVar1 reports whether expression e (nil: none) names v.
func usesVar1(e ir.Expr, v *ir.Var) bool {
	if e == nil {
		return false
	}
	for _, w := range ir.ExprVars(e) {
		if w == v {
			return true
		}
	}
	return false
}

// reductionUpdate matches one statement against the update forms.
func reductionUpdate(s ir.Statement, v *ir.Var) (ir.ReductionOp, bool) {
	isV := func(e ir.Expr) bool {
		r, ok := e.(*ir.Ref)
		return ok && r.Var == v
	}
	return updateOf(s, isV, func(e ir.Expr) bool { return !usesVar1(e, v) })
}

// updateOf matches one statement against the update forms of the
// object isV recognises (a variable, or one array element), whose
// operand e must be free of it (free).
func updateOf(s ir.Statement, isV, free func(ir.Expr) bool) (ir.ReductionOp, bool) {
	switch x := s.(type) {
	case *ir.ExprStmt:
		if u, ok := x.X.(*ir.Unary); ok && (u.Op == "++" || u.Op == "--") && isV(u.X) {
			return "+", true // v++ and v-- add 1 and -1
		}
		a, ok := x.X.(*ir.Assign)
		if !ok || !isV(a.L) {
			return "", false
		}
		if op, ok := compoundOps[a.Op]; ok {
			return op, free(a.R)
		}
		if a.Op != "=" {
			return "", false
		}
		switch r := a.R.(type) {
		case *ir.Binary:
			if r.Op == "-" && isV(r.X) && free(r.Y) {
				return "+", true
			}
			if op, ok := binaryOps[r.Op]; ok && (isV(r.X) && free(r.Y) || isV(r.Y) && free(r.X)) {
				return op, true
			}
		case *ir.Call:
			op := map[string]ir.ReductionOp{"fmax": "max", "fmaxf": "max", "fmin": "min", "fminf": "min", "max": "max", "min": "min"}[r.Func]
			if op != "" && len(r.Args) == 2 && (isV(r.Args[0]) && free(r.Args[1]) || isV(r.Args[1]) && free(r.Args[0])) {
				return op, true
			}
		case *ir.Cond:
			// v = v > e ? v : e, v = e < v ? v : e, and the min forms.
			c, ok := r.C.(*ir.Binary)
			if !ok {
				return "", false
			}
			var vLeft bool
			var e ir.Expr
			switch {
			case isV(c.X) && free(c.Y):
				vLeft, e = true, c.Y
			case isV(c.Y) && free(c.X):
				vLeft, e = false, c.X
			default:
				return "", false
			}
			switch {
			case isV(r.X) && sameTree(r.Y, e):
				op := selectOp(c.Op, vLeft, true)
				return op, op != ""
			case isV(r.Y) && sameTree(r.X, e):
				op := selectOp(c.Op, vLeft, false)
				return op, op != ""
			}
		}
	case *ir.If:
		// if (e > v) v = e;  if (v < e) v = e;  and the min forms.
		if x.Else != nil {
			return "", false
		}
		then := x.Then
		if b, ok := then.(*ir.Block); ok && len(b.List) == 1 {
			then = b.List[0]
		}
		es, ok := then.(*ir.ExprStmt)
		if !ok {
			return "", false
		}
		a, ok := es.X.(*ir.Assign)
		c, ok2 := x.Cond.(*ir.Binary)
		if !ok || !ok2 || a.Op != "=" || !isV(a.L) || !free(a.R) {
			return "", false
		}
		switch {
		case isV(c.X) && sameTree(c.Y, a.R):
			op := selectOp(c.Op, true, false)
			return op, op != ""
		case isV(c.Y) && sameTree(c.X, a.R):
			op := selectOp(c.Op, false, false)
			return op, op != ""
		}
	}
	return "", false
}

// selectOp returns the reduction a selection between v and e performs:
// the comparison is v cmp e (vLeft) or e cmp v, and keepV says whether
// v is kept (else e is taken) when it holds. Keeping v when v > e, or
// taking e when v < e, is max; the other two are min.
func selectOp(cmp string, vLeft, keepV bool) ir.ReductionOp {
	greater := false // the comparison says v > e (or >=)
	switch cmp {
	case ">", ">=":
		greater = vLeft
	case "<", "<=":
		greater = !vLeft
	default:
		return ""
	}
	if greater == keepV {
		return "max"
	}
	return "min"
}

// sameTree reports whether two expressions are the same tree (variables
// by identity, constants by spelling).
func sameTree(a, b ir.Expr) bool {
	switch x := a.(type) {
	case *ir.Ref:
		y, ok := b.(*ir.Ref)
		return ok && x.Var == y.Var
	case *ir.Const:
		y, ok := b.(*ir.Const)
		return ok && x.Text == y.Text
	case *ir.Opaque:
		return false
	}
	ca, cb := ir.Children(a), ir.Children(b)
	if len(ca) != len(cb) || !sameNode(a, b) {
		return false
	}
	for i := range ca {
		if !sameTree(ca[i], cb[i]) {
			return false
		}
	}
	return true
}

func sameNode(a, b ir.Expr) bool {
	switch x := a.(type) {
	case *ir.Unary:
		y, ok := b.(*ir.Unary)
		return ok && x.Op == y.Op && x.Post == y.Post
	case *ir.Binary:
		y, ok := b.(*ir.Binary)
		return ok && x.Op == y.Op
	case *ir.Index:
		_, ok := b.(*ir.Index)
		return ok
	case *ir.Member:
		y, ok := b.(*ir.Member)
		return ok && x.Name == y.Name && x.Arrow == y.Arrow
	case *ir.Call:
		y, ok := b.(*ir.Call)
		return ok && x.Func == y.Func
	case *ir.Cast:
		y, ok := b.(*ir.Cast)
		return ok && x.T.String() == y.T.String()
	case *ir.Cond:
		_, ok := b.(*ir.Cond)
		return ok
	}
	return false
}

// stmtsOf returns the statements of the loop that reference v, each once,
// in the order of their first reference.
func stmtsOf(f *loopFacts, v *ir.Var) []*ir.Stmt {
	var stmts []*ir.Stmt
	seen := map[*ir.Stmt]bool{}
	for _, a := range f.accesses {
		if a.Var == v && !seen[f.owner[a]] {
			seen[f.owner[a]] = true
			stmts = append(stmts, f.owner[a])
		}
	}
	return stmts
}

// ReductionTypeOK reports whether reduction operator op applies to type
// t: a scalar, an integer one for the bitwise operators (§2.5.15).
func ReductionTypeOK(op ir.ReductionOp, t *ir.Type) bool {
	if t.Kind != ir.Scalar {
		return false
	}
	switch op {
	case "&", "|", "^":
		return !t.Float
	}
	return true
}
