package opt

import (
	"github.com/accc-compiler/accc/ir"
)

// ForIndex returns the variable a for statement's initialisation sets:
// for (i = ...; ...) or for (int i = ...; ...); nil for other loops.
func ForIndex(s ir.Statement) *ir.Var {
	f, ok := s.(*ir.For)
	if !ok {
		return nil
	}
	switch in := f.Init.(type) {
	case *ir.DeclStmt:
		if len(in.Locals) == 1 {
			return in.Locals[0].Var
		}
	case *ir.ExprStmt:
		if a, ok := in.X.(*ir.Assign); ok && a.Op == "=" {
			if r, ok := a.L.(*ir.Ref); ok {
				return r.Var
			}
		}
	}
	return nil
}

// accessCollector lists the references of one statement, in evaluation
// order where C defines one: the right side of an assignment before its
// store, the subscripts of a reference before the reference.
type accessCollector struct {
	loops []*ir.Var
	out   []*ir.Access
}

func (c *accessCollector) statement(s ir.Statement) {
	switch x := s.(type) {
	case nil:
	case *ir.For:
		c.statement(x.Init)
		inner := c.loops
		if v := ForIndex(x); v != nil {
			inner = append(inner[:len(inner):len(inner)], v)
		}
		saved := c.loops
		c.loops = inner
		c.expr(x.Cond)
		c.statement(x.Body)
		c.expr(x.Post)
		c.loops = saved
	default:
		c.own(s)
	}
}

// own collects the references of a statement other than a for loop.
func (c *accessCollector) own(s ir.Statement) {
	switch x := s.(type) {
	case *ir.ExprStmt:
		c.expr(x.X)
	case *ir.DeclStmt:
		for _, l := range x.Locals {
			if l.Init != nil {
				c.expr(l.Init)
				c.add(&ir.Access{Var: l.Var, Write: true, Expr: l.Init})
			}
		}
	case *ir.If:
		c.expr(x.Cond)
		c.nested(x.Then)
		c.nested(x.Else)
	case *ir.While:
		c.expr(x.Cond)
		c.nested(x.Body)
	case *ir.DoWhile:
		c.nested(x.Body)
		c.expr(x.Cond)
	case *ir.Switch:
		c.expr(x.Tag)
		c.nested(x.Body)
	case *ir.Label:
		c.nested(x.Stmt)
	case *ir.Block:
		for _, t := range x.List {
			c.nested(t)
		}
	case *ir.Jump:
		c.expr(x.Value)
	case *ir.Atomic:
		c.expr(x.If)
		c.nested(x.Plain)
	case *ir.OpaqueStmt:
		for _, v := range x.Code.Vars() {
			c.add(&ir.Access{Var: v, Unknown: true})
		}
	}
}

func (c *accessCollector) nested(s ir.Statement) {
	if f, ok := s.(*ir.For); ok {
		c.statement(f)
		return
	}
	if s != nil {
		c.own(s)
	}
}

func (c *accessCollector) add(a *ir.Access) {
	a.Loops = c.loops
	c.out = append(c.out, a)
}

// expr collects the references of an expression evaluated for its value.
func (c *accessCollector) expr(e ir.Expr) {
	switch x := e.(type) {
	case nil:
	case *ir.Assign:
		c.expr(x.R)
		if x.Op != "=" {
			c.ref(x.L, false)
		}
		c.ref(x.L, true)
	case *ir.Unary:
		switch x.Op {
		case "++", "--":
			c.ref(x.X, false)
			c.ref(x.X, true)
		case "&":
			c.address(x)
		case "sizeof", "_Alignof":
			// not evaluated
		case "*":
			c.ref(x, false)
		default:
			c.expr(x.X)
		}
	case *ir.Ref, *ir.Index, *ir.Member:
		c.ref(x, false)
	case *ir.Call:
		for _, a := range x.Args {
			c.expr(a)
		}
		if x.Routine == nil || !x.Routine.Writes {
			for _, i := range libraryStores[x.Func] {
				if i < len(x.Args) {
					c.storeThrough(x.Args[i])
				}
			}
			break
		}
		// A routine that stores through its pointer arguments (§2.15.1
		// device code) may write any data they reach.
		for _, a := range x.Args {
			c.storeThrough(a)
		}
	case *ir.Opaque:
		for _, v := range x.Code.Vars() {
			c.add(&ir.Access{Var: v, Unknown: true, Expr: x})
		}
	default:
		for _, y := range ir.Children(e) {
			c.expr(y)
		}
	}
}

