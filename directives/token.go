package directives

import "github.com/accc-compiler/accc/internal/diag"

// A Token is one preprocessing token of a directive: an identifier, a number,
// a character or string literal, or a punctuator, with the position of its
// first byte. The frontend produces tokens from cc/v4's; Scan produces them
// from text (tests, fuzzing, _Pragma operands).
type Token struct {
	Text string
	Pos  diag.Pos
}

// TypeKind classifies the C type of a symbol or expression for clause checks.
type TypeKind uint8

const (
	TInvalid TypeKind = iota
	TVoid
	TBool
	TInt // all integer types, enums and char
	TFloat
	TComplex
	TPointer
	TArray
	TStruct
	TUnion
	TFunc
)

// Type is the frontend's description of a C type, sufficient for checking
// clause arguments. Types may be cyclic (self-referential structs).
type Type struct {
	Kind     TypeKind
	Name     string // C spelling for messages: "double", "float *", "struct point"
	Unsigned bool   // TInt only
	Size     int64  // sizeof in bytes; -1 if incomplete
	Elem     *Type  // TPointer, TArray
	Len      int64  // TArray: element count; -1 if unknown (incomplete or VLA)
	Fields   []Field
}

// A Field is a struct or union member.
type Field struct {
	Name string
	Type *Type
}

// SymbolKind says what an identifier names.
type SymbolKind uint8

const (
	SymVar SymbolKind = iota
	SymFunc
	SymEnumConst
	SymTypedef
)

// A Symbol is what an identifier in a clause resolves to.
type Symbol struct {
	Name   string
	Kind   SymbolKind
	Type   *Type
	Value  int64 // SymEnumConst only
	Pos    diag.Pos
	Global bool // file-scope or static storage
}

// A Scope resolves identifiers visible at a directive's position. The
// frontend implements it over cc/v4's lexical scopes.
type Scope interface {
	Lookup(name string) (*Symbol, bool)
}
