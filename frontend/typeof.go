package frontend

import (
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/ir"
)

// TypeOf returns the type of a clause expression of the directive in the
// directive's scope, as the directive checker computes it (invalid where
// the checker reported an error).
func (p *Pragma) TypeOf(x directives.Expr) *ir.Type {
	if p == nil || p.lookup == nil {
		return directives.TypeOf(x, nil)
	}
	return directives.TypeOf(x, p.lookup)
}
