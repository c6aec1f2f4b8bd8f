package ir_test

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

func TestLinear(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	dblT := &ir.Type{Kind: ir.Scalar, Name: "double", Size: 8, Float: true}
	v := func(name string) *ir.Var { return &ir.Var{Name: name, Type: intT} }
	i, j, n := v("i"), v("j"), v("n")
	ref := func(x *ir.Var) ir.Expr { return &ir.Ref{Var: x} }
	c := func(k int64) ir.Expr { return &ir.Const{Text: "k", Int: k, IsInt: true, T: intT} }
	bin := func(op string, x, y ir.Expr) ir.Expr { return &ir.Binary{Op: op, X: x, Y: y, T: intT} }

	// (i - 1) * n + j + 2*j  →  i*n + 3*j - n
	e := bin("+", bin("+", bin("*", bin("-", ref(i), c(1)), ref(n)), ref(j)), bin("*", c(2), ref(j)))
	a := ir.Linear(e)
	if got := a.String(); got != "i*n + 3*j - n" {
		t.Errorf("Linear = %q", got)
	}
	if !a.AffineIn([]*ir.Var{i, j}, nil) {
		t.Error("i*n + 3*j - n should be affine in i, j")
	}
	if a.AffineIn([]*ir.Var{i, j}, func(v *ir.Var) bool { return v == n }) {
		t.Error("a coefficient that changes in the loop is not affine")
	}
	if co, ok := a.Coef(i); !ok || co.String() != "n" {
		t.Errorf("Coef(i) = %q %v", co.String(), ok)
	}
	if co, ok := a.Coef(j); !ok || co.String() != "3" {
		t.Errorf("Coef(j) = %q %v", co.String(), ok)
	}
	if a.Const() != 0 {
		t.Errorf("Const = %d", a.Const())
	}
	// i*j is not affine in i and j; j << 2 is 4*j; a shift by a variable,
	// a division or a floating operand is not a polynomial.
	if ir.Linear(bin("*", ref(i), ref(j))).AffineIn([]*ir.Var{i, j}, nil) {
		t.Error("i*j is not affine")
	}
	if got := ir.Linear(bin("<<", ref(j), c(2))).String(); got != "4*j" {
		t.Errorf("j << 2 = %q", got)
	}
	for _, e := range []ir.Expr{bin("<<", ref(j), ref(n)), bin("/", ref(i), c(2)),
		&ir.Ref{Var: &ir.Var{Name: "x", Type: dblT}}} {
		if a := ir.Linear(e); a.OK {
			t.Errorf("%s read as the polynomial %s", ir.Format(e, nil), a)
		}
	}
	if got := ir.Linear(bin("-", ref(i), ref(i))).String(); got != "0" {
		t.Errorf("i - i = %q", got)
	}
}

// Format puts parentheses exactly where the tree needs them.
func TestFormatPrecedence(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	a, b, c := &ir.Ref{Var: &ir.Var{Name: "a"}}, &ir.Ref{Var: &ir.Var{Name: "b"}}, &ir.Ref{Var: &ir.Var{Name: "c"}}
	bin := func(op string, x, y ir.Expr) ir.Expr { return &ir.Binary{Op: op, X: x, Y: y, T: intT} }
	for _, tc := range []struct {
		e    ir.Expr
		want string
	}{
		{bin("*", bin("+", a, b), c), "(a + b) * c"},
		{bin("+", a, bin("*", b, c)), "a + b * c"},
		{bin("-", a, bin("-", b, c)), "a - (b - c)"},
		{bin("-", bin("-", a, b), c), "a - b - c"},
		{&ir.Unary{Op: "-", X: &ir.Unary{Op: "-", X: a}}, "- -a"},
		{&ir.Cast{T: intT, X: bin("+", a, b)}, "(int)(a + b)"},
		{&ir.Index{X: bin("+", a, b), I: c}, "(a + b)[c]"},
		{&ir.Cond{C: a, X: b, Y: &ir.Assign{Op: "=", L: c, R: a}}, "a ? b : (c = a)"},
		{&ir.Call{Func: "fmax", Args: []ir.Expr{bin(",", a, b), c}}, "fmax((a, b), c)"},
		{&ir.Member{X: &ir.Unary{Op: "*", X: a}, Name: "x"}, "(*a).x"},
	} {
		if got := ir.Format(tc.e, nil); got != tc.want {
			t.Errorf("Format = %q, want %q", got, tc.want)
		}
	}
}
