package ir

import (
	"fmt"
	"strings"
)

// TypeKind classifies a Type.
type TypeKind uint8

const (
	Scalar   TypeKind = iota // arithmetic types, _Bool and enums
	Pointer                  // T *
	Array                    // T [Len]
	Record                   // struct or union, or a typedef of one
	Other                    // void, and what kernels cannot use
	Function                 // a function type (Elem: the result), reached through pointers
	// Invalid is the type the directive checker gives what it cannot
	// type (an undeclared identifier, an erroneous operand); code
	// generators never see it.
	Invalid
)

// A Type is a C type: enough for code generators to declare variables
// and parameters and to size data, and for the directive checker to
// type clause expressions. Two conversions from cc/v4 build Types: the
// frontend's, for the checker, spells every type as the user wrote it
// (Name is cc/v4's spelling, also for pointers, arrays and functions,
// whose Decl ignores it) and fills Fields; lower's spells types as
// kernel files declare them and fills Def. Types may be cyclic
// (self-referential structs).
type Type struct {
	Kind TypeKind
	// Name spells scalar and record types: "double", "unsigned long",
	// "struct point", or a typedef name.
	Name string
	Elem *Type // Pointer, Array; the result of a Function
	Len  int64 // Array: the number of elements, -1 if unknown
	// Params are a Function's parameter types; Variadic adds "...".
	Params   []*Type
	Variadic bool
	Size     int64 // bytes, -1 if unknown
	Float    bool  // Scalar: a floating type (real, or complex with Complex)
	// Complex is set for complex scalars (Float is set too). lower's
	// conversion makes complex types Other: kernels cannot use them.
	Complex bool
	// Unsigned is set for unsigned integer scalars.
	Unsigned bool
	// Bool is set for _Bool (lower's conversion).
	Bool bool
	// Fields are a Record's members in order (the frontend's conversion
	// only).
	Fields []RecordField
	// Decl is the named type's definition (a Record or a typedef), for
	// kernel files that must define it.
	Def *TypeDef
}

// A RecordField is a member of a struct or union.
type RecordField struct {
	Name string
	Type *Type
}

// A TypeDef is a struct, union, enum or typedef the kernel file must
// define: Text is its C definition, CXX the same spelled for C++
// (CXXName).
type TypeDef struct {
	Name string // "struct point", "real_t"
	Text string
	CXX  string
	// Deps are the definitions that must come before this one (the
	// records it holds by value, the typedef names it spells), Uses
	// those it needs anywhere in the file (the types of its function
	// pointers, and what typedefs and members point to).
	Deps, Uses []*TypeDef
	// System definitions come from standard headers that kernel files
	// include themselves.
	System bool
	// Local definitions are types declared in a function (renamed
	// accc_<name>_<line>, so that the kernel files can define those of
	// every function at file scope) or anonymous structs and unions
	// without a typedef name: the user's file does not define them where
	// CPU kernel functions are placed, before the enclosing function.
	Local bool
	// Check holds static assertions on the layout (C++: the .acc.cu).
	Check string
}

// Forward returns the C++ declaration of a struct or union tag that
// announces the type before its definition, "struct point;", or "" for a
// typedef: kernel files declare every tag first, so that definitions
// that only point to one another need no order.
func (d *TypeDef) Forward() string {
	if strings.HasPrefix(d.Name, "struct ") || strings.HasPrefix(d.Name, "union ") {
		return CXXTypeName(d.Name) + ";\n"
	}
	return ""
}

// Decl returns a declaration of name with type t: "double (*a)[10]".
func (t *Type) Decl(name string) string { return t.decl(name, false) }

// decl is Decl, with struct, union and typedef names spelled for C++
// (CXXName) when cxx is set.
func (t *Type) decl(name string, cxx bool) string {
	switch t.Kind {
	case Pointer:
		inner := "*" + name
		if t.Elem.Kind == Array || t.Elem.Kind == Function {
			inner = "(" + inner + ")"
		}
		return t.Elem.decl(inner, cxx)
	case Function:
		var ps []string
		for _, p := range t.Params {
			ps = append(ps, strings.TrimSpace(p.decl("", cxx)))
		}
		if t.Variadic {
			ps = append(ps, "...")
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return t.Elem.decl(name+"("+strings.Join(ps, ", ")+")", cxx)
	case Array:
		n := ""
		if t.Len >= 0 {
			n = fmt.Sprint(t.Len)
		}
		return t.Elem.decl(name+"["+n+"]", cxx)
	}
	spell := t.Name
	if cxx && t.Kind == Record {
		spell = CXXTypeName(t.Name)
	}
	if name == "" {
		return spell
	}
	return spell + " " + name
}

// CXXTypeName spells the name of a struct, union or typedef, "struct
// point" or "real_t", for C++ (CXXName).
func CXXTypeName(name string) string {
	if kw, tag, ok := strings.Cut(name, " "); ok {
		return kw + " " + CXXName(tag)
	}
	return CXXName(name)
}

// String spells the type alone: "double (*)[10]".
func (t *Type) String() string { return strings.TrimSpace(t.Decl("")) }

// IsScalar reports whether t is an arithmetic type (or enum, _Bool).
func (t *Type) IsScalar() bool { return t.Kind == Scalar }

// Decay is the type of an array used as a value: a pointer to its
// element; other types are their own.
func (t *Type) Decay() *Type {
	if t.Kind == Array {
		return &Type{Kind: Pointer, Elem: t.Elem, Size: 8}
	}
	return t
}

// Base returns the innermost element type of arrays and pointers.
func (t *Type) Base() *Type {
	for t.Kind == Array || t.Kind == Pointer {
		t = t.Elem
	}
	return t
}

// FuncDeps returns the definitions that the parameter and result types of
// the function types in t (through pointers and arrays) need: the types
// themselves and the typedef names they use; a struct or union that is
// only pointed to needs none.
func FuncDeps(t *Type) []*TypeDef {
	var out []*TypeDef
	for ; t != nil; t = t.Elem {
		if t.Kind != Function {
			continue
		}
		for _, p := range append([]*Type{t.Elem}, t.Params...) {
			ptr := false
			for e := p; e != nil; e = e.Elem {
				if e.Def != nil && !(ptr && e.Kind == Record && (strings.HasPrefix(e.Def.Name, "struct ") || strings.HasPrefix(e.Def.Name, "union "))) {
					out = append(out, e.Def)
				}
				ptr = ptr || e.Kind == Pointer
			}
			out = append(out, FuncDeps(p)...)
		}
	}
	return out
}

// Defs returns the definitions needed by types, each after its Deps: the
// definitions only used (Uses) come after those of the types themselves,
// so that a record being defined is never left behind one that holds it.
func Defs(types []*Type) []*TypeDef {
	var out, used []*TypeDef
	seen := map[*TypeDef]bool{}
	var visit func(d *TypeDef)
	visit = func(d *TypeDef) {
		if d == nil || seen[d] {
			return
		}
		seen[d] = true
		for _, x := range d.Deps {
			visit(x)
		}
		out = append(out, d)
		used = append(used, d.Uses...)
	}
	var walk func(t *Type)
	walk = func(t *Type) {
		for _, d := range FuncDeps(t) {
			visit(d)
		}
		for ; t != nil; t = t.Elem {
			visit(t.Def)
		}
	}
	for _, t := range types {
		walk(t)
	}
	for i := 0; i < len(used); i++ {
		visit(used[i])
	}
	return out
}
