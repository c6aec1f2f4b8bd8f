package directives

import (
	"fmt"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// Check type-checks the clause expressions of d in scope, the scope of the
// construct, and reports problems to sink: undeclared identifiers, list
// items that are not variables, sections of scalars, non-integer integer
// arguments, non-constant collapse/tile/dim arguments, and reduction
// variables whose type does not fit the operator.
func Check(d *Directive, scope Scope, sink diag.Sink) {
	if d == nil {
		return
	}
	c := &checker{scope: scope, sink: sink}
	switch d.Kind {
	case DirRoutine:
		if d.Name != nil {
			if sym := c.lookup(d.Name); sym != nil && sym.Kind != SymFunc {
				c.errorf(d.Name.NamePos, diag.CodeClauseType, "'%s' in 'routine' is not a function", d.Name.Name)
			}
		}
	case DirWait:
		c.waitArg(d.Wait, "wait")
	case DirCache:
		for _, v := range d.Cache {
			c.varRef(v, "cache")
		}
	}
	for _, cl := range d.Clauses {
		c.clause(cl)
	}
	c.dataSharing(d)
}

// dataSharing reports a variable that two kinds of the private,
// firstprivate and reduction clauses of d name: each gives it a copy of
// another kind, and which the construct uses is not defined (§2.5.13 to
// §2.5.15, §2.9.10, §2.9.11). On a combined construct the private clause
// is the loop's and firstprivate the construct's (§2.11), so both may
// name one variable.
func (c *checker) dataSharing(d *Directive) {
	first := map[string]ClauseKind{}
	for _, cl := range d.Clauses {
		if cl.Kind != ClausePrivate && cl.Kind != ClauseFirstprivate && cl.Kind != ClauseReduction {
			continue
		}
		for _, v := range cl.Vars {
			name := ExprString(sharedVar(v))
			k, ok := first[name]
			if !ok {
				first[name] = cl.Kind
				continue
			}
			privates := k != ClauseReduction && cl.Kind != ClauseReduction
			if k != cl.Kind && !(privates && d.Kind.IsCombined()) {
				c.errorf(v.Pos(), diag.CodeClauseConflict, "'%s' appears in both '%s' and '%s'", name, k, cl.Kind)
			}
		}
	}
}

// sharedVar returns the variable or member a list item's copy is of: the
// item without its subscripts and sections.
func sharedVar(x Expr) Expr {
	for {
		switch e := x.(type) {
		case *Section:
			x = e.X
		case *Index:
			x = e.X
		case *Paren:
			x = e.X
		default:
			return x
		}
	}
}

type checker struct {
	scope Scope
	sink  diag.Sink
}

func (c *checker) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	if c.sink != nil {
		c.sink.Report(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
	}
}

// Basic types of literals and operators.
var (
	tInt     = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}
	tUint    = &ir.Type{Kind: ir.Scalar, Name: "unsigned int", Unsigned: true, Size: 4, Len: -1}
	tLong    = &ir.Type{Kind: ir.Scalar, Name: "long", Size: 8, Len: -1}
	tUlong   = &ir.Type{Kind: ir.Scalar, Name: "unsigned long", Unsigned: true, Size: 8, Len: -1}
	tDouble  = &ir.Type{Kind: ir.Scalar, Name: "double", Float: true, Size: 8, Len: -1}
	tFloat   = &ir.Type{Kind: ir.Scalar, Name: "float", Float: true, Size: 4, Len: -1}
	tChar    = &ir.Type{Kind: ir.Scalar, Name: "char", Size: 1, Len: -1}
	tVoid    = &ir.Type{Kind: ir.Other, Name: "void", Size: -1, Len: -1}
	tBool    = &ir.Type{Kind: ir.Scalar, Name: "_Bool", Unsigned: true, Size: 1, Len: -1}
	tUnknown = &ir.Type{Kind: ir.Invalid, Name: "<unknown>", Size: -1, Len: -1}
)

