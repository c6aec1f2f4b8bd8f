package directives

import "github.com/accc-compiler/accc/ir"

// TypeOf returns the type of the clause expression x with the identifiers
// of scope (nil: literals only), as Check computes it. Problems are not
// reported: the type of what Check rejects is the invalid type.
func TypeOf(x Expr, scope Scope) *ir.Type {
	return (&checker{scope: scope}).typeOf(x)
}
