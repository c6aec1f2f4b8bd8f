package ir_test

import (
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// TestVerifyGrid breaks the fixture's launch geometry (ir.Grid) one
// invariant at a time and checks that Verify finds it under FactGrid.
func TestVerifyGrid(t *testing.T) {
	grid := func(f *fixture) ir.Grid {
		return ir.Grid{Dims: [3]ir.GridDim{{Trip: f.outer.Nest, Per: 8}, {Gangs: 1}, {Gangs: 1}}}
	}
	for _, tc := range []struct {
		name string
		edit func(f *fixture)
		want string
	}{
		{name: "valid", edit: func(f *fixture) {}},
		{name: "fixed gangs", edit: func(f *fixture) { f.k.Grid.Dims[0] = ir.GridDim{Gangs: 1024} }},
		{name: "no iterations a gang", edit: func(f *fixture) { f.k.Grid.Dims[0].Per = 0 },
			want: "kernel f_3_gpu gives its gangs along x 0 iterations each"},
		{name: "no gangs", edit: func(f *fixture) { f.k.Grid.Dims[1].Gangs = 0 }, want: "kernel f_3_gpu has 0 gangs along y"},
		{name: "capped fixed count", edit: func(f *fixture) { f.k.Grid.Dims[2].Resident = 128 },
			want: "kernel f_3_gpu caps or tiles a fixed number of gangs along z"},
		{name: "tile sizes", edit: func(f *fixture) { f.k.Grid.Dims[0].Tile = []int{4} }},
		{name: "tile sizes of another nest", edit: func(f *fixture) { f.k.Grid.Dims[0].Tile = []int{4, 8} },
			want: "kernel f_3_gpu tiles 1 levels along x with 2 sizes"},
		{name: "trip count of another loop", edit: func(f *fixture) {
			f.k.Grid.Dims[0].Trip = []*ir.IndexVar{control(f.i, 4, ref(f.n))}
		}, want: "kernel f_3_gpu sizes its grid along x by the trip count of a loop that is not in its body"},
		{name: "rows without a split loop", edit: func(f *fixture) { f.k.Grid.Rows = true },
			want: "kernel f_3_gpu varies its block's rows (true) but has a split loop (false)"},
		{name: "adaptive block without a trip count", edit: func(f *fixture) {
			f.k.Grid.Dims[0] = ir.GridDim{Gangs: 1024}
			f.k.Grid.AdaptVector = true
		}, want: "kernel f_3_gpu adapts its block to a trip count its grid does not have"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := valid()
			f.k.Grid = grid(f)
			tc.edit(f)
			probs := ir.Verify(f.c, allFacts|ir.FactGrid)
			var got []string
			found := false
			for _, p := range probs {
				got = append(got, p.String())
				found = found || tc.want != "" && strings.Contains(p.String(), tc.want)
			}
			switch {
			case tc.want == "" && len(probs) > 0:
				t.Errorf("problems in a valid grid:\n%s", strings.Join(got, "\n"))
			case tc.want != "" && !found:
				t.Errorf("want a problem %q, got:\n%s", tc.want, strings.Join(got, "\n"))
			}
		})
	}
}
