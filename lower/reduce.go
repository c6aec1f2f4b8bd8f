package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// autoReduction is a reduction the depend pass recognised in a loop.
type autoReduction = opt.Reduction

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
	if op == "" || !reductionTypeOK(directives.ReductionOp(op), v.Type) {
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

var compoundOps = map[string]ir.ReductionOp{"+=": "+", "-=": "+", "*=": "*", "&=": "&", "|=": "|", "^=": "^"}
var binaryOps = map[string]ir.ReductionOp{"+": "+", "*": "*", "&": "&", "|": "|", "^": "^", "&&": "&&", "||": "||"}

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
				if atomicTarget(x) == v {
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

// atomicTarget returns the variable an atomic construct updates when it
// is a scalar named as such (x, not a[i] or *p), else nil.
func atomicTarget(a *ir.Atomic) *ir.Var {
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
	free := func(e ir.Expr) bool {
		for _, w := range ir.ExprVars(e) {
			if w == v {
				return false
			}
		}
		return true
	}
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

// maxGPUReduceBytes bounds the private copy of an array reduction on the
// GPU target: each thread keeps its copy in local memory (one for the
// construct and one per reducing loop), which the device reserves for
// every thread that can be resident at once.
const maxGPUReduceBytes = 4096

// reductionItem checks one item of a reduction clause and returns its
// reduction: a scalar variable, or (OpenACC 2.7+, §2.5.15, §2.9.11) an
// array, a contiguous section of an array or pointer (of one or more
// dimensions), or an array element, each of whose elements is reduced
// independently. Sections need a constant length. It reports an error
// and returns nil for the forms it cannot reduce.
func (rg *region) reductionItem(cl *directives.Clause, x directives.Expr, v *ir.Var) *ir.Reduction {
	text := directives.ExprString(x)
	_, ds := dims(x)
	if isMember(x) && v.Of == nil {
		if v = rg.memberVar(x, v); v == nil {
			return nil
		}
	}
	red := &ir.Reduction{Op: ir.ReductionOp(cl.Op), Var: v, Name: v.Name, Type: v.Type}
	if len(ds) == 0 && v.Type.Kind == ir.Scalar {
		if !reductionTypeOK(cl.Op, v.Type) {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction operator '%s' cannot be applied to '%s' of type %s", cl.Op, v.Name, v.Type)
			return nil
		}
		return red
	}
	if len(ds) == 0 && v.Type.Kind != ir.Array || len(ds) > 0 && v.Type.Kind != ir.Array && v.Type.Kind != ir.Pointer {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' of type %s is not supported", text, v.Type)
		return nil
	}
	// The reduced elements: the subscripted dimensions' lengths, then
	// the whole of each array level below them; the section is
	// contiguous (rg.b.section checks it), so the elements are Len
	// consecutive ones from the index Reduction.Lo.
	elem := v.Type
	red.Len = 1
	for i, d := range ds {
		if elem.Kind != ir.Array && (elem.Kind != ir.Pointer || i > 0) {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: its rows are reached through pointers; reduce an array or a section of one, or of a pointer to the elements", text)
			return nil
		}
		if i > 0 && elem.Len <= 0 {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' needs rows of a constant size", text)
			return nil
		}
		n, ok := rg.sectionLen(d, elem)
		if !ok {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' needs a constant length", text)
			return nil
		}
		red.Len *= n
		elem = elem.Elem
	}
	for ; elem.Kind == ir.Array; elem = elem.Elem {
		if elem.Len <= 0 {
			rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the array '%s' needs a constant size", text)
			return nil
		}
		red.Len *= elem.Len
	}
	if elem.Kind != ir.Scalar || !reductionTypeOK(cl.Op, elem) {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction operator '%s' cannot be applied to '%s' of type %s", cl.Op, text, elem)
		return nil
	}
	if red.Len <= 0 {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the section '%s' has no elements", text)
		return nil
	}
	if rg.b.opts.Target == "gpu" && red.Len*elem.Size > maxGPUReduceBytes {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' (%d bytes) is not supported on the GPU: each thread's private copy of an array reduction is limited to %d bytes", text, red.Len*elem.Size, maxGPUReduceBytes)
		return nil
	}
	s, ok := rg.b.section(rg.p, cl, x, rg.vars)
	if !ok {
		rg.ok = false
		return nil
	}
	red.Section, red.Type = s, elem
	return red
}

// sectionLen returns the constant length of the subscript d of a
// variable of type t: 1 for an index [i], len for [lo:len], the rest of
// a fixed-size dimension for [lo:].
func (rg *region) sectionLen(d directives.Expr, t *ir.Type) (int64, bool) {
	switch e := d.(type) {
	case *directives.Index:
		return 1, true
	case *directives.Section:
		if e.Len != nil {
			return rg.p.ConstValue(e.Len)
		}
		if t.Kind != ir.Array || t.Len < 0 {
			return 0, false
		}
		lo := int64(0)
		if e.Lo != nil {
			n, ok := rg.p.ConstValue(e.Lo)
			if !ok {
				return 0, false
			}
			lo = n
		}
		return t.Len - lo, true
	}
	return 0, false
}

// memberVar returns the variable that stands for the struct member x, a
// member of a struct v or of the struct v points to (s.x, p->x), which a
// reduction clause names (OpenACC 2.7+, §2.5.15, §2.9.11: a member is
// reduced as a variable of its type). The statements of the region use
// the variable wherever they name the member (rg.postfix), so that the
// reduction privatises and combines it as it does any scalar, and its
// device copy is the member of the struct's device copy (rg.placeMembers).
// It reports an error and returns nil for the members it cannot reduce.
func (rg *region) memberVar(x directives.Expr, v *ir.Var) *ir.Var {
	text := directives.ExprString(x)
	m, ok := x.(*directives.Member)
	if !ok {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: reduce a scalar member of a struct, such as s.x or p->x", text)
		return nil
	}
	if _, ok := m.X.(*directives.Ident); !ok {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: reduce a member of a struct variable or of the struct a pointer points to, such as s.x or p->x", text)
		return nil
	}
	for _, ws := range [][]*ir.Var{rg.members, rg.dataMembers} {
		for _, w := range ws {
			if w.Of == v && w.Member == text {
				return w // a data clause's member reduces in its own device copy
			}
		}
	}
	if v.Local {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the member '%s' of a struct declared in the compute region is not supported", text)
		return nil
	}
	t := rg.memberType(v, m)
	if t == nil {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on '%s' is not supported: '%s' is not a struct or a pointer to a struct", text, v.Name)
		return nil
	}
	if t.Kind != ir.Scalar {
		rg.errorf(x.Pos(), diag.CodeReduction, "reduction on the member '%s' of type %s is not supported: reduce a scalar member", text, t)
		return nil
	}
	w := &ir.Var{Name: ir.ReductionMemberName(v.Name, m.Name, m.Arrow), Type: t, Class: ir.ByPointer, Written: true, Member: text, Of: v}
	rg.members = append(rg.members, w)
	rg.firstUse[w] = x.Pos()
	rg.r.Vars = append(rg.r.Vars, w)
	return w
}

// memberType returns the type of the member m names of the struct v is
// (m.Arrow: points to), nil if v is no such struct.
func (rg *region) memberType(v *ir.Var, m *directives.Member) *ir.Type {
	var d *cc.Declarator
	for dd, w := range rg.vars {
		if w == v {
			d = dd
		}
	}
	if d == nil {
		return nil
	}
	t := d.Type()
	if m.Arrow {
		pt, ok := t.(*cc.PointerType)
		if !ok {
			return nil
		}
		t = pt.Elem()
	}
	var f *cc.Field
	switch st := t.(type) {
	case *cc.StructType:
		f = st.FieldByName(m.Name)
	case *cc.UnionType:
		f = st.FieldByName(m.Name)
	}
	if f == nil {
		return nil
	}
	return rg.b.conv.convert(f.Type())
}

// member returns the variable that stands for the member x names, when a
// reduction clause (memberVar) or a data clause (dataMember) of the
// region names it, else nil. A use
// of a reduced member spelled otherwise ((&s)->x, p[0].x) is an error:
// the kernels would update the struct's copy beside the reduction's.
func (rg *region) member(x *cc.PostfixExpression) *ir.Var {
	if len(rg.members)+len(rg.dataMembers) == 0 {
		return nil
	}
	if v, path, ok := rg.ccMemberPath(x); ok {
		for _, ws := range [][]*ir.Var{rg.members, rg.dataMembers} {
			for _, w := range ws {
				if w.Of == v && w.Member == path {
					return w
				}
			}
		}
	}
	name := x.Token2.SrcStr()
	var v *ir.Var
	if p, ok := x.PostfixExpression.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent {
		v = rg.pr.refs[p.Token.Seq()]
	}
	for _, w := range rg.members {
		m := w.Member[strings.LastIndexAny(w.Member, ".>")+1:]
		if m != name {
			continue
		}
		if v == nil && namesVar(x.PostfixExpression, rg, w.Of) {
			rg.errorf(posOf(x), diag.CodeReduction, "the reduced member '%s' is used under another name: write %s", w.Member, w.Member)
		}
	}
	return nil
}

// namesVar reports whether expression n names the region variable v.
func namesVar(n cc.Node, rg *region, v *ir.Var) bool {
	found := false
	walk(n, func(c cc.Node) bool {
		if p, ok := c.(*cc.PrimaryExpression); ok && p.Case == cc.PrimaryExpressionIdent && rg.pr.refs[p.Token.Seq()] == v {
			found = true
		}
		return !found
	})
	return found
}

// placeMembers gives the variables that stand for reduced struct
// members (memberVar) the map of their struct: their device copy is the
// member of the struct's device copy. The struct must be mapped: a
// private or firstprivate struct has no device copy the construct's
// result could reach.
func (rg *region) placeMembers() {
	for _, w := range rg.members {
		of := w.Of
		if w.Map != nil {
			continue // mapped by a data clause of its own (dataMember)
		}
		if (of.Class != ir.ByPointer && of.Class != ir.ArrayData) || of.Map == nil {
			rg.errorf(rg.firstUse[w], diag.CodeReduction, "reduction on the member '%s': the struct must be in device memory (a data clause, or the implicit copy of a struct), not private, firstprivate or a device pointer", w.Member)
			continue
		}
		w.Map = of.Map
	}
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