// pointerTo returns the type of a pointer to t, spelled name.
func pointerTo(t *ir.Type, name string) *ir.Type {
	return &ir.Type{Kind: ir.Pointer, Name: name, Size: 8, Len: -1, Elem: t}
}

func (c *checker) clause(cl *Clause) {
	name := cl.Kind.String()
	switch cl.Kind {
	case ClauseAsync, ClauseNumGangs, ClauseNumWorkers, ClauseVectorLength, ClauseDeviceNum,
		ClauseDefaultAsync, ClauseWorker, ClauseVector:
		for _, a := range cl.Args {
			c.intExpr(a, name)
		}
	case ClauseIf, ClauseSelf:
		for _, a := range cl.Args {
			if t := c.typeOf(a); !isScalar(t) {
				c.errorf(a.Pos(), diag.CodeClauseType, "condition of '%s' must have scalar type, not '%s'", name, typeName(t))
			}
		}
	case ClauseCollapse:
		for _, a := range cl.Args {
			c.positiveConst(a, name)
		}
	case ClauseTile:
		for _, a := range cl.Args {
			if _, star := a.(*Star); !star {
				c.positiveConst(a, name)
			}
		}
	case ClauseGang:
		for _, g := range cl.Gang {
			switch _, star := g.X.(*Star); {
			case star:
			case g.Kind == GangDim:
				// §2.9.2: dim must be a constant 1, 2 or 3.
				if v, ok := c.constValue(g.X); !ok || v < 1 || v > 3 {
					c.typeOf(g.X)
					c.errorf(g.X.Pos(), diag.CodeClauseType, "'dim' argument of 'gang' must be the constant 1, 2 or 3")
				}
			default:
				c.intExpr(g.X, "gang")
			}
		}
	case ClauseWait:
		c.waitArg(cl.Wait, name)
	}
	for _, v := range cl.Vars {
		t := c.varRef(v, name)
		switch cl.Kind {
		case ClauseReduction:
			c.reduction(cl.Op, v, t)
		case ClauseDeviceptr:
			// §2.7.4: C pointers holding device addresses.
			if _, ok := v.(*Ident); !ok {
				c.errorf(v.Pos(), diag.CodeClauseType, "'deviceptr' requires a pointer variable, not '%s'", ExprString(v))
			} else if t != nil && t.Kind != ir.Pointer && t.Kind != ir.Invalid {
				c.errorf(v.Pos(), diag.CodeClauseType, "'deviceptr' variable '%s' must have pointer type, not '%s'", ExprString(v), typeName(t))
			}
		case ClauseAttach, ClauseDetach:
			// §2.7.12–2.7.13: the item is a pointer to attach.
			if t != nil && t.Kind != ir.Pointer && t.Kind != ir.Invalid {
				c.errorf(v.Pos(), diag.CodeClauseType, "'%s' requires a pointer, but '%s' has type '%s'", name, ExprString(v), typeName(t))
			}
		case ClauseUseDevice:
			// §2.8.1: variables or arrays, never subarrays or elements.
			switch v.(type) {
			case *Ident, *Member:
			default:
				c.errorf(v.Pos(), diag.CodeClauseType, "'use_device' requires a variable or array, not '%s'", ExprString(v))
			}
		}
	}
}

func (c *checker) waitArg(w *WaitArg, name string) {
	if w == nil {
		return
	}
	if w.DevNum != nil {
		c.intExpr(w.DevNum, name)
	}
	for _, x := range w.List {
		c.intExpr(x, name)
	}
}

func (c *checker) intExpr(x Expr, name string) {
	if t := c.typeOf(x); !isInteger(t) && t.Kind != ir.Invalid {
		c.errorf(x.Pos(), diag.CodeClauseType, "argument of '%s' must have integer type, not '%s'", name, typeName(t))
	}
}

