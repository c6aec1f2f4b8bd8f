package host

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestCmpKind checks how autocompare compares elements of each type:
// float and double within a tolerance, integers exactly, arrays by their
// elements, and pointers, records, long double and types of unknown size
// not at all.
func TestCmpKind(t *testing.T) {
	scalar := func(size int64, float bool) *ir.Type {
		return &ir.Type{Kind: ir.Scalar, Size: size, Float: float}
	}
	tests := []struct {
		name       string
		t          *ir.Type
		kind, size string
	}{
		{"float", scalar(4, true), "ACCRT_CMP_FLOAT", "4"},
		{"double", scalar(8, true), "ACCRT_CMP_DOUBLE", "8"},
		{"long double", scalar(16, true), "ACCRT_CMP_NONE", "1"},
		{"short", scalar(2, false), "ACCRT_CMP_INT", "2"},
		{"double[4][5]", &ir.Type{Kind: ir.Array, Len: 4, Elem: &ir.Type{Kind: ir.Array, Len: 5, Elem: scalar(8, true)}}, "ACCRT_CMP_DOUBLE", "8"},
		{"pointer", &ir.Type{Kind: ir.Pointer, Size: 8, Elem: scalar(8, true)}, "ACCRT_CMP_NONE", "1"},
		{"struct", &ir.Type{Kind: ir.Record, Size: 16}, "ACCRT_CMP_NONE", "1"},
		{"unknown size", scalar(-1, false), "ACCRT_CMP_NONE", "1"},
	}
	for _, tc := range tests {
		if kind, size := cmpKind(tc.t); kind != tc.kind || size != tc.size {
			t.Errorf("%s: cmpKind = %s, %s; want %s, %s", tc.name, kind, size, tc.kind, tc.size)
		}
	}
}

