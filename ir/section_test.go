package ir_test

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestSectionPrinters prints hand-built sections as the runtime calls and
// -Minfo take them: whole objects, the target of a pointer, sections with
// partial and whole dimensions, a[lo:] of a fixed-size dimension, a deep
// copy of row pointers and a pointer member with an offset.
func TestSectionPrinters(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}
	dblT := &ir.Type{Kind: ir.Scalar, Name: "double", Size: 8, Float: true, Len: -1}
	row := &ir.Type{Kind: ir.Array, Elem: dblT, Len: 20, Size: 160}
	mat := &ir.Type{Kind: ir.Array, Elem: row, Len: 10, Size: 1600}
	ptr := &ir.Type{Kind: ir.Pointer, Elem: dblT, Size: 8, Len: -1}
	pptr := &ir.Type{Kind: ir.Pointer, Elem: ptr, Size: 8, Len: -1}
	rec := &ir.Type{Kind: ir.Record, Name: "struct v", Size: 16, Len: -1}
	recPtr := &ir.Type{Kind: ir.Pointer, Elem: rec, Size: 8, Len: -1}

	v := func(name string, t *ir.Type) *ir.Ref { return &ir.Ref{Var: &ir.Var{Name: name, Type: t}} }
	n, m, i := v("n", intT), v("m", intT), v("i", intT)
	add := func(x, y ir.Expr) ir.Expr { return &ir.Binary{Op: "+", X: x, Y: y, T: intT} }
	mul := func(x, y ir.Expr) ir.Expr { return &ir.Binary{Op: "*", X: x, Y: y, T: intT} }
	zero, one := ir.IntConst(0), ir.IntConst(1)
	fv := &ir.Member{X: v("f", recPtr), Name: "v", Arrow: true, T: ptr}
	fn := &ir.Member{X: v("f", recPtr), Name: "n", Arrow: true, T: intT}

	for _, tt := range []struct {
		name                   string
		s                      *ir.Section
		host, bytes, minfo     string
		rowOff, rowLen, offset string
	}{
		{name: "scalar", s: &ir.Section{Base: v("s", dblT), Elem: dblT},
			host: "&s", bytes: "sizeof(s)", minfo: "s"},
		{name: "whole array", s: &ir.Section{Base: v("a", mat), Elem: mat},
			host: "&a", bytes: "sizeof(a)", minfo: "a[:][:]"},
		{name: "pointee", s: &ir.Section{Base: v("p", ptr), Elem: dblT, Pointee: true},
			host: "p", bytes: "sizeof(*p)", minfo: "p[:]"},
		{name: "one dimension", s: &ir.Section{Base: v("p", ptr), Elem: dblT,
			Dims: []ir.Dim{{Lo: zero, Len: mul(n, m)}}},
			host: "&p[0]", bytes: "n * m * sizeof(p[0])", minfo: "p[:n*m]"},
		{name: "sum length", s: &ir.Section{Base: v("p", ptr), Elem: dblT,
			Dims: []ir.Dim{{Lo: i, Len: add(n, one)}}},
			host: "&p[i]", bytes: "(n + 1) * sizeof(p[0])", minfo: "p[i:n+1]", offset: "(size_t)i * sizeof(p[0])"},
		{name: "whole rows", s: &ir.Section{Base: v("a", mat), Elem: dblT,
			Dims: []ir.Dim{{Lo: one, Len: ir.IntConst(3)}, {Lo: zero, Len: ir.IntConst(20), Rest: true, Whole: true}}},
			host: "&a[1][0]", bytes: "3 * sizeof(a[0])", minfo: "a[1:3][:]", offset: "(size_t)1 * sizeof(a[0])"},
		{name: "part of one row", s: &ir.Section{Base: v("a", mat), Elem: dblT,
			Dims: []ir.Dim{{Lo: i, Len: one}, {Lo: ir.IntConst(2), Len: add(n, one)}}},
			host: "&a[i][2]", bytes: "(n + 1) * sizeof(a[0][0])", minfo: "a[i:1][2:n+1]", offset: "(size_t)i * sizeof(a[0])"},
		{name: "rest of a dimension", s: &ir.Section{Base: v("a", mat), Elem: row,
			Dims: []ir.Dim{{Lo: i, Len: &ir.Binary{Op: "-", X: ir.IntConst(10), Y: i, T: intT}, Rest: true}}},
			host: "&a[i]", bytes: "(10 - i) * sizeof(a[0])", minfo: "a[i:10-i]", offset: "(size_t)i * sizeof(a[0])"},
		{name: "rows", s: &ir.Section{Base: v("q", pptr), Elem: dblT, Rows: true,
			Dims: []ir.Dim{{Lo: zero, Len: n}, {Lo: zero, Len: m}}},
			host: "&q[0]", bytes: "n * sizeof(q[0])", minfo: "q[:n][:m]", rowOff: "0", rowLen: "(size_t)m * sizeof(q[0][0])"},
		{name: "rows with an offset", s: &ir.Section{Base: v("q", pptr), Elem: dblT, Rows: true,
			Dims: []ir.Dim{{Lo: one, Len: n}, {Lo: add(i, one), Len: m}}},
			host: "&q[1]", bytes: "n * sizeof(q[0])", minfo: "q[1:n][i+1:m]",
			rowOff: "(size_t)(i + 1) * sizeof(q[0][0])", rowLen: "(size_t)m * sizeof(q[0][0])", offset: "(size_t)1 * sizeof(q[0])"},
		{name: "member", s: &ir.Section{Base: fv, Elem: dblT, Dims: []ir.Dim{{Lo: zero, Len: fn}}},
			host: "&f->v[0]", bytes: "f->n * sizeof(f->v[0])", minfo: "f->v[:f->n]"},
		{name: "member object", s: &ir.Section{Base: fv, Elem: ptr},
			host: "&f->v", bytes: "sizeof(f->v)", minfo: "f->v"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			for _, c := range []struct{ what, got, want string }{
				{"HostAddr", s.HostAddr(nil), tt.host},
				{"ByteLen", s.ByteLen(nil), tt.bytes},
				{"MinfoText", s.MinfoText(), tt.minfo},
				{"RowOff", s.RowOff(nil), tt.rowOff},
				{"RowLen", s.RowLen(nil), tt.rowLen},
				{"Offset", s.Offset(nil), tt.offset},
			} {
				if c.got != c.want {
					t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
				}
			}
			if got, want := s.Object(), len(s.Dims) == 0 && !s.Pointee; got != want {
				t.Errorf("Object() = %v", got)
			}
		})
	}
}

// Variables print through ref, as kernel and host code name them.
func TestSectionRef(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4, Len: -1}
	ptr := &ir.Type{Kind: ir.Pointer, Elem: intT, Size: 8, Len: -1}
	p, n := &ir.Var{Name: "p", Type: ptr}, &ir.Var{Name: "n", Type: intT}
	s := &ir.Section{Base: &ir.Ref{Var: p}, Elem: intT, Dims: []ir.Dim{{Lo: &ir.Ref{Var: n}, Len: &ir.Ref{Var: n}}}}
	ref := func(v *ir.Var) string { return "(*" + v.Name + "_)" }
	if got, want := s.HostAddr(ref), "&(*p_)[(*n_)]"; got != want {
		t.Errorf("HostAddr = %q, want %q", got, want)
	}
	if got, want := s.ByteLen(ref), "(*n_) * sizeof((*p_)[0])"; got != want {
		t.Errorf("ByteLen = %q, want %q", got, want)
	}
	if got, want := s.String(), "p[n:n]"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