// positiveConst checks a collapse or tile argument (§2.9.1, §2.9.8).
func (c *checker) positiveConst(x Expr, name string) {
	t := c.typeOf(x)
	if t.Kind == ir.Invalid {
		return
	}
	v, ok := c.constValue(x)
	switch {
	case !isInteger(t):
		c.errorf(x.Pos(), diag.CodeClauseType, "argument of '%s' must have integer type, not '%s'", name, typeName(t))
	case !ok:
		c.errorf(x.Pos(), diag.CodeClauseType, "argument of '%s' must be an integer constant expression", name)
	case v <= 0:
		c.errorf(x.Pos(), diag.CodeClauseType, "argument of '%s' must be positive, not %d", name, v)
	}
}

// reduction checks that the type of v fits op (§2.5.15): bitwise operators
// need integers, max and min need real types, and pointers never reduce.
func (c *checker) reduction(op ReductionOp, v Expr, t *ir.Type) {
	if t == nil {
		return
	}
	for t.Kind == ir.Array && t.Elem != nil {
		t = t.Elem
	}
	name := ExprString(v)
	var walk func(t *ir.Type, what string, depth int) bool
	walk = func(t *ir.Type, what string, depth int) bool {
		bad := ""
		switch t.Kind {
		case ir.Pointer:
			c.errorf(v.Pos(), diag.CodeClauseType, "reduction variable '%s' has pointer type '%s'", what, typeName(t))
			return false
		case ir.Record:
			if depth > 8 {
				return true
			}
			for _, f := range t.Fields {
				if f.Type != nil && !walk(f.Type, what+"."+f.Name, depth+1) {
					return false
				}
			}
			return true
		case ir.Array:
			if t.Elem != nil {
				return walk(t.Elem, what, depth+1)
			}
			return true
		case ir.Invalid:
		case ir.Scalar:
			switch {
			case !t.Float: // integer, _Bool
			case op == "&" || op == "|" || op == "^":
				bad = "an integer"
			case t.Complex && (op == "max" || op == "min"):
				bad = "a real"
			}
		default:
			bad = "an arithmetic"
		}
		if bad != "" {
			c.errorf(v.Pos(), diag.CodeClauseType, "reduction operator '%s' requires %s type, but '%s' has type '%s'", op, bad, what, typeName(t))
			return false
		}
		return true
	}
	walk(t, name, 0)
}

// varRef checks a variable-list entry (§2.7.1) and returns its type, or
// nil after an error.
func (c *checker) varRef(x Expr, clause string) *ir.Type {
	switch x := x.(type) {
	case *Ident:
		sym := c.lookup(x)
		if sym == nil {
			return nil
		}
		if sym.Kind != SymVar {
			c.errorf(x.NamePos, diag.CodeClauseType, "'%s' in '%s' is not a variable", x.Name, clause)
			return nil
		}
		return orUnknown(sym.Type)
	case *Index:
		t := c.varRef(x.X, clause)
		if t == nil {
			return nil
		}
		c.intExpr(x.Index, "subscript")
		return c.elem(x.X, t, x.Lbrack, "subscripted value")
	case *Section:
		t := c.varRef(x.X, clause)
		if t == nil {
			return nil
		}
		if x.Lo != nil {
			c.intExpr(x.Lo, "array section")
		}
		if x.Len != nil {
			c.intExpr(x.Len, "array section")
		}
		if t.Kind != ir.Array && t.Kind != ir.Pointer && t.Kind != ir.Invalid {
			c.errorf(x.Lbrack, diag.CodeClauseType, "array section of '%s', which has type '%s' and is not an array or pointer", ExprString(x.X), typeName(t))
			return nil
		}
		c.sectionBounds(x, t)
		return c.elem(x.X, t, x.Lbrack, "array section base")
	case *Member:
		t := c.varRef(x.X, clause)
		if t == nil {
			return nil
		}
		return c.member(x, t)
	case *Paren:
		return c.varRef(x.X, clause)
	}
	c.typeOf(x)
	c.errorf(x.Pos(), diag.CodeClauseType, "'%s' in '%s' is not a variable, array element, array section or struct member", ExprString(x), clause)
	return nil
}

