package lower

import (
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/ir"
)

// The values of the clauses the host evaluates when it reaches a
// directive (if, self, async, wait, num_gangs, num_workers,
// vector_length, device_num, default_async) become IR expressions, which
// code generators print: their identifiers are host variables, named as
// the program names them, not the compute region's variables.

// hostExpr converts the clause argument x of p's directive.
func (b *builder) hostExpr(p *frontend.Pragma, x directives.Expr) ir.Expr {
	return b.clauseConv(p, nil).expr(x)
}

// hostCount is hostExpr folded to its value where x is an integer
// constant expression: num_workers and vector_length, whose constant
// values size a kernel's blocks (IntValue reads them).
func (b *builder) hostCount(p *frontend.Pragma, x directives.Expr) ir.Expr {
	if n, ok := p.ConstValue(x); ok {
		return ir.IntConst(n)
	}
	return b.hostExpr(p, x)
}
