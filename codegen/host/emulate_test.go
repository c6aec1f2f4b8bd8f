package host

import (
	"testing"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// TestEmuGangs checks the gangs along x, y and z the host gives a kernel
// on -acc=emulate: one where the code has no gang-redundant mode (serial
// kernels, kernels constructs' kernels without gang loops); num_gangs
// where it sizes the GPU's grid; elsewhere accrt_emu_gangs of the GPU's
// choice (a 2-D blocked nest's gangs all along x).
func TestEmuGangs(t *testing.T) {
	n := &ir.Var{Name: "n", Type: &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}}
	iv := &ir.IndexVar{Var: &ir.Var{Name: "i", Type: n.Type}, Lo: &ir.Const{Text: "0", Int: 0, IsInt: true, T: n.Type},
		Hi: &ir.Ref{Var: n}, Step: &ir.Const{Text: "1", Int: 1, IsInt: true, T: n.Type}, Cmp: ir.Less}
	trip := "accrt_trip((long long)(0), (long long)(n), (long long)(1), 0)"
	loop := &ir.Loop{Nest: []*ir.IndexVar{iv}, Levels: ir.Gang}
	g := &ir.Ref{Var: &ir.Var{Name: "g"}}
	one := ir.GridDim{Gangs: 1}
	grid := func(dims ...ir.GridDim) ir.Grid {
		var gr ir.Grid
		for d := range gr.Dims {
			gr.Dims[d] = one
			if d < len(dims) {
				gr.Dims[d] = dims[d]
			}
		}
		return gr
	}
	tests := []struct {
		name string
		kind ir.ComputeKind
		k    *ir.Kernel
		want [3]string
	}{
		{"serial", ir.Parallel, &ir.Kernel{Serial: true, Grid: grid()}, [3]string{"1", "1", "1"}},
		{"kernels without gang loop", ir.Kernels, &ir.Kernel{Grid: grid()}, [3]string{"1", "1", "1"}},
		{"parallel without gang loop", ir.Parallel, &ir.Kernel{Grid: grid()}, [3]string{"accrt_emu_gangs(1)", "1", "1"}},
		{"num_gangs", ir.Parallel, &ir.Kernel{Grid: grid(ir.GridDim{Gangs: 1, NumGangs: g})},
			[3]string{"accrt_num_gangs((long long)(g), accrt_emu_gangs(1))", "1", "1"}},
		{"gang loop", ir.Kernels, &ir.Kernel{GangLoop: loop, Grid: grid(ir.GridDim{Trip: loop.Nest, Per: 128, Resident: 16})},
			[3]string{"accrt_emu_gangs((long long)accrt_gangs(" + trip + ", 128))", "1", "1"}},
		{"2-D blocks", ir.Parallel, &ir.Kernel{GangLoop: loop, Block2DRows: 8,
			Grid: grid(ir.GridDim{Trip: loop.Nest, Per: 32}, ir.GridDim{Trip: loop.Nest, Per: 8, Rows: true})},
			[3]string{"accrt_emu_gangs((long long)accrt_gangs(" + trip + ", 32) * (long long)accrt_gangs(" + trip + ", 8))", "1", "1"}},
		{"gangs in 3 dimensions", ir.Parallel, &ir.Kernel{GangLoop: loop,
			Grid: grid(ir.GridDim{Gangs: 256}, ir.GridDim{Gangs: 64, Limit: true}, ir.GridDim{Gangs: 1, NumGangs: g, Limit: true})},
			[3]string{"accrt_emu_gangs(256)", "accrt_dim_gangs(accrt_emu_gangs(64))", "accrt_dim_gangs(accrt_num_gangs((long long)(g), accrt_emu_gangs(1)))"}},
	}
	for _, tc := range tests {
		if got := emuGangs(&ir.Region{Kind: tc.kind}, tc.k, kernel.Lines{File: "t.c"}); got != tc.want {
			t.Errorf("%s: emuGangs = %q, want %q", tc.name, got, tc.want)
		}
	}
}