// sectionBounds checks constant bounds against a known array length.
func (c *checker) sectionBounds(s *Section, t *ir.Type) {
	lo, loOK := int64(0), true
	if s.Lo != nil {
		lo, loOK = c.constValue(s.Lo)
	}
	if loOK && lo < 0 {
		c.errorf(s.Lo.Pos(), diag.CodeClauseType, "array section lower bound %d is negative", lo)
		return
	}
	if s.Len == nil {
		if t.Kind == ir.Pointer || t.Kind == ir.Array && t.Len < 0 {
			c.errorf(s.Lbrack, diag.CodeClauseType, "array section of '%s' needs a length: its extent is unknown", ExprString(s.X))
		}
		return
	}
	n, nOK := c.constValue(s.Len)
	switch {
	case nOK && n < 0:
		c.errorf(s.Len.Pos(), diag.CodeClauseType, "array section length %d is negative", n)
	case nOK && loOK && t.Kind == ir.Array && t.Len >= 0 && lo+n > t.Len:
		c.errorf(s.Lbrack, diag.CodeClauseType, "array section [%d:%d] is out of bounds of '%s' (%d elements)", lo, n, ExprString(s.X), t.Len)
	}
}

func orUnknown(t *ir.Type) *ir.Type {
	if t == nil {
		return tUnknown
	}
	return t
}

// elem returns the element type of an array or pointer.
func (c *checker) elem(base Expr, t *ir.Type, pos diag.Pos, what string) *ir.Type {
	switch t.Kind {
	case ir.Array, ir.Pointer:
		return orUnknown(t.Elem)
	case ir.Invalid:
		return tUnknown
	}
	c.errorf(pos, diag.CodeClauseType, "%s '%s' has type '%s', which is not an array or pointer", what, ExprString(base), typeName(t))
	return nil
}

func (c *checker) member(x *Member, t *ir.Type) *ir.Type {
	if x.Arrow {
		if t.Kind == ir.Invalid {
			return tUnknown
		}
		if t.Kind != ir.Pointer {
			c.errorf(x.NamePos, diag.CodeClauseType, "'->' on '%s', which has non-pointer type '%s'", ExprString(x.X), typeName(t))
			return nil
		}
		t = orUnknown(t.Elem)
	}
	switch t.Kind {
	case ir.Invalid:
		return tUnknown
	case ir.Record:
		for _, f := range t.Fields {
			if f.Name == x.Name {
				return orUnknown(f.Type)
			}
		}
		c.errorf(x.NamePos, diag.CodeClauseType, "no member named '%s' in '%s'", x.Name, typeName(t))
		return nil
	}
	c.errorf(x.NamePos, diag.CodeClauseType, "member reference base '%s' has type '%s', which is not a struct or union", ExprString(x.X), typeName(t))
	return nil
}

func (c *checker) lookup(id *Ident) *Symbol {
	if c.scope == nil {
		return &Symbol{Name: id.Name, Kind: SymVar, Type: tUnknown}
	}
	sym, ok := c.scope.Lookup(id.Name)
	if !ok || sym == nil {
		c.errorf(id.NamePos, diag.CodeClauseUndeclared, "use of undeclared identifier '%s'", id.Name)
		return nil
	}
	return sym
}

