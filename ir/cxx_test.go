package ir_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

func TestCXXName(t *testing.T) {
	for name, want := range map[string]string{
		"class": "accc_cxx_class", "or": "accc_cxx_or", "not_eq": "accc_cxx_not_eq", "char8_t": "accc_cxx_char8_t",
		"threadIdx": "accc_cxx_threadIdx", "float3": "accc_cxx_float3", "ulonglong2": "accc_cxx_ulonglong2",
		"double4_32a": "accc_cxx_double4_32a", "dim3": "accc_cxx_dim3", "std": "accc_cxx_std",
		"classes": "classes", "float5": "float5", "float3x": "float3x", "x": "x", "int": "int", "accc_k": "accc_k",
	} {
		if got := ir.CXXName(name); got != want {
			t.Errorf("CXXName(%q) = %q, want %q", name, got, want)
		}
	}
}

// A C++ printer renames the program's reserved names wherever they
// appear: variables, members, labels, type names, Code; a C printer
// keeps them.
func TestPrinterCXX(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	rec := &ir.Type{Kind: ir.Record, Name: "struct class", Size: 8}
	ptr := &ir.Type{Kind: ir.Pointer, Elem: rec, Size: 8}
	fn := &ir.Type{Kind: ir.Pointer, Size: 8, Elem: &ir.Type{Kind: ir.Function, Elem: intT, Params: []*ir.Type{ptr}}}
	this := &ir.Var{Name: "this", Type: ptr, Local: true}
	n := &ir.Var{Name: "n", Type: intT}
	s := &ir.Block{List: []ir.Statement{
		&ir.DeclStmt{Locals: []*ir.Local{{Var: &ir.Var{Name: "new", Type: intT, Local: true},
			Spec: ir.Code{{Text: "friend", Ident: true}}, Declarator: ir.Code{{Text: "new", Ident: true}},
			Init: &ir.Member{X: &ir.Ref{Var: this}, Name: "public", Arrow: true, T: intT}}}},
		&ir.Label{Name: "delete", Stmt: &ir.ExprStmt{X: &ir.Assign{Op: "=", L: &ir.Ref{Var: n},
			R: &ir.Cast{X: &ir.Ref{Var: this}, T: fn}, T: intT}}},
		&ir.Jump{Kind: ir.Goto, Name: "delete"},
	}}
	text := func(p ir.Printer) string {
		var lines []string
		for _, l := range p.Statement(s) {
			lines = append(lines, l.Text)
		}
		return strings.Join(lines, "\n")
	}
	wantC := "{\nfriend new = this->public;\ndelete:\nn = (int (*)(struct class *))this;\ngoto delete;\n}"
	if got := text(ir.Printer{}); got != wantC {
		t.Errorf("C:\n%s\nwant\n%s", got, wantC)
	}
	wantCXX := "{\naccc_cxx_friend accc_cxx_new = accc_cxx_this->accc_cxx_public;\naccc_cxx_delete:\n" +
		"n = (int (*)(struct accc_cxx_class *))accc_cxx_this;\ngoto accc_cxx_delete;\n}"
	if got := text(ir.Printer{CXX: true}); got != wantCXX {
		t.Errorf("C++:\n%s\nwant\n%s", got, wantCXX)
	}
	if got, want := (ir.Printer{CXX: true}).Decl(&ir.Type{Kind: ir.Array, Elem: rec, Len: 2}, "a"), "struct accc_cxx_class a[2]"; got != want {
		t.Errorf("Decl = %q, want %q", got, want)
	}
}
