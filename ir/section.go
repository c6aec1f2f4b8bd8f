package ir

import (
	"strconv"
	"strings"
)

// A Section is the data that a data clause item, an implicit data
// attribute, an update item or a private section names (OpenACC 3.4
// §2.7.1): a whole object (no Dims), the object a pointer points to
// (Pointee), or an array section Base[lo:len]..., with the bounds as
// expressions the host evaluates. HostAddr, ByteLen and MinfoText print
// what the runtime calls take and what -Minfo says.
type Section struct {
	// Var is the region variable the item names (the variable Base
	// starts from) when the item belongs to a compute construct and the
	// variable is one of its region's, else nil.
	Var *Var
	// Base is the variable or member the section starts from: a Ref, or
	// a Member for s.p and f->v. Its type is the declared one: an
	// array, a pointer, or the object's type for a whole object.
	Base Expr
	// Elem is the type of the section's elements: Base's type for a whole
	// object, the type pointed to for Pointee, else the type Dims leave.
	Elem *Type
	// Dims are the subscripts, outermost first; an index [i] is [i:1].
	Dims []Dim
	// Pointee is set for a pointer named without a section where its
	// target is meant (present(p)): the element it points to.
	Pointee bool
	// Rows is set for p[lo:n][off:len] with p a T ** (or an array of
	// pointers): Dims[0] is the part of the pointer array, which
	// HostAddr and ByteLen describe, and Dims[1] the part of each row
	// (RowOff, RowLen), which the runtime maps and attaches (PGI's deep
	// copy of row pointers).
	Rows bool
}

// A Dim is one dimension of a section: Len elements from Lo.
type Dim struct {
	Lo, Len Expr // never nil: an omitted lower bound is the constant 0
	// Rest is set where the section omits the length (a[lo:] of a
	// fixed-size array dimension): Len is the rest of the dimension.
	Rest bool
	// Whole is set where the dimension covers its whole extent (a[0:N]
	// of T a[N], a[:], a[0:n] of a variable-length dimension [n]).
	Whole bool
}

// Object reports whether s is a whole object: a variable or member
// without subscripts.
func (s *Section) Object() bool { return len(s.Dims) == 0 && !s.Pointee }

// HostAddr returns the C expression of the host address of the section's
// first byte, each variable printed by ref (nil: by name).
func (s *Section) HostAddr(ref func(*Var) string) string { return Format(s.hostAddr(), ref) }

// ByteLen returns the C expression of the section's length in bytes.
// A section is contiguous: its length is that of its last partial
// dimension (the first one's if every later one is whole) times the size
// of that dimension's elements.
func (s *Section) ByteLen(ref func(*Var) string) string { return Format(s.byteLen(), ref) }

// RowOff and RowLen return, for a Rows section, the C expressions of the
// offset and the length in bytes of the part of each row; "" otherwise.
// A zero offset is "0".
func (s *Section) RowOff(ref func(*Var) string) string {
	if !s.Rows {
		return ""
	}
	if isZero(s.Dims[1].Lo) {
		return "0"
	}
	return Format(s.scaled(s.Dims[1].Lo, 2), ref)
}

func (s *Section) RowLen(ref func(*Var) string) string {
	if !s.Rows {
		return ""
	}
	return Format(s.scaled(s.Dims[1].Len, 2), ref)
}

// Offset returns the C expression of the byte offset of the section's
// first element from the address Base holds, for attaching the pointer
// Base to it: "" when the section starts at Base's target (or has no
// subscripts).
func (s *Section) Offset(ref func(*Var) string) string {
	if len(s.Dims) == 0 || isZero(s.Dims[0].Lo) {
		return ""
	}
	return Format(s.scaled(s.Dims[0].Lo, 1), ref)
}