// typeOf returns the type of x, reporting errors; the result is never nil
// (tUnknown after an error, so that one mistake is reported once).
func (c *checker) typeOf(x Expr) *ir.Type {
	switch x := x.(type) {
	case *Ident:
		sym := c.lookup(x)
		switch {
		case sym == nil:
			return tUnknown
		case sym.Kind == SymEnumConst:
			return tInt
		case sym.Kind == SymTypedef:
			c.errorf(x.NamePos, diag.CodeClauseType, "unexpected type name '%s' in expression", x.Name)
			return tUnknown
		}
		return orUnknown(sym.Type)
	case *Lit:
		return litType(x)
	case *Star:
		return tInt
	case *Paren:
		return c.typeOf(x.X)
	case *Unary:
		t := c.typeOf(x.X)
		switch x.Op {
		case "sizeof":
			return tUlong
		case "!":
			return tInt
		case "&":
			return pointerTo(t, typeName(t)+" *")
		case "*":
			switch t.Kind {
			case ir.Pointer, ir.Array:
				return orUnknown(t.Elem)
			case ir.Invalid:
				return tUnknown
			}
			c.errorf(x.OpPos, diag.CodeClauseType, "indirection requires a pointer operand, not '%s'", typeName(t))
			return tUnknown
		case "~":
			if !isInteger(t) && t.Kind != ir.Invalid {
				c.errorf(x.OpPos, diag.CodeClauseType, "invalid operand type '%s' for '~'", typeName(t))
				return tUnknown
			}
		}
		return promote(t)
	case *Postfix:
		return c.typeOf(x.X)
	case *Binary:
		return c.binary(x)
	case *Cond:
		if t := c.typeOf(x.C); !isScalar(t) {
			c.errorf(x.C.Pos(), diag.CodeClauseType, "condition must have scalar type, not '%s'", typeName(t))
		}
		a, b := c.typeOf(x.T), c.typeOf(x.F)
		if isArith(a) && isArith(b) {
			return arith(a, b)
		}
		return a
	case *Call:
		var ft *ir.Type
		if id, ok := x.Fun.(*Ident); ok {
			if sym := c.lookup(id); sym != nil {
				if sym.Kind != SymFunc && (sym.Type == nil || sym.Type.Kind != ir.Function && !(sym.Type.Kind == ir.Pointer && sym.Type.Elem != nil && sym.Type.Elem.Kind == ir.Function)) {
					c.errorf(id.NamePos, diag.CodeClauseType, "called object '%s' is not a function", id.Name)
				}
				ft = sym.Type
			}
		} else {
			ft = c.typeOf(x.Fun)
		}
		for _, a := range x.Args {
			c.typeOf(a)
		}
		if ft != nil && ft.Kind == ir.Pointer {
			ft = ft.Elem
		}
		if ft != nil && ft.Kind == ir.Function && ft.Elem != nil {
			return ft.Elem // the result type
		}
		return tUnknown
	case *Member:
		if t := c.member(x, c.typeOf(x.X)); t != nil {
			return t
		}
		return tUnknown
	case *Index:
		t := c.typeOf(x.X)
		c.intExpr(x.Index, "subscript")
		if e := c.elem(x.X, t, x.Lbrack, "subscripted value"); e != nil {
			return e
		}
		return tUnknown
	case *Section:
		c.errorf(x.Lbrack, diag.CodeClauseType, "array section is not allowed here")
		return tUnknown
	case *Cast:
		t := c.typeNameType(x.Type)
		if t == tUnknown { // not a type after all: x.X is not an operand
			return t
		}
		c.typeOf(x.X)
		return t
	case *SizeofType:
		c.typeNameType(x.Type)
		return tUlong
	}
	return tUnknown
}

func (c *checker) binary(x *Binary) *ir.Type {
	a, b := c.typeOf(x.X), c.typeOf(x.Y)
	if a.Kind == ir.Invalid || b.Kind == ir.Invalid {
		return tUnknown
	}
	bad := func() *ir.Type {
		c.errorf(x.OpPos, diag.CodeClauseType, "invalid operands to binary '%s' ('%s' and '%s')", x.Op, typeName(a), typeName(b))
		return tUnknown
	}
	switch x.Op {
	case "&&", "||":
		if !isScalar(a) || !isScalar(b) {
			return bad()
		}
		return tInt
	case "==", "!=", "<", ">", "<=", ">=":
		if !isScalar(a) || !isScalar(b) {
			return bad()
		}
		return tInt
	case "+", "-":
		ap, bp := a.Kind == ir.Pointer || a.Kind == ir.Array, b.Kind == ir.Pointer || b.Kind == ir.Array
		switch {
		case ap && bp && x.Op == "-":
			return tLong
		case ap && isInteger(b):
			return pointerTo(a.Elem, typeName(orUnknown(a.Elem))+" *")
		case bp && isInteger(a) && x.Op == "+":
			return pointerTo(b.Elem, typeName(orUnknown(b.Elem))+" *")
		}
		fallthrough
	case "*", "/":
		if !isArith(a) || !isArith(b) {
			return bad()
		}
		return arith(a, b)
	default: // % << >> & | ^
		if !isInteger(a) || !isInteger(b) {
			return bad()
		}
		if x.Op == "<<" || x.Op == ">>" {
			return promote(a)
		}
		return arith(a, b)
	}
}

