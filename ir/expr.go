package ir

import (
	"strings"
)

// An Expr is a C expression of a compute region: loop bounds and steps,
// subscripts, conditions, assignments and calls. Every node has the C
// type the front end gave it (nil only where C has none, a void call).
// What the IR cannot express is an Opaque node holding the tokens, which
// analyses treat as reading every variable it names and as having
// unknown effects.
type Expr interface {
	Type() *Type
	expr()
}

type (
	// A Ref names a variable: a region variable (declared outside the
	// region) or a local one (Var.Local).
	Ref struct {
		Var *Var
	}

	// A Const is a constant as the user spelled it: an integer,
	// floating or character constant, a string literal, or an
	// enumeration constant printed as its value. Int is its value when
	// it is an integer constant expression (IsInt).
	Const struct {
		Text  string
		T     *Type
		Int   int64
		IsInt bool
	}

	// A Unary is a prefix operator: - + ! ~ * & ++ --, sizeof and
	// _Alignof of an expression, __real__, __imag__; or, with Post,
	// the postfix ++ and --.
	Unary struct {
		Op   string
		X    Expr
		Post bool
		T    *Type
	}

	// A Binary is a binary operator, the comma operator included.
	Binary struct {
		Op   string
		X, Y Expr
		T    *Type
	}

	// An Assign is = or a compound assignment (+=, <<=, ...).
	Assign struct {
		Op   string
		L, R Expr
		T    *Type
	}

	// A Cond is c ? x : y.
	Cond struct {
		C, X, Y Expr
		T       *Type
	}

	// A Call calls a function by name: kernels call only functions the
	// device has (math functions, printf).
	Call struct {
		Func string
		Args []Expr
		T    *Type
		// Routine is the device routine called (Func is its device
		// name, DeviceName), or nil for a library function.
		Routine *CallInfo
	}

	// A CallInfo is what a call knows of the device routine it calls.
	CallInfo struct {
		Name  string // the C function
		Level Level
		// Writes is set when the routine may store through its
		// pointer arguments or print.
		Writes bool
		// Globals is set when the routine uses declare'd globals
		// (Routine.Globals): calls pass their device addresses after
		// the arguments, and call it by GlobalsName.
		Globals bool
	}

	// An Index is x[i].
	Index struct {
		X, I Expr
		T    *Type
	}

	// A Member is x.Name, or x->Name with Arrow.
	Member struct {
		X     Expr
		Name  string
		Arrow bool
		T     *Type
		// Bitfield is set for a bit-field, which has no address; Array
		// for an array member, whose T is the pointer it decays to.
		Bitfield, Array bool
	}

	// A Cast converts X to T. Spell is the type name as written, with
	// its qualifiers (const, volatile, restrict), which T does not keep;
	// printers use it when set.
	Cast struct {
		X     Expr
		T     *Type
		Spell Code
	}

	// A SizeofType is sizeof(Of) or, with Align, _Alignof(Of); T is
	// size_t.
	SizeofType struct {
		Of    *Type
		Align bool
		T     *Type
		Spell Code // as Cast's
	}

	// An Opaque expression is one the IR does not model (a compound
	// literal, a statement expression, _Generic, a brace initializer):
	// its tokens, with the variables it names.
	Opaque struct {
		Code Code
		T    *Type
	}
)

func (x *Ref) Type() *Type        { return x.Var.Type }
func (x *Const) Type() *Type      { return x.T }
func (x *Unary) Type() *Type      { return x.T }
func (x *Binary) Type() *Type     { return x.T }
func (x *Assign) Type() *Type     { return x.T }
func (x *Cond) Type() *Type       { return x.T }
func (x *Call) Type() *Type       { return x.T }
func (x *Index) Type() *Type      { return x.T }
func (x *Member) Type() *Type     { return x.T }
func (x *Cast) Type() *Type       { return x.T }
func (x *SizeofType) Type() *Type { return x.T }
func (x *Opaque) Type() *Type     { return x.T }

func (*Ref) expr()        {}
func (*Const) expr()      {}
func (*Unary) expr()      {}
func (*Binary) expr()     {}
func (*Assign) expr()     {}
func (*Cond) expr()       {}
func (*Call) expr()       {}
func (*Index) expr()      {}
func (*Member) expr()     {}
func (*Cast) expr()       {}
func (*SizeofType) expr() {}
func (*Opaque) expr()     {}

// Children returns the operands of e, left to right.
func Children(e Expr) []Expr {
	switch x := e.(type) {
	case *Unary:
		return []Expr{x.X}
	case *Binary:
		return []Expr{x.X, x.Y}
	case *Assign:
		return []Expr{x.L, x.R}
	case *Cond:
		return []Expr{x.C, x.X, x.Y}
	case *Call:
		return x.Args
	case *Index:
		return []Expr{x.X, x.I}
	case *Member:
		return []Expr{x.X}
	case *Cast:
		return []Expr{x.X}
	}
	return nil
}

