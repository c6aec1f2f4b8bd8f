package lower

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/ir"
)

// Arrays with variable-length rows in compute regions: a local
// double a[n][m], a parameter double a[n][m] (a pointer to rows of m)
// or a pointer double (*p)[m]. C++ has no variable-length array types,
// so kernels receive such a variable as a pointer to its elements in
// row-major order, one by-value parameter per array level below the
// first holding that level's length, and index it flat: a[i][j] becomes
// a[i * m + j]. The host evaluates the lengths where it launches the
// kernel as ratios of sizes (sizeof a[0] / sizeof a[0][0]), which hold
// the bounds the array was made with even after the bounds' variables
// change. The dependence tests see a flat subscript with a symbolic
// stride, which they delinearise.

// flatten gives v, declared by d with variable-length rows, its row
// length parameters and flat element type.
func (rg *region) flatten(d *cc.Declarator, v *ir.Var) {
	t, levels := d.Type(), 0
	if pt, ok := t.(*cc.PointerType); ok {
		t, levels = pt.Elem(), 1
	}
	for t.Kind() == cc.Array {
		t, levels = t.(*cc.ArrayType).Elem(), levels+1
	}
	long := &ir.Type{Kind: ir.Scalar, Name: "long long", Size: 8, Len: -1}
	for l := 1; l < levels; l++ {
		z := d.Name() + strings.Repeat("[0]", l)
		row := &ir.Var{Name: ir.RowLenName(v.Name, l), Type: long, Class: ir.ByValue,
			Host: fmt.Sprintf("sizeof(%s) / sizeof(%s[0])", z, z)}
		v.Rows = append(v.Rows, row)
		rg.r.Vars = append(rg.r.Vars, row)
	}
	v.FlatElem = rg.b.conv.convert(t)
}

// flatIndex lowers x, an element a[i][j]... of a variable with
// variable-length rows subscripted in each of its array levels (and
// maybe further, through pointers it holds), to a subscript of the flat
// pointer kernels receive: a[(i * m) + j]. ok is false when x is not
// such an element.
func (rg *region) flatIndex(x *cc.PostfixExpression) (e ir.Expr, ok bool) {
	var subs []cc.ExpressionNode
	var n cc.ExpressionNode = x
	for {
		px, ok := n.(*cc.PostfixExpression)
		if !ok || px.Case != cc.PostfixExpressionIndex {
			break
		}
		subs = append([]cc.ExpressionNode{px.ExpressionList}, subs...)
		n = px.PostfixExpression
	}
	id, isIdent := n.(*cc.PrimaryExpression)
	if !isIdent || id.Case != cc.PrimaryExpressionIdent {
		return nil, false
	}
	v := rg.pr.refs[id.Token.Seq()]
	if v == nil || v.Rows == nil {
		return nil, false
	}
	levels := len(v.Rows) + 1
	if len(subs) > levels {
		return nil, false // a[i][j][k] with a[i][j] a pointer: the inner index converts a[i][j]
	}
	if len(subs) < levels {
		return rg.primary(id), true // reports the partial use
	}
	long := v.Rows[0].Type
	flat := rg.expr(subs[0])
	for l, row := range v.Rows {
		flat = &ir.Binary{Op: "*", X: flat, Y: &ir.Ref{Var: row}, T: long}
		flat = &ir.Binary{Op: "+", X: flat, Y: rg.expr(subs[l+1]), T: long}
	}
	return &ir.Index{X: &ir.Ref{Var: v}, I: flat, T: rg.typeOf(x)}, true
}

// subscripts spells n subscripts for messages: "[i][j]".
func subscripts(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString("[" + string(rune('i'+i)) + "]")
	}
	return b.String()
}