// typeNameType resolves a cast's type name.
func (c *checker) typeNameType(tn *TypeName) *ir.Type {
	t := tInt
	words := map[string]int{}
	for _, w := range tn.Words {
		words[w]++
	}
	switch {
	case words["double"] > 0:
		t = tDouble
	case words["float"] > 0:
		t = tFloat
	case words["_Bool"] > 0:
		t = tBool
	case words["void"] > 0:
		t = tVoid
	case words["char"] > 0:
		t = tChar
	case words["long"] > 0 && words["unsigned"] > 0:
		t = tUlong
	case words["long"] > 0:
		t = tLong
	case words["unsigned"] > 0:
		t = tUint
	}
	if words["_Complex"] > 0 {
		t = &ir.Type{Kind: ir.Scalar, Name: t.Name + " _Complex", Float: true, Complex: true, Size: 2 * t.Size, Len: -1}
	}
	for _, w := range tn.Words {
		if len(w) > 7 && (w[:7] == "struct " || w[:6] == "union ") {
			t = &ir.Type{Kind: ir.Record, Name: w, Size: -1, Len: -1}
		} else if len(w) > 5 && w[:5] == "enum " {
			t = tInt
		} else if !typeWords[w] && c.scope != nil {
			if sym, ok := c.scope.Lookup(w); ok && sym != nil && sym.Kind == SymTypedef {
				t = orUnknown(sym.Type)
			} else if ok && sym != nil {
				// Parsed as a type name because a file-scope typedef
				// has this name, which a declaration in a block hides.
				c.errorf(tn.NamePos, diag.CodeClauseType, "'%s' is not a type here: a declaration hides the typedef of that name", w)
				return tUnknown
			}
		}
	}
	for i := 0; i < tn.Ptr; i++ {
		t = pointerTo(t, t.Name+" *")
	}
	return t
}

func litType(x *Lit) *ir.Type {
	switch x.Kind {
	case LitFloat:
		if n := len(x.Value); x.Value[n-1] == 'f' || x.Value[n-1] == 'F' {
			return tFloat
		}
		return tDouble
	case LitChar:
		return tInt
	case LitString:
		return &ir.Type{Kind: ir.Array, Name: "char []", Elem: tChar, Len: -1, Size: -1}
	}
	v, _ := intValue(x.Value)
	suffix := ""
	for i := len(x.Value) - 1; i >= 0 && (x.Value[i]|0x20 == 'u' || x.Value[i]|0x20 == 'l'); i-- {
		suffix = string(x.Value[i]|0x20) + suffix
	}
	unsigned := len(suffix) > 0 && (suffix[0] == 'u' || suffix[len(suffix)-1] == 'u')
	long := len(suffix) > 0 && (suffix[0] == 'l' || suffix[len(suffix)-1] == 'l') || v > 1<<31-1
	switch {
	case long && unsigned:
		return tUlong
	case long:
		return tLong
	case unsigned:
		return tUint
	}
	return tInt
}

// isInteger reports whether t is an integer type: the integer types
// proper, _Bool, char and enumerations.
func isInteger(t *ir.Type) bool { return t.Kind == ir.Scalar && !t.Float }

func isArith(t *ir.Type) bool { return t.Kind == ir.Scalar }

func isScalar(t *ir.Type) bool {
	return isArith(t) || t.Kind == ir.Pointer || t.Kind == ir.Array || t.Kind == ir.Invalid
}

// promote applies the integer promotions (_Bool, char and short to int).
func promote(t *ir.Type) *ir.Type {
	if isInteger(t) && t.Size >= 0 && t.Size < 4 {
		return tInt
	}
	return t
}