// storeThrough collects the store of a callee through its pointer
// argument a: any data a reaches may be written.
func (c *accessCollector) storeThrough(a ir.Expr) {
	if t := a.Type(); t == nil || t.Kind != ir.Pointer && t.Kind != ir.Array {
		return
	}
	if cast, ok := a.(*ir.Cast); ok {
		a = cast.X // routineArgs' conversion to the parameter's type
	}
	p := a
	if u, ok := a.(*ir.Unary); ok && u.Op == "&" {
		if _, _, _, element := reference(u.X); element {
			p = u.X // &x[i], &p->f: the data of x, p
		}
	}
	if base, _, _, _ := reference(p); base != nil {
		if r, ok := base.(*ir.Ref); ok {
			c.add(&ir.Access{Var: r.Var, Write: true, Unknown: true, Expr: a})
			return
		}
	}
	c.add(&ir.Access{Write: true, Unknown: true, Expr: a})
}

// address collects what evaluating &x reads: the subscripts, not the
// element. The address of an element (&a[i], &p->f) lets the code reach
// the data it points into by other names (stored, passed, compared): a
// reference of the base with what it reaches unknown, so that the data
// are not taken to be read-only (escapes) and no test relies on knowing
// every reference to them.
func (c *accessCollector) address(u *ir.Unary) {
	base, subs, _, element := reference(u.X)
	if !element {
		c.expr(u.X) // &x: x's address is used
		return
	}
	for _, s := range subs {
		c.expr(s)
	}
	if r, ok := base.(*ir.Ref); ok {
		c.add(&ir.Access{Var: r.Var, Unknown: true, Expr: u})
	} else {
		c.expr(base)
	}
}

// ref collects a reference used as an lvalue (write) or read.
func (c *accessCollector) ref(e ir.Expr, write bool) {
	base, subs, fields, element := reference(e)
	for _, s := range subs {
		c.expr(s)
	}
	a := &ir.Access{Write: write, Element: element, Fields: fields, Expr: e}
	switch b := base.(type) {
	case *ir.Ref:
		a.Var = b.Var
	default:
		// Through a pointer the statement computes: what it reaches is
		// not known.
		c.expr(base)
		a.Unknown = true
	}
	for _, s := range subs {
		a.Subs = append(a.Subs, ir.Linear(s))
	}
	c.add(a)
}

// reference takes an lvalue apart: its base expression, its subscripts
// outermost first, its members, and whether it designates an element
// (through subscripts or a dereference) rather than the variable itself.
// Pointer arithmetic is folded into the subscript it offsets: *(p + k)
// is p[k], (p + 1)[i] is p[1 + i].
func reference(e ir.Expr) (base ir.Expr, subs []ir.Expr, fields []ir.Field, element bool) {
	var rsubs []ir.Expr    // innermost first
	var rfields []ir.Field // After counts the subscripts after the field, for now
	offset := func(sub ir.Expr, x ir.Expr) (ir.Expr, ir.Expr) {
		// x is the pointer the subscript applies to: fold p + k, p - k.
		for {
			b, ok := x.(*ir.Binary)
			if !ok || (b.Op != "+" && b.Op != "-") || !isPointerish(b.X.Type()) {
				return sub, x
			}
			k := b.Y
			if b.Op == "-" {
				k = &ir.Unary{Op: "-", X: k, T: k.Type()}
			}
			sub = &ir.Binary{Op: "+", X: k, Y: sub, T: sub.Type()}
			x = b.X
		}
	}
	for {
		switch x := e.(type) {
		case *ir.Index:
			sub, next := offset(x.I, x.X)
			rsubs = append(rsubs, sub)
			element = true
			e = next
			continue
		case *ir.Unary:
			if x.Op == "*" {
				sub, next := offset(&ir.Const{Text: "0", Int: 0, IsInt: true}, x.X)
				rsubs = append(rsubs, sub)
				element = true
				e = next
				continue
			}
		case *ir.Member:
			rfields = append(rfields, ir.Field{Name: x.Name, After: len(rsubs)})
			if x.Arrow {
				rsubs = append(rsubs, &ir.Const{Text: "0", Int: 0, IsInt: true})
				element = true
			}
			e = x.X
			continue
		case *ir.Cast:
			if t := x.X.Type(); isPointerish(x.T) && isPointerish(t) && x.T.Elem.Size == t.Elem.Size {
				e = x.X // (const float *)p: the same elements
				continue
			}
		}
		break
	}
	for i := len(rsubs) - 1; i >= 0; i-- {
		subs = append(subs, rsubs[i])
	}
	for i := len(rfields) - 1; i >= 0; i-- {
		f := rfields[i]
		f.After = len(rsubs) - f.After
		fields = append(fields, f)
	}
	return e, subs, fields, element
}

func isPointerish(t *ir.Type) bool {
	return t != nil && (t.Kind == ir.Pointer || t.Kind == ir.Array)
}

// Accesses returns the references of statement s in evaluation order,
// without the loops around it: the access pass's reading of one
// statement.
func Accesses(s ir.Statement) []*ir.Access {
	c := &accessCollector{}
	c.statement(s)
	return c.out
}

// ExprAccesses returns the references of expressions es.
func ExprAccesses(es ...ir.Expr) []*ir.Access {
	c := &accessCollector{}
	for _, e := range es {
		c.expr(e)
	}
	return c.out
}