// TestCmpRegions checks the regions of a construct: a written section is
// compared, a read-only one is only an input, a reduction result no clause
// maps is compared (as a truth value for &&), a loop variable is put back;
// deviceptr data, a nohost routine, sections of pointers, an atomic
// capture and a pointer made of an integer are not compared at all.
func TestCmpRegions(t *testing.T) {
	dbl := &ir.Type{Kind: ir.Scalar, Name: "double", Size: 8, Float: true}
	integer := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	ptr := &ir.Type{Kind: ir.Pointer, Size: 8, Elem: dbl}
	a := &ir.Var{Name: "a", Type: ptr, Class: ir.ArrayData}
	b := &ir.Var{Name: "b", Type: ptr, Class: ir.ArrayData}
	s := &ir.Var{Name: "s", Type: dbl, Class: ir.Reduced, Written: true}
	ok := &ir.Var{Name: "ok", Type: integer, Class: ir.Reduced, Written: true}
	i := &ir.Var{Name: "i", Type: integer, Class: ir.ByValue, Written: true}
	n := &ir.Var{Name: "n", Type: integer, Class: ir.ByValue}
	section := func(v *ir.Var, elem *ir.Type) *ir.Section {
		return &ir.Section{Var: v, Base: &ir.Ref{Var: v}, Elem: elem, Dims: []ir.Dim{{Lo: &ir.Const{Text: "0", IsInt: true, T: integer}, Len: &ir.Ref{Var: n}}}}
	}
	k := &ir.Kernel{Params: []*ir.Var{a, b}, ReadOnly: []*ir.Var{a}}
	c := &ir.Construct{
		Maps: []*ir.Map{{Clause: ir.Copyin, Var: a, Text: "a[0:n]", Section: section(a, dbl)}, {Clause: ir.Copy, Var: b, Text: "b[0:n]", Section: section(b, dbl)}},
		Region: &ir.Region{Kernels: []*ir.Kernel{k}, Vars: []*ir.Var{n, a, b, s, ok, i},
			Reductions: []*ir.Reduction{{Op: "+", Var: s}, {Op: "&&", Var: ok}}},
	}
	rows, compared := cmpRegions(c)
	if !compared {
		t.Fatal("cmpRegions: not compared")
	}
	want := []string{`"a[0:n]", (void *)(&a[0]), (size_t)(n * sizeof(a[0])), ACCRT_CMP_INPUT, ACCRT_CMP_DOUBLE, 8`,
		`"b[0:n]", (void *)(&b[0]), (size_t)(n * sizeof(b[0])), ACCRT_CMP_MAPPED_OUT, ACCRT_CMP_DOUBLE, 8`,
		`"s", (void *)(&(s)), (size_t)(sizeof(s)), ACCRT_CMP_RESULT, ACCRT_CMP_DOUBLE, 8`,
		`"ok", (void *)(&(ok)), (size_t)(sizeof(ok)), ACCRT_CMP_RESULT_TRUTH, ACCRT_CMP_INT, 4`,
		`"i", (void *)(&(i)), (size_t)(sizeof(i)), ACCRT_CMP_KEEP, ACCRT_CMP_INT, 4`}
	if len(rows) != len(want) {
		t.Fatalf("cmpRegions = %d rows, want %d:\n%s", len(rows), len(want), strings.Join(rows, "\n"))
	}
	for j, w := range want {
		if rows[j] != "{"+w+"}" {
			t.Errorf("row %d = %s\nwant {%s}", j, rows[j], w)
		}
	}

	for _, tc := range []struct {
		name string
		edit func(c *ir.Construct)
	}{
		{"deviceptr", func(c *ir.Construct) { c.Maps = append(c.Maps, &ir.Map{Clause: ir.Deviceptr, Var: a}) }},
		{"nohost", func(c *ir.Construct) { c.NoHostCall = "f" }},
		{"pointer elements", func(c *ir.Construct) { c.Maps[1].Section = section(b, ptr) }},
		{"atomic capture", func(c *ir.Construct) {
			capture := &ir.Atomic{Form: ir.AtomicCapture, X: &ir.Ref{Var: s}, V: &ir.Ref{Var: i}}
			kk := *k
			kk.Body = []ir.Node{&ir.Loop{Body: []ir.Node{&ir.Stmt{Tree: capture}}}}
			r := *c.Region
			r.Kernels = []*ir.Kernel{&kk}
			c.Region = &r
		}},
		{"a pointer made of an integer", func(c *ir.Construct) {
			deref := &ir.ExprStmt{X: &ir.Cast{X: &ir.Ref{Var: n}, T: ptr}}
			kk := *k
			kk.Body = []ir.Node{&ir.Stmt{Tree: deref}}
			r := *c.Region
			r.Kernels = []*ir.Kernel{&kk}
			c.Region = &r
		}},
	} {
		cc := *c
		cc.Maps = append([]*ir.Map(nil), c.Maps...)
		m := *c.Maps[1]
		cc.Maps[1] = &m
		tc.edit(&cc)
		if _, compared := cmpRegions(&cc); compared {
			t.Errorf("%s: compared", tc.name)
		}
	}
}

// TestCmpAssignedReduction checks that a reduction variable the loop
// assigns with = is put back, not compared: the device combines every
// private copy's last value (§2.5.15), plain C keeps the last iteration's.
func TestCmpAssignedReduction(t *testing.T) {
	dbl := &ir.Type{Kind: ir.Scalar, Name: "double", Size: 8, Float: true}
	s := &ir.Var{Name: "temp", Type: dbl, Class: ir.Reduced, Written: true}
	zero := &ir.Const{Text: "0", IsInt: true, T: dbl}
	k := &ir.Kernel{Body: []ir.Node{&ir.Loop{Body: []ir.Node{&ir.Stmt{Tree: &ir.ExprStmt{X: &ir.Assign{Op: "=", L: &ir.Ref{Var: s}, R: zero, T: dbl}}}}}}}
	c := &ir.Construct{Region: &ir.Region{Kernels: []*ir.Kernel{k}, Vars: []*ir.Var{s}, Reductions: []*ir.Reduction{{Op: "+", Var: s}}}}
	rows, ok := cmpRegions(c)
	want := `{"temp", (void *)(&(temp)), (size_t)(sizeof(temp)), ACCRT_CMP_KEEP, ACCRT_CMP_DOUBLE, 8}`
	if !ok || len(rows) != 1 || rows[0] != want {
		t.Errorf("cmpRegions = %q, %v; want [%s]", rows, ok, want)
	}
}