// arith applies (simplified) usual arithmetic conversions.
func arith(a, b *ir.Type) *ir.Type {
	switch {
	case a.Complex:
		return a
	case b.Complex:
		return b
	case a.Float && b.Float:
		if a.Size >= b.Size {
			return a
		}
		return b
	case a.Float:
		return a
	case b.Float:
		return b
	}
	a, b = promote(a), promote(b)
	if b.Size > a.Size || b.Size == a.Size && b.Unsigned {
		return b
	}
	return a
}

// typeName spells t for messages: the user's spelling, which the
// frontend gives every type it converts.
func typeName(t *ir.Type) string {
	if t == nil {
		return "<unknown>"
	}
	if t.Name != "" {
		return t.Name
	}
	switch t.Kind {
	case ir.Pointer:
		return typeName(t.Elem) + " *"
	case ir.Array:
		if t.Len >= 0 {
			return fmt.Sprintf("%s [%d]", typeName(t.Elem), t.Len)
		}
		return typeName(t.Elem) + " []"
	case ir.Scalar:
		switch {
		case t.Complex:
			return "double _Complex"
		case t.Float:
			return "double"
		}
		return "int"
	case ir.Record:
		return "struct"
	case ir.Function:
		return "function"
	case ir.Other:
		return "void"
	}
	return "<invalid>"
}

// ConstValue evaluates an integer constant expression (C11 §6.6) with the
// identifiers of scope (nil: literals only).
func ConstValue(x Expr, scope Scope) (int64, bool) {
	return (&checker{scope: scope}).constValue(x)
}

// constValue evaluates an integer constant expression (C11 §6.6).
func (c *checker) constValue(x Expr) (int64, bool) {
	switch x := x.(type) {
	case *Lit:
		if x.Kind == LitInt {
			v, ok := intValue(x.Value)
			return int64(v), ok && v < 1<<63
		}
		if x.Kind == LitChar && len(x.Value) == 3 {
			return int64(x.Value[1]), true
		}
	case *Ident:
		if c.scope != nil {
			if sym, ok := c.scope.Lookup(x.Name); ok && sym != nil && sym.Kind == SymEnumConst {
				return sym.Value, true
			}
		}
	case *Paren:
		return c.constValue(x.X)
	case *Cast:
		if t := c.typeNameType(x.Type); isInteger(t) {
			return c.constValue(x.X)
		}
	case *SizeofType:
		if t := c.typeNameType(x.Type); t.Size > 0 {
			return t.Size, true
		}
	case *Unary:
		v, ok := c.constValue(x.X)
		if !ok {
			return 0, false
		}
		switch x.Op {
		case "-":
			return -v, true
		case "+":
			return v, true
		case "~":
			return ^v, true
		case "!":
			return b2i(v == 0), true
		}
	case *Cond:
		cv, ok := c.constValue(x.C)
		if !ok {
			return 0, false
		}
		if cv != 0 {
			return c.constValue(x.T)
		}
		return c.constValue(x.F)
	case *Binary:
		a, ok1 := c.constValue(x.X)
		b, ok2 := c.constValue(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/", "%":
			if b == 0 || a == -1<<63 && b == -1 {
				return 0, false
			}
			if x.Op == "/" {
				return a / b, true
			}
			return a % b, true
		case "<<", ">>":
			if b < 0 || b > 63 {
				return 0, false
			}
			if x.Op == "<<" {
				return a << b, true
			}
			return a >> b, true
		case "&":
			return a & b, true
		case "|":
			return a | b, true
		case "^":
			return a ^ b, true
		case "&&":
			return b2i(a != 0 && b != 0), true
		case "||":
			return b2i(a != 0 || b != 0), true
		case "==":
			return b2i(a == b), true
		case "!=":
			return b2i(a != b), true
		case "<":
			return b2i(a < b), true
		case ">":
			return b2i(a > b), true
		case "<=":
			return b2i(a <= b), true
		case ">=":
			return b2i(a >= b), true
		}
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
