package host

import (
	"testing"

	"github.com/accc-compiler/accc/codegen/kernel"
	"github.com/accc-compiler/accc/ir"
)

// TestGridGangs checks how the host prints the gangs along one dimension
// of a grid the launch pass described (ir.GridDim).
func TestGridGangs(t *testing.T) {
	n := &ir.Var{Name: "n", Type: &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}}
	iv := &ir.IndexVar{Var: &ir.Var{Name: "i", Type: n.Type}, Lo: &ir.Const{Text: "0", Int: 0, IsInt: true, T: n.Type},
		Hi: &ir.Ref{Var: n}, Step: &ir.Const{Text: "1", Int: 1, IsInt: true, T: n.Type}, Cmp: ir.Less}
	trip := "accrt_trip((long long)(0), (long long)(n), (long long)(1), 0)"
	tests := []struct {
		dim  ir.GridDim
		want string
	}{
		{ir.GridDim{Gangs: 1}, "1"},
		{ir.GridDim{Gangs: 1024}, "1024"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv}, Per: 128}, "accrt_gangs(" + trip + ", 128)"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv, iv}, Per: 32}, "accrt_gangs(" + trip + " * " + trip + ", 32)"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv, iv}, Tile: []int{4, 32}, Per: 1},
			"accrt_gangs((long long)(((unsigned long long)" + trip + " + 3) / 4) * (long long)(((unsigned long long)" + trip + " + 31) / 32), 1)"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv}, Per: 1024, Resident: 128}, "accrt_gangs_resident(" + trip + ", 1024, 128)"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv}, Per: 8, Rows: true}, "accrt_gangs_y(" + trip + ", 8)"},
		{ir.GridDim{Trip: []*ir.IndexVar{iv}, Per: 1, NumGangs: &ir.Ref{Var: &ir.Var{Name: "g"}}}, "accrt_num_gangs((long long)(g), accrt_gangs(" + trip + ", 1))"},
		{ir.GridDim{Gangs: 1, NumGangs: &ir.Const{Text: "2", Int: 2, IsInt: true}, Limit: true}, "accrt_dim_gangs(accrt_num_gangs((long long)(2), 1))"},
		{ir.GridDim{Gangs: 64, Limit: true}, "accrt_dim_gangs(64)"},
	}
	for _, tc := range tests {
		if got := gridGangs(tc.dim, kernel.Lines{File: "t.c"}, ir.SourceName); got != tc.want {
			t.Errorf("gridGangs(%+v) = %s, want %s", tc.dim, got, tc.want)
		}
	}
}
