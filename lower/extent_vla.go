package lower

import (
	"strings"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/ir"
)

// Extents from declarations: a variable-length array named without
// subscripts is the whole array, and a parameter declared as an array
// (void f(int n, int m, double a[n][m])) points to the rows its
// declaration gives. A variable-length array's bounds are evaluated
// where it is declared (for a parameter, on entry to the function), so
// a bound expression is used only while its variables keep those values
// (funcFacts.stable); the size of the array object (sizeof lhs) and of
// its rows (sizeof a[0]) always holds, and gives the byte length.

// vlaDims returns the dimensions of the whole local array d of type t,
// a variable-length array: one per array level of t, from its bound
// where the bound's value still holds at directive c.p, else from the
// sizes of the object's parts (and printed "[:]"). nil when even the
// first dimension is not known: the section is then the object itself,
// sizeof d bytes.
func (c *clauseConv) vlaDims(d *cc.Declarator, t cc.Type) []ir.Dim {
	f := c.b.facts(c.p)
	if f == nil {
		return nil
	}
	ds := c.arrayDims(f, d, t, 0, d.Position().Offset)
	if len(ds) == 0 || ds[0].Rest {
		return nil
	}
	return ds
}

// wholeVLADims returns the dimensions of the whole local
// variable-length array d, as vlaDims does, but keeps a first dimension
// known only from the sizes of the object's parts: a compute construct
// that uses the array maps all of it (§2.6.2). nil without the
// function's facts.
func (c *clauseConv) wholeVLADims(d *cc.Declarator, t cc.Type) []ir.Dim {
	f := c.b.facts(c.p)
	if f == nil {
		return nil
	}
	return c.arrayDims(f, d, t, 0, d.Position().Offset)
}

// paramDims returns the dimensions of the data parameter d, declared as
// an array whose first bound is rows, points to: the first from rows,
// which must keep its value from the function's entry to directive c.p
// (nil otherwise), the others from the row type.
func (c *clauseConv) paramDims(d *cc.Declarator, rows cc.ExpressionNode) []ir.Dim {
	f := c.b.facts(c.p)
	pt, ok := d.Type().(*cc.PointerType)
	if f == nil || !ok {
		return nil
	}
	entry := f.byteSpan(f.body).start
	first := ir.Dim{Lo: ir.IntConst(0), Whole: true}
	if v, ok := intValue(rows); ok {
		first.Len = ir.IntConst(v)
	} else {
		if !f.sameValue(rows, c.p, entry, c.b.at(c.p)) {
			return nil
		}
		e, ok := c.hostExpr(rows)
		if !ok {
			return nil
		}
		first.Len = e
	}
	return append([]ir.Dim{first}, c.arrayDims(f, d, pt.Elem(), 1, entry)...)
}

// arrayDims lists a dimension for each array level of t, the type of
// d's part at depth depth (d[0]...[0], depth subscripts), whose bounds
// were evaluated at from. A variable-length bound whose value may have
// changed by c.p becomes the ratio of sizes sizeof(d[0]..[0]) /
// sizeof(d[0]..[0][0]), which the host evaluates with the bound the
// array was made with, marked Rest so that -Minfo prints "[:]".
func (c *clauseConv) arrayDims(f *funcFacts, d *cc.Declarator, t cc.Type, depth int, from int) []ir.Dim {
	var out []ir.Dim
	at := c.b.at(c.p)
	for ; t != nil && t.Kind() == cc.Array; depth++ {
		a := t.(*cc.ArrayType)
		dim := ir.Dim{Lo: ir.IntConst(0), Whole: true}
		switch n := a.SizeExpression(); {
		case !a.IsVLA() && !a.IsIncomplete():
			dim.Len = ir.IntConst(a.Len())
		case a.IsVLA() && n != nil && f.sameValue(n, c.p, from, at):
			e, ok := c.hostExpr(n)
			if ok {
				dim.Len = e
				break
			}
			fallthrough
		default:
			z := d.Name() + strings.Repeat("[0]", depth)
			dim.Len = &ir.Opaque{Code: ir.Code{{Text: "sizeof(" + z + ") / sizeof(" + z + "[0])"}},
				T: &ir.Type{Kind: ir.Scalar, Name: "size_t", Size: 8, Unsigned: true, Len: -1}}
			dim.Rest = true
		}
		out = append(out, dim)
		t = a.Elem()
	}
	return out
}
