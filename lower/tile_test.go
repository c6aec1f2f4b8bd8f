package lower

import (
	"slices"
	"testing"
)

// TestTileStars checks the sizes accc chooses for the * of a tile clause
// (§2.9.8): tiles of about 256 iterations, a warp of the innermost *
// loop unless it is the only *.
func TestTileStars(t *testing.T) {
	tests := []struct {
		given []int // clause order, innermost first; 0 for *
		want  []int
	}{
		{[]int{0}, []int{256}},
		{[]int{0, 0}, []int{32, 8}},
		{[]int{0, 0, 0}, []int{32, 8, 1}},
		{[]int{32, 0}, []int{32, 8}},
		{[]int{0, 4}, []int{64, 4}},
		{[]int{8, 0}, []int{8, 32}},
		{[]int{512, 0}, []int{512, 1}},
		{[]int{0, 16, 0}, []int{16, 16, 1}},
		{[]int{4, 4}, []int{4, 4}},
	}
	for _, tc := range tests {
		got := slices.Clone(tc.given)
		elems := 1
		for _, s := range got {
			if s != 0 {
				elems *= s
			}
		}
		tileStars(got, elems)
		if !slices.Equal(got, tc.want) {
			t.Errorf("tileStars(%v) = %v, want %v", tc.given, got, tc.want)
		}
	}
}
