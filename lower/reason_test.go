package lower

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// TestReasonText words each kind of reason as NVHPC's -Minfo does: the
// variables as the program names them (a struct member's path, not the
// variable that stands for it), sorted where NVHPC sorts them, and lines
// of the files the program was written in.
func TestReasonText(t *testing.T) {
	intT := &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}
	ptrT := &ir.Type{Kind: ir.Pointer, Elem: intT, Size: 8}
	x := &ir.Var{Name: "x", Type: ptrT}
	b := &ir.Var{Name: "b", Type: ptrT}
	i := &ir.Var{Name: "i", Type: intT}
	sn := &ir.Var{Name: "accc_s_n", Member: "s.n", Type: intT}
	xi := func(d int64) ir.Expr {
		return &ir.Index{X: &ir.Ref{Var: x}, I: &ir.Binary{Op: "+", X: &ir.Ref{Var: i}, Y: ir.IntConst(d), T: intT}, T: intT}
	}
	// Line n of the unit t.i is line n-100 of t.c.
	lines := diag.ParseLineMarkers("t.i", []byte(strings.Repeat("\n", 99)+"# 1 \"t.c\"\n"))
	src := sourceFiles{file: "t.i", lines: lines}
	for _, tt := range []struct {
		r    ir.Reason
		want string
		code diag.Code
	}{
		{ir.Reason{Kind: ir.EarlyExit}, "Loop exits early: not parallelizable", diag.CodeLoopSequential},
		{ir.Reason{Kind: ir.NoTripCount}, "Loop without integer trip count will be executed in sequential mode", diag.CodeLoopSequential},
		{ir.Reason{Kind: ir.ComputedStore}, "Complex loop carried dependence of a store through a computed pointer prevents parallelization", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.RowPointers, Vars: []*ir.Var{x}}, "Complex loop carried dependence of x-> prevents parallelization", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.MayAlias, Vars: []*ir.Var{x, b}}, "Complex loop carried dependence of b->,x-> prevents parallelization", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.Carried, Vars: []*ir.Var{x, b}}, "Loop carried dependence of x,b prevents parallelization", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.ScalarCarried, Vars: []*ir.Var{sn, i}, Lines: []int{105, 107}},
			"Loop carried scalar dependence for i,s.n at line 5,7", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.LastValue, Vars: []*ir.Var{sn}}, "Scalar last value needed after loop for s.n", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.ClausesIgnored, Levels: ir.Gang | ir.Vector, Vars: []*ir.Var{sn, i}},
			"the loop's gang, vector clauses are not applied: a kernels construct shares i,s.n with the host (implicit copy)", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.ClausesIgnored, Vars: []*ir.Var{i}},
			"the loop's independent clauses are not applied: a kernels construct shares i with the host (implicit copy)", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.RestrictHint, Vars: []*ir.Var{x, b}},
			"if b and x never reach the same data, declaring them restrict (or -Msafeptr) lets the loop run in parallel", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.DependencePair, Dep: &ir.Dependence{W: xi(1), WLine: 114, R: xi(0), RLine: 115, Known: true, Distance: 1, Direction: "(<)"}},
			"x[i + 1] written at line 14, x[i + 0] read at line 15: distance 1, direction (<)", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.DependencePair, Dep: &ir.Dependence{W: xi(1), WLine: 114, R: xi(1), RLine: 114, Write: true, Known: true}},
			"x[i + 1] written at line 14, x[i + 1] written at line 14: distance 0", diag.CodeLoopDependence},
		{ir.Reason{Kind: ir.DependencePair, Dep: &ir.Dependence{W: xi(1), WLine: 114, R: xi(0), RLine: 114, Direction: "(<,=)"}},
			"x[i + 1] written at line 14, x[i + 0] read at line 14: direction (<,=)", diag.CodeLoopDependence},
	} {
		if got := src.reasonText(tt.r); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.r.Kind, got, tt.want)
		}
		if got := reasonCode(tt.r); got != tt.code {
			t.Errorf("%s: code %s, want %s", tt.r.Kind, got, tt.code)
		}
	}
}