// MinfoText returns the section as -Minfo spells it, in NVHPC's manner:
// "a[:n]", "b[2:m][:]", "x[:][:]" for a whole two-dimensional array,
// "p[:]" for the target of a pointer; expressions without spaces around
// binary operators.
func (s *Section) MinfoText() string {
	b := compact(s.Base)
	switch {
	case s.Pointee:
		return b + "[:]"
	case len(s.Dims) == 0:
		for t := s.Base.Type(); t != nil && t.Kind == Array; t = t.Elem {
			b += "[:]"
		}
		return b
	}
	for _, d := range s.Dims {
		switch zero := isZero(d.Lo); {
		case zero && d.Rest:
			b += "[:]"
		case zero:
			b += "[:" + compact(d.Len) + "]"
		default:
			b += "[" + compact(d.Lo) + ":" + compact(d.Len) + "]"
		}
	}
	return b
}

// String prints the section as C, with its bounds: "a[0:n][2:m]".
func (s *Section) String() string {
	b := Format(s.Base, nil)
	for _, d := range s.Dims {
		b += "[" + Format(d.Lo, nil) + ":" + Format(d.Len, nil) + "]"
	}
	return b
}

// sizeT is the type of sizeof and of byte counts.
var sizeT = &Type{Kind: Scalar, Name: "size_t", Size: 8, Unsigned: true, Len: -1}

var intT = &Type{Kind: Scalar, Name: "int", Size: 4, Len: -1}

// IntConst returns the int constant v.
func IntConst(v int64) *Const {
	return &Const{Text: strconv.FormatInt(v, 10), T: intT, Int: v, IsInt: true}
}

func isZero(e Expr) bool {
	v, ok := IntValue(e)
	return ok && v == 0
}

// elemOf is the element type of an array or pointer type, or nil.
func elemOf(t *Type) *Type {
	if t != nil && (t.Kind == Array || t.Kind == Pointer) {
		return t.Elem
	}
	return nil
}

func addrOf(e Expr) Expr {
	var t *Type
	if e.Type() != nil {
		t = &Type{Kind: Pointer, Elem: e.Type(), Size: 8, Len: -1}
	}
	return &Unary{Op: "&", X: e, T: t}
}

func sizeOf(e Expr) Expr { return &Unary{Op: "sizeof", X: e, T: sizeT} }

// zeros is Base[0]...[0], n subscripts: an element at depth n.
func (s *Section) zeros(n int) Expr {
	e := s.Base
	for range n {
		e = &Index{X: e, I: IntConst(0), T: elemOf(e.Type())}
	}
	return e
}

// scaled is (size_t)x * sizeof(Base[0]...[0]), n subscripts.
func (s *Section) scaled(x Expr, n int) Expr {
	return &Binary{Op: "*", X: &Cast{X: x, T: sizeT}, Y: sizeOf(s.zeros(n)), T: sizeT}
}

func (s *Section) hostAddr() Expr {
	switch {
	case s.Pointee:
		return s.Base
	case len(s.Dims) == 0:
		return addrOf(s.Base)
	}
	e := s.Base
	for _, d := range s.dims() {
		e = &Index{X: e, I: d.Lo, T: elemOf(e.Type())}
	}
	return addrOf(e)
}

func (s *Section) byteLen() Expr {
	switch {
	case s.Pointee:
		return sizeOf(&Unary{Op: "*", X: s.Base, T: elemOf(s.Base.Type())})
	case len(s.Dims) == 0:
		return sizeOf(s.Base)
	}
	ds := s.dims()
	k := 0
	for i, d := range ds {
		if i > 0 && !d.Whole {
			k = i
		}
	}
	return &Binary{Op: "*", X: ds[k].Len, Y: sizeOf(s.zeros(k + 1)), T: sizeT}
}

// dims are the dimensions HostAddr and ByteLen describe: for Rows, the
// pointer array's.
func (s *Section) dims() []Dim {
	if s.Rows {
		return s.Dims[:1]
	}
	return s.Dims
}