// Inspect calls fn for e and, while fn returns true, for its operands in
// source order.
func Inspect(e Expr, fn func(Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	for _, c := range Children(e) {
		Inspect(c, fn)
	}
}

// ExprVars returns the variables e names, in order of appearance, each
// once.
func ExprVars(e Expr) []*Var {
	var vs []*Var
	seen := map[*Var]bool{}
	add := func(v *Var) {
		if !seen[v] {
			seen[v] = true
			vs = append(vs, v)
		}
	}
	Inspect(e, func(e Expr) bool {
		switch x := e.(type) {
		case *Ref:
			add(x.Var)
		case *Opaque:
			for _, v := range x.Code.Vars() {
				add(v)
			}
		}
		return true
	})
	return vs
}

// IntValue returns e's value when e is an integer constant.
func IntValue(e Expr) (int64, bool) {
	for {
		switch x := e.(type) {
		case *Const:
			return x.Int, x.IsInt
		case *Cast:
			if x.T == nil || x.T.Kind != Scalar || x.T.Float {
				return 0, false
			}
			e = x.X
			continue
		}
		return 0, false
	}
}

// Precedence levels of C's operators, loosest first: what the printer
// needs to put parentheses exactly where the tree needs them.
const (
	precComma = iota + 1
	precAssign
	precCond
	precOrOr
	precAndAnd
	precOr
	precXor
	precAnd
	precEq
	precRel
	precShift
	precAdd
	precMul
	precUnary // prefix operators and casts
	precPostfix
	precPrimary
)

var binaryPrec = map[string]int{
	",": precComma, "||": precOrOr, "&&": precAndAnd, "|": precOr, "^": precXor, "&": precAnd,
	"==": precEq, "!=": precEq, "<": precRel, ">": precRel, "<=": precRel, ">=": precRel,
	"<<": precShift, ">>": precShift, "+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "%": precMul,
}

func prec(e Expr) int {
	switch x := e.(type) {
	case *Binary:
		return binaryPrec[x.Op]
	case *Assign:
		return precAssign
	case *Cond:
		return precCond
	case *Unary:
		if x.Post {
			return precPostfix
		}
		return precUnary
	case *Cast:
		return precUnary
	case *Call, *Index, *Member:
		return precPostfix
	case *Opaque:
		return precAssign // printed in parentheses where an operand binds tighter
	}
	return precPrimary
}

// Format prints e as C, each variable printed by ref (nil: SourceName).
// Parentheses appear exactly where the tree's structure needs them.
func Format(e Expr, ref func(*Var) string) string {
	return Printer{Ref: ref}.Expr(e)
}

// SourceName is how the user's code names v: its name, or the member a
// variable that stands for a struct member is (Var.Member: s.p, p->q),
// a postfix expression.
func SourceName(v *Var) string {
	if v.Member != "" {
		return v.Member
	}
	return v.Name
}

// FormatSubst is Format with the nodes of subst printed as its text (a
// postfix expression).
func FormatSubst(e Expr, ref func(*Var) string, subst map[Expr]string) string {
	return Printer{Ref: ref, Subst: subst}.Expr(e)
}

// A Printer prints the IR's expressions, statements, Code and types as C
// or, with CXX, as the C++ of CUDA kernel files.
type Printer struct {
	// Ref prints a variable; nil prints its SourceName (a name CXXName'd
	// in C++).
	Ref func(*Var) string
	// CXX spells the program's other identifiers for C++ (CXXName):
	// members, labels, struct, union and typedef names, and the
	// identifiers of Code. Ref spells the variables.
	CXX bool
	// Subst gives the text of some expression nodes (postfix
	// expressions) instead of their own.
	Subst map[Expr]string
	// Atomic prints atomic constructs (nil: the directive, its operands
	// in a comment, and the statement as written).
	Atomic AtomicPrinter
}

// Ident spells an identifier the user's program declares.
func (p Printer) Ident(name string) string {
	if p.CXX {
		return CXXName(name)
	}
	return name
}

func (p Printer) ref(v *Var) string {
	if p.Ref != nil {
		return p.Ref(v)
	}
	if v.Member != "" {
		return v.Member // SourceName: the member path, as the user wrote it
	}
	return p.Ident(v.Name)
}

// Expr prints e. Parentheses appear exactly where the tree's structure
// needs them.
func (p Printer) Expr(e Expr) string {
	var b strings.Builder
	f := &exprPrinter{b: &b, p: p}
	f.expr(e, precComma)
	return b.String()
}

// Decl returns a declaration of name, which it prints as given, with
// type t.
func (p Printer) Decl(t *Type, name string) string { return t.decl(name, p.CXX) }

// Type spells t alone.
func (p Printer) Type(t *Type) string { return strings.TrimSpace(t.decl("", p.CXX)) }

// Code prints c: its variables by Ref, its identifiers by Ident.
func (p Printer) Code(c Code) string {
	var b strings.Builder
	for _, x := range c {
		switch {
		case x.Var != nil:
			b.WriteString(p.ref(x.Var))
		case x.Ident:
			b.WriteString(p.Ident(x.Text))
		default:
			b.WriteString(x.Text)
		}
	}
	return b.String()
}

type exprPrinter struct {
	b *strings.Builder
	p Printer
}

// expr prints e as an operand of a context that binds at least min
// tightly.
func (f *exprPrinter) expr(e Expr, min int) {
	if e == nil {
		return
	}
	if t, ok := f.p.Subst[e]; ok {
		f.b.WriteString(t) // a postfix expression: binds tightest
		return
	}
	p := prec(e)
	if p < min {
		f.b.WriteByte('(')
		defer f.b.WriteByte(')')
	}
	switch x := e.(type) {
	case *Ref:
		f.b.WriteString(f.p.ref(x.Var))
	case *Const:
		f.b.WriteString(x.Text)
	case *Opaque:
		f.b.WriteString(f.p.Code(x.Code))
	case *Unary:
		switch {
		case (x.Op == "++" || x.Op == "--") && x.X.Type() != nil && x.X.Type().Bool:
			// C++ has no -- on bool and deprecates ++: kernel files
			// define these with C's meaning, on the object's address
			// (accrt.h, accrt_device.h).
			name := map[string]string{"++": "inc", "--": "dec"}[x.Op]
			if x.Post {
				name = "post" + name
			} else {
				name = "pre" + name
			}
			f.b.WriteString("accrt_bool_" + name + "(&")
			f.expr(x.X, precUnary)
			f.b.WriteByte(')')
		case x.Post:
			f.expr(x.X, precPostfix)
			f.b.WriteString(x.Op)
		case x.Op == "sizeof" || x.Op == "_Alignof" || x.Op == "__real__" || x.Op == "__imag__":
			f.b.WriteString(x.Op)
			f.b.WriteByte('(')
			f.expr(x.X, precComma)
			f.b.WriteByte(')')
		default:
			f.b.WriteString(x.Op)
			// - -x and + +x and & &x would lex as other operators.
			if u, ok := x.X.(*Unary); ok && !u.Post && len(u.Op) > 0 && u.Op[0] == x.Op[0] {
				f.b.WriteByte(' ')
			}
			f.expr(x.X, precUnary)
		}
	case *Binary:
		f.expr(x.X, p)
		if x.Op == "," {
			f.b.WriteString(", ")
		} else {
			f.b.WriteString(" " + x.Op + " ")
		}
		f.expr(x.Y, p+1)
	case *Assign:
		f.expr(x.L, precUnary)
		f.b.WriteString(" " + x.Op + " ")
		f.expr(x.R, precAssign)
	case *Cond:
		f.expr(x.C, precOrOr)
		f.b.WriteString(" ? ")
		f.expr(x.X, precComma)
		f.b.WriteString(" : ")
		f.expr(x.Y, precCond)
	case *Call:
		f.b.WriteString(x.Func)
		f.b.WriteByte('(')
		for i, a := range x.Args {
			if i > 0 {
				f.b.WriteString(", ")
			}
			f.expr(a, precAssign)
		}
		f.b.WriteByte(')')
	case *Index:
		f.expr(x.X, precPostfix)
		f.b.WriteByte('[')
		f.expr(x.I, precComma)
		f.b.WriteByte(']')
	case *Member:
		f.expr(x.X, precPostfix)
		if x.Arrow {
			f.b.WriteString("->")
		} else {
			f.b.WriteByte('.')
		}
		f.b.WriteString(f.p.Ident(x.Name))
	case *Cast:
		f.b.WriteString("(" + f.typeName(x.T, x.Spell) + ")")
		f.expr(x.X, precUnary)
	case *SizeofType:
		if x.Align {
			f.b.WriteString("_Alignof(")
		} else {
			f.b.WriteString("sizeof(")
		}
		f.b.WriteString(f.typeName(x.Of, x.Spell) + ")")
	}
}

// typeName spells a cast's or sizeof's type: as written when known.
func (f *exprPrinter) typeName(t *Type, spell Code) string {
	if spell != nil {
		return strings.TrimSpace(f.p.Code(spell))
	}
	return f.p.Type(t)
}
