package depend

import (
	"testing"

	"github.com/accc-compiler/accc/ir"
)

var intT = &ir.Type{Kind: ir.Scalar, Name: "int", Size: 4}

func v(name string) *ir.Var { return &ir.Var{Name: name, Type: intT} }

// poly builds a polynomial from terms: coefficient then variables.
func poly(terms ...any) ir.Affine {
	a := ir.Constant(0)
	var cur ir.Affine
	have := false
	for _, t := range terms {
		switch x := t.(type) {
		case int:
			if have {
				a = a.Add(cur)
			}
			cur, have = ir.Constant(int64(x)), true
		case *ir.Var:
			cur = cur.Mul(ir.VarAffine(x))
		}
	}
	if have {
		a = a.Add(cur)
	}
	return a
}

func ref(loops []*ir.Var, subs ...ir.Affine) *ir.Access {
	return &ir.Access{Element: true, Affine: true, Subs: subs, Loops: loops}
}

func TestCarried(t *testing.T) {
	i, j, k, n := v("i"), v("j"), v("k"), v("n")
	// for i in [1, n], j in [1, n]: the Game of Life grid with a halo,
	// rows of n + 2.
	nest := []Level{
		{Index: i, Min: poly(1), Max: poly(1, n)},
		{Index: j, Min: poly(1), Max: poly(1, n)},
	}
	ij := []*ir.Var{i, j}
	row := func(di, dj int) ir.Affine { // (i+di)*(n+2) + j + dj
		return poly(1, i, n, 2, i, di, n, 2*di, 1, j, dj)
	}
	for _, tc := range []struct {
		name string
		a, b *ir.Access
		p    int
		dep  bool
		dist int64
	}{
		{"a[i] against itself, loop i", ref(ij, poly(1, i)), ref(ij, poly(1, i)), 0, false, 0},
		{"a[i] against a[i-1], loop i", ref(ij, poly(1, i)), ref(ij, poly(1, i, -1)), 0, true, 1},
		{"a[i] against a[i+2], loop i", ref(ij, poly(1, i)), ref(ij, poly(1, i, 2)), 0, true, 2},
		{"a[2i] against a[2i+1]: GCD", ref(ij, poly(2, i)), ref(ij, poly(2, i, 1)), 0, false, 0},
		{"a[i][j] against a[i][j-1], loop i", ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, i), poly(1, j, -1)), 0, false, 0},
		{"a[i][j] against a[i][j-1], loop j", ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, i), poly(1, j, -1)), 1, true, 1},
		{"a[i][j] against a[i-1][j], loop j", ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, i, -1), poly(1, j)), 1, false, 0},
		{"a[j] in every i, loop i", ref(ij, poly(1, j)), ref(ij, poly(1, j)), 0, true, 0},
		{"a[5] against a[6]: ZIV", ref(ij, poly(5)), ref(ij, poly(6)), 0, false, 0},
		{"a[i+n] against a[i]: symbolic", ref(ij, poly(1, i, 1, n)), ref(ij, poly(1, i)), 0, true, 0},
		{"a[i] against a[i+3n]... distance beyond the trip count", ref(ij, poly(1, i)), ref(ij, poly(1, i, 1000)),
			0, true, 1000}, // n unknown: the trip count is not a constant
		{"grid[i*(n+2)+j] against itself, loop i", ref(ij, row(0, 0)), ref(ij, row(0, 0)), 0, false, 0},
		{"grid[i*(n+2)+j] against itself, loop j", ref(ij, row(0, 0)), ref(ij, row(0, 0)), 1, false, 0},
		{"grid[i*(n+2)+j] against grid[(i-1)*(n+2)+j+1], loop i", ref(ij, row(0, 0)), ref(ij, row(-1, 1)), 0, true, 1},
		{"grid[i*(n+2)+j] against grid[(i-1)*(n+2)+j+1], loop j", ref(ij, row(0, 0)), ref(ij, row(-1, 1)), 1, false, 0},
		{"a[i*n+k], k a sequential loop, loop i", ref([]*ir.Var{i, k}, poly(1, i, n, 1, k)), ref([]*ir.Var{i, k}, poly(1, i, n, 1, k)), 0, true, 0},
		{"non-affine", &ir.Access{Element: true, Subs: []ir.Affine{{}}}, ref(ij, poly(1, i)), 0, true, 0},
	} {
		r := Carried(nest, tc.p, tc.a, tc.b)
		if r.Dependent != tc.dep || r.Dependent && tc.dist != 0 && (!r.Known || r.Distance != tc.dist) {
			t.Errorf("%s: got %+v, want dependent=%v distance %d", tc.name, r, tc.dep, tc.dist)
		}
	}
	// With constant bounds, a distance beyond the trip count is no
	// dependence.
	small := []Level{{Index: i, Min: poly(0), Max: poly(9)}}
	if r := Carried(small, 0, ref(ij, poly(1, i)), ref(ij, poly(1, i, 10))); r.Dependent {
		t.Errorf("a[i] against a[i+10] in 10 iterations: %+v", r)
	}
	// A row-major matrix with constant rows: a[i*64 + j], j in [0, 63].
	cn := []Level{{Index: i, Min: poly(0), Max: poly(63)}, {Index: j, Min: poly(0), Max: poly(63)}}
	if r := Carried(cn, 0, ref(ij, poly(64, i, 1, j)), ref(ij, poly(64, i, 1, j))); r.Dependent {
		t.Errorf("a[64i + j] against itself, loop i: %+v", r)
	}
	if r := Carried(cn, 0, ref(ij, poly(64, i, 1, j)), ref(ij, poly(64, i, 1, j, -64))); !r.Dependent {
		t.Errorf("a[64i + j] against a[64(i-1) + j], loop i: %+v", r)
	}
}