// compact prints e as directives print clause expressions (and NVHPC's
// -Minfo its sections): no spaces around binary operators except where
// tokens would merge, parentheses where precedence needs them.
func compact(e Expr) string {
	var b strings.Builder
	(&compactPrinter{b: &b}).expr(e, precComma)
	return b.String()
}

type compactPrinter struct{ b *strings.Builder }

// op appends an operator or operand, with a space where the two would
// scan as other tokens ("a- -b", "a/ *p").
func (p *compactPrinter) op(s string) {
	cur := p.b.String()
	if cur != "" && s != "" {
		l, r := cur[len(cur)-1], s[0]
		if l == r && strings.IndexByte("+-&|<>", l) >= 0 || l == '/' && r == '*' {
			p.b.WriteByte(' ')
		}
	}
	p.b.WriteString(s)
}

func (p *compactPrinter) expr(e Expr, min int) {
	if e == nil {
		return
	}
	pr := prec(e)
	if pr < min {
		p.op("(")
		defer p.b.WriteByte(')')
	}
	switch x := e.(type) {
	case *Ref:
		p.op(x.Var.Name)
	case *Const:
		p.op(x.Text)
	case *Opaque:
		p.op(x.Code.Text())
	case *Unary:
		switch {
		case x.Post:
			p.expr(x.X, precPostfix)
			p.op(x.Op)
		case x.Op == "sizeof" || x.Op == "_Alignof" || x.Op == "__real__" || x.Op == "__imag__":
			p.op(x.Op + "(")
			p.expr(x.X, precComma)
			p.b.WriteByte(')')
		default:
			p.op(x.Op)
			p.expr(x.X, precUnary)
		}
	case *Binary:
		p.expr(x.X, pr)
		if x.Op == "," {
			p.op(", ")
		} else {
			p.op(x.Op)
		}
		p.expr(x.Y, pr+1)
	case *Assign:
		p.expr(x.L, precUnary)
		p.op(x.Op)
		p.expr(x.R, precAssign)
	case *Cond:
		p.expr(x.C, precOrOr)
		p.op(" ? ")
		p.expr(x.X, precComma)
		p.op(" : ")
		p.expr(x.Y, precCond)
	case *Call:
		p.op(x.Func + "(")
		for i, a := range x.Args {
			if i > 0 {
				p.op(", ")
			}
			p.expr(a, precAssign)
		}
		p.b.WriteByte(')')
	case *Index:
		p.expr(x.X, precPostfix)
		p.op("[")
		p.expr(x.I, precComma)
		p.b.WriteByte(']')
	case *Member:
		p.expr(x.X, precPostfix)
		if x.Arrow {
			p.op("->")
		} else {
			p.op(".")
		}
		p.op(x.Name)
	case *Cast:
		p.op("(" + x.T.String() + ")")
		p.expr(x.X, precUnary)
	case *SizeofType:
		if x.Align {
			p.op("_Alignof(" + x.Of.String() + ")")
		} else {
			p.op("sizeof(" + x.Of.String() + ")")
		}
	}
}

// MaxViewRowBytes bounds the row a CPU kernel's reduction copy is
// lengthened to (ViewRow): beyond it the copy keeps its own length, and
// the compiler reduces no array element implicitly.
const MaxViewRowBytes = 64 << 10

// ViewRow is the number of elements in one row of the view, of a
// variable of type t decayed, through which a reduction's code reaches
// its private copy (codegen's redView): 200 for double c[n][200] (the
// view double (*)[200]), 1 for a pointer to the elements. A C compiler
// takes the object a view's row lands in to hold the whole row (gcc -O2
// dropped the updates of reduction(+:c[i][j]) through a one-element copy
// as stores that could not reach it), so a CPU kernel's copy is at least
// one row long (up to MaxViewRowBytes); only its first Len elements are
// used.
func ViewRow(t *Type) int64 {
	n := int64(1)
	for t = t.Decay().Elem; t != nil && t.Kind == Array && t.Len > 0; t = t.Elem {
		n *= t.Len
	}
	return n
}
