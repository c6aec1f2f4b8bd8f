package directives

import (
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// A Token is one preprocessing token of a directive: an identifier, a number,
// a character or string literal, or a punctuator, with the position of its
// first byte. The frontend produces tokens from cc/v4's; Scan produces them
// from text (tests, fuzzing, _Pragma operands).
type Token struct {
	Text string
	Pos  diag.Pos
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
	Type   *ir.Type // the user's spelling in Name; may be cyclic
	Value  int64    // SymEnumConst only
	Pos    diag.Pos
	Global bool // file-scope or static storage
}

// A Scope resolves identifiers visible at a directive's position. The
// frontend implements it over cc/v4's lexical scopes.
type Scope interface {
	Lookup(name string) (*Symbol, bool)
}
