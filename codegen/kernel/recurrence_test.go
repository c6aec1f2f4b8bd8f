package kernel

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

func TestMemoryRecurrence(t *testing.T) {
	a := &ir.Var{Name: "a"}
	c := &ir.Var{Name: "c"}
	b := &ir.Var{Name: "b"}
	j := &ir.Var{Name: "j"}
	ref := func(v *ir.Var) ir.Expr { return &ir.Ref{Var: v} }
	at := func(v *ir.Var, i ir.Expr) ir.Expr { return &ir.Index{X: ref(v), I: i} }
	minus1 := &ir.Binary{Op: "-", X: ref(j), Y: &ir.Const{Text: "1", Int: 1, IsInt: true}}
	loop := func(es ...ir.Expr) *ir.Loop {
		var body []ir.Node
		for _, e := range es {
			body = append(body, &ir.Stmt{Tree: &ir.ExprStmt{X: e}})
		}
		return &ir.Loop{Body: body}
	}
	for _, tc := range []struct {
		name string
		l    *ir.Loop
		want bool
	}{
		{"a[j] = a[j - 1] + b[j]", loop(&ir.Assign{Op: "=", L: at(a, ref(j)), R: &ir.Binary{Op: "+", X: at(a, minus1), Y: at(b, ref(j))}}), true},
		{"c[j] += b[j]", loop(&ir.Assign{Op: "+=", L: at(c, ref(j)), R: at(b, ref(j))}), false},
		{"a[j] = b[j - 1]", loop(&ir.Assign{Op: "=", L: at(a, ref(j)), R: at(b, minus1)}), false},
		{"two statements: a[j] = b[j]; b[j] = a[j - 1]", loop(
			&ir.Assign{Op: "=", L: at(a, ref(j)), R: at(b, ref(j))},
			&ir.Assign{Op: "=", L: at(b, ref(j)), R: at(a, minus1)}), true},
	} {
		if got := MemoryRecurrence(tc.l); got != tc.want {
			t.Errorf("%s: MemoryRecurrence = %v, want %v", tc.name, got, tc.want)
		}
	}
}
