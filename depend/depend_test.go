package depend

import (
	"strings"
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
		// i + n ≥ n + 1 > n ≥ i′: the distance n exceeds the span n − 1.
		{"a[i+n] against a[i]: symbolic distance beyond the span", ref(ij, poly(1, i, 1, n)), ref(ij, poly(1, i)), 0, false, 0},
		{"a[i+n-1] against a[i]: symbolic distance within the span", ref(ij, poly(1, i, 1, n, -1)), ref(ij, poly(1, i)), 0, true, 0},
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

// lv builds a level.
func lv(v *ir.Var, lo, hi ir.Affine) Level { return Level{Index: v, Min: lo, Max: hi} }

// A carriedCase is one Carried question and its answer: dep, with the
// distance (0: not checked) and the direction vector ("": not checked).
type carriedCase struct {
	name string
	nest []Level
	p    int
	a, b *ir.Access
	dep  bool
	dist int64
	dir  string
}

func runCarried(t *testing.T, cases []carriedCase) {
	t.Helper()
	for _, tc := range cases {
		r := Carried(tc.nest, tc.p, tc.a, tc.b)
		switch {
		case r.Dependent != tc.dep:
			t.Errorf("%s: got %+v, want dependent=%v", tc.name, r, tc.dep)
		case tc.dep && tc.dist != 0 && (!r.Known || r.Distance != tc.dist):
			t.Errorf("%s: got %+v, want distance %d", tc.name, r, tc.dist)
		case tc.dep && tc.dir != "" && r.Direction != tc.dir:
			t.Errorf("%s: got direction %q, want %q", tc.name, r.Direction, tc.dir)
		case !tc.dep && r.Direction != "":
			t.Errorf("%s: independent with direction %q", tc.name, r.Direction)
		}
	}
}

func TestWeakZeroSIV(t *testing.T) {
	i, n, m := v("i"), v("n"), v("m")
	is := []*ir.Var{i}
	c10 := []Level{lv(i, poly(0), poly(9))}
	sym := []Level{lv(i, poly(0), poly(1, n, -1))} // i in [0, n-1]
	runCarried(t, []carriedCase{
		{"a[i] against a[0]", c10, 0, ref(is, poly(1, i)), ref(is, poly(0)), true, 0, "(<)"},
		{"a[0] against a[i]", c10, 0, ref(is, poly(0)), ref(is, poly(1, i)), true, 0, "(>)"},
		{"a[i] against a[9]: the last iteration", c10, 0, ref(is, poly(1, i)), ref(is, poly(9)), true, 0, "(>)"},
		{"a[i] against a[5]", c10, 0, ref(is, poly(1, i)), ref(is, poly(5)), true, 0, "(!=)"},
		{"a[i] against a[10]: past the range", c10, 0, ref(is, poly(1, i)), ref(is, poly(10)), false, 0, ""},
		{"a[i] against a[-1]: before the range", c10, 0, ref(is, poly(1, i)), ref(is, poly(-1)), false, 0, ""},
		{"a[2i] against a[5]: not an integer", c10, 0, ref(is, poly(2, i)), ref(is, poly(5)), false, 0, ""},
		{"a[2i] against a[30]: i = 15 outside", c10, 0, ref(is, poly(2, i)), ref(is, poly(30)), false, 0, ""},
		{"a[2i] against a[18]: i = 9 inside", c10, 0, ref(is, poly(2, i)), ref(is, poly(18)), true, 0, "(>)"},
		{"a[i] against a[n-1], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, n, -1)), true, 0, "(>)"},
		{"a[i] against a[n], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, n)), false, 0, ""},
		{"a[n+3] against a[i], i in [0, n-1]", sym, 0, ref(is, poly(1, n, 3)), ref(is, poly(1, i)), false, 0, ""},
		{"a[i] against a[-1], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(-1)), false, 0, ""},
		{"a[i] against a[0], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(0)), true, 0, "(<)"},
		{"a[i] against a[m]: m unrelated to the bounds", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, m)), true, 0, "(!=)"},
		{"a[i] against a[0], zero-trip i in [5, 4]", []Level{lv(i, poly(5), poly(4))}, 0, ref(is, poly(1, i)), ref(is, poly(0)), false, 0, ""},
		{"a[i] against a[0], unknown bounds", []Level{{Index: i}}, 0, ref(is, poly(1, i)), ref(is, poly(0)), true, 0, ""},
	})
}

func TestWeakCrossingSIV(t *testing.T) {
	i, n := v("i"), v("n")
	is := []*ir.Var{i}
	c10 := []Level{lv(i, poly(0), poly(9))}
	sym := []Level{lv(i, poly(0), poly(1, n, -1))}
	runCarried(t, []carriedCase{
		{"a[i] against a[9-i]", c10, 0, ref(is, poly(1, i)), ref(is, poly(9, -1, i)), true, 0, "(!=)"},
		{"a[i] against a[8-i]", c10, 0, ref(is, poly(1, i)), ref(is, poly(8, -1, i)), true, 0, "(!=)"},
		{"a[i] against a[20-i]: crossing at 10, past the range", c10, 0, ref(is, poly(1, i)), ref(is, poly(20, -1, i)), false, 0, ""},
		{"a[i] against a[19-i]: crossing at 9.5, past the range", c10, 0, ref(is, poly(1, i)), ref(is, poly(19, -1, i)), false, 0, ""},
		{"a[i] against a[-1-i]: crossing before the range", c10, 0, ref(is, poly(1, i)), ref(is, poly(-1, -1, i)), false, 0, ""},
		{"a[i] against a[18-i]: crossing at the last iteration only", c10, 0, ref(is, poly(1, i)), ref(is, poly(18, -1, i)), false, 0, ""},
		{"a[i] against a[17-i]: 8 and 9 cross", c10, 0, ref(is, poly(1, i)), ref(is, poly(17, -1, i)), true, 0, "(!=)"},
		{"a[2i] against a[5-2i]: crossing at 1.25", c10, 0, ref(is, poly(2, i)), ref(is, poly(5, -2, i)), false, 0, ""},
		{"a[i] against a[n-1-i], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, n, -1, -1, i)), true, 0, "(!=)"},
		{"a[i] against a[2n-1-i], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(2, n, -1, -1, i)), false, 0, ""},
		{"a[i] against a[2n-3-i], i in [0, n-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(2, n, -3, -1, i)), true, 0, ""},
		{"a[i] against a[-i]: crossing at 0, the first iteration", c10, 0, ref(is, poly(1, i)), ref(is, poly(-1, i)), false, 0, ""},
	})
}

func TestExactSIV(t *testing.T) {
	i, n := v("i"), v("n")
	is := []*ir.Var{i}
	c10 := []Level{lv(i, poly(0), poly(9))}
	c5 := []Level{lv(i, poly(0), poly(4))}
	runCarried(t, []carriedCase{
		// 2i = 3i′ + 1: (2, 1), (5, 3), (8, 5).
		{"a[2i] against a[3i+1]", c10, 0, ref(is, poly(2, i)), ref(is, poly(3, i, 1)), true, 0, "(>)"},
		// 3i − 5i′ = 8 has no solution in [0, 4]², though GCD and
		// Banerjee ([-20, 12]) allow one.
		{"a[3i] against a[5i+8]", c5, 0, ref(is, poly(3, i)), ref(is, poly(5, i, 8)), false, 0, ""},
		// 3i − 5i′ = −2 only at i = i′ = 1: not carried.
		{"a[3i] against a[5i-2]", c5, 0, ref(is, poly(3, i)), ref(is, poly(5, i, -2)), false, 0, ""},
		{"a[3i] against a[5i-4]: only at i = i′ = 2", c5, 0, ref(is, poly(3, i)), ref(is, poly(5, i, -4)), false, 0, ""},
		{"a[3i] against a[5i+4]: (3, 1)", c5, 0, ref(is, poly(3, i)), ref(is, poly(5, i, 4)), true, 0, "(>)"},
		{"a[3i] against a[5i-7]: (1, 2)", c5, 0, ref(is, poly(3, i)), ref(is, poly(5, i, -7)), true, 0, "(<)"},
		{"a[2i] against a[4i+1]: GCD", c10, 0, ref(is, poly(2, i)), ref(is, poly(4, i, 1)), false, 0, ""},
		{"a[3i] against a[5i+8], i in [0, n]: symbolic bounds", []Level{lv(i, poly(0), poly(1, n))}, 0,
			ref(is, poly(3, i)), ref(is, poly(5, i, 8)), true, 0, ""},
		{"a[3i] against a[5i+8], zero-trip", []Level{lv(i, poly(0), poly(-1))}, 0, ref(is, poly(3, i)), ref(is, poly(5, i, 8)), false, 0, ""},
	})
}

func TestStrongSIV(t *testing.T) {
	i, j, n, m := v("i"), v("j"), v("n"), v("m")
	is := []*ir.Var{i}
	ij := []*ir.Var{i, j}
	sym := []Level{lv(i, poly(0), poly(1, n, -1))}
	runCarried(t, []carriedCase{
		{"a[i] against a[i-1]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, i, -1)), true, 1, "(<)"},
		{"a[i+1] against a[i]", sym, 0, ref(is, poly(1, i, 1)), ref(is, poly(1, i)), true, 1, "(<)"},
		{"a[2i] against a[2i+4]", sym, 0, ref(is, poly(2, i)), ref(is, poly(2, i, 4)), true, 2, "(>)"},
		{"a[i] against a[i+n]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, i, 1, n)), false, 0, ""},
		{"a[i] against a[i-n]", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, i, -1, n)), false, 0, ""},
		{"a[i] against a[i+m]: m unrelated", sym, 0, ref(is, poly(1, i)), ref(is, poly(1, i, 1, m)), true, 0, ""},
		{"a[2i] against a[2i+n]: n/2 may be an integer", sym, 0, ref(is, poly(2, i)), ref(is, poly(2, i, 1, n)), true, 0, ""},
		// i in [j, j+3] inside j: a span of 3 whatever j.
		{"a[i] against a[i+4], i in [j, j+3]", []Level{lv(j, poly(0), poly(1, n)), lv(i, poly(1, j), poly(1, j, 3))}, 1,
			ref(ij, poly(1, i)), ref(ij, poly(1, i, 4)), false, 0, ""},
		{"a[i] against a[i+3], i in [j, j+3]", []Level{lv(j, poly(0), poly(1, n)), lv(i, poly(1, j), poly(1, j, 3))}, 1,
			ref(ij, poly(1, i)), ref(ij, poly(1, i, 3)), true, 3, "(=,>)"},
		{"a[i] against a[i+1], zero-trip i in [n, n-1]", []Level{lv(i, poly(1, n), poly(1, n, -1))}, 0,
			ref(is, poly(1, i)), ref(is, poly(1, i, 1)), false, 0, ""},
	})
}

func TestBanerjee(t *testing.T) {
	i, j, k, n, m := v("i"), v("j"), v("k"), v("n"), v("m")
	ij := []*ir.Var{i, j}
	ijk := []*ir.Var{i, j, k}
	// i tested in [0, 9], j an inner loop in [0, 3].
	two := []Level{lv(i, poly(0), poly(9)), lv(j, poly(0), poly(3))}
	three := []Level{lv(i, poly(0), poly(9)), lv(j, poly(0), poly(9)), lv(k, poly(0), poly(3))}
	runCarried(t, []carriedCase{
		{"a[i+j] against a[i+j+1]", two, 0, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 1)), true, 0, "(!=,*)"},
		// |i − i′| ≤ 9 and |j − j′| ≤ 3 cannot make 20.
		{"a[i+j] against a[i+j+20]", two, 0, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 20)), false, 0, ""},
		{"a[i+j] against a[i+j+12]: 9 + 3", two, 0, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 12)), true, 0, "(>,>)"},
		{"a[i+j] against a[i+j+13]", two, 0, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 13)), false, 0, ""},
		{"a[i+2j] against a[i+2j+16]: 9 + 6 < 16", two, 0, ref(ij, poly(1, i, 2, j)), ref(ij, poly(1, i, 2, j, 16)), false, 0, ""},
		// Loop j inside i: with i equal, j − j′ + k − k′ = 10 needs
		// j − j′ ≥ 7 (k − k′ ≤ 3), so '>' at j, and as j − j′ ≤ 9,
		// k − k′ ≥ 1: '>' at k.
		{"a[i+j+k] against a[i+j+k+10], loop j", three, 1, ref(ijk, poly(1, i, 1, j, 1, k)), ref(ijk, poly(1, i, 1, j, 1, k, 10)),
			true, 0, "(=,>,>)"},
		{"a[i+j+k] against a[i+j+k+13], loop j", three, 1, ref(ijk, poly(1, i, 1, j, 1, k)), ref(ijk, poly(1, i, 1, j, 1, k, 13)),
			false, 0, ""},
		// j − j′ = 9 forces k − k′ ≥ ... : 9 + 3 = 12 reachable only as
		// (9, 3).
		{"a[i+j+k] against a[i+j+k+12], loop j", three, 1, ref(ijk, poly(1, i, 1, j, 1, k)), ref(ijk, poly(1, i, 1, j, 1, k, 12)),
			true, 0, "(=,>,>)"},
		// Symbolic bounds: j in [0, n-1] can be anything.
		{"a[i+j] against a[i+j+20], j in [0, n-1]", []Level{lv(i, poly(0), poly(9)), lv(j, poly(0), poly(1, n, -1))}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 20)), true, 0, ""},
		// Constant-difference bounds: i in [m, m+9], j in [m, m+3]:
		// the m terms cancel.
		{"a[i+j] against a[i+j+20], i in [m, m+9], j in [m, m+3]",
			[]Level{lv(i, poly(1, m), poly(1, m, 9)), lv(j, poly(1, m), poly(1, m, 3))}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 20)), false, 0, ""},
		{"a[i+j] against a[i+j+12], i in [m, m+9], j in [m, m+3]",
			[]Level{lv(i, poly(1, m), poly(1, m, 9)), lv(j, poly(1, m), poly(1, m, 3))}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 12)), true, 0, ""},
		// The inner loop's bounds use the tested index (j in [0, i]):
		// widened to [0, 9].
		{"a[i+j] against a[i+j+19], j in [0, i]", []Level{lv(i, poly(0), poly(9)), lv(j, poly(0), poly(1, i))}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 19)), false, 0, ""},
		{"a[i+j] against a[i+j+18], j in [0, i]", []Level{lv(i, poly(0), poly(9)), lv(j, poly(0), poly(1, i))}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 18)), true, 0, ""},
		{"a[i+j] against a[i+j+20], j of unknown bounds", []Level{lv(i, poly(0), poly(9)), {Index: j}}, 0,
			ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 20)), true, 0, ""},
		// A loop of the statement the nest does not list: unbounded.
		{"a[i+k] against a[i+k+20], k not in the nest", two, 0, ref(ijk, poly(1, i, 1, k)), ref(ijk, poly(1, i, 1, k, 20)),
			true, 0, ""},
	})
}

// Linearised subscripts with loop-invariant symbolic strides.
func TestDelinearizeSymbolic(t *testing.T) {
	i, j, n := v("i"), v("j"), v("n")
	ij := []*ir.Var{i, j}
	// i in [1, n-2], j in [0, n-1]: rows of n.
	nest := []Level{lv(i, poly(1), poly(1, n, -2)), lv(j, poly(0), poly(1, n, -1))}
	at := func(di, dj int) ir.Affine { return poly(1, i, n, di, n, 1, j, dj) } // (i+di)*n + j + dj
	runCarried(t, []carriedCase{
		{"a[i*n+j] against a[(i-1)*n+j], loop i", nest, 0, ref(ij, at(0, 0)), ref(ij, at(-1, 0)), true, 1, "(<,=)"},
		{"a[i*n+j] against a[(i-1)*n+j], loop j", nest, 1, ref(ij, at(0, 0)), ref(ij, at(-1, 0)), false, 0, ""},
		{"a[i*n+j] against a[(i+1)*n+j], loop i", nest, 0, ref(ij, at(0, 0)), ref(ij, at(1, 0)), true, 1, "(>,=)"},
		{"a[i*n+j] against itself, loop i", nest, 0, ref(ij, at(0, 0)), ref(ij, at(0, 0)), false, 0, ""},
		{"a[i*n+j] against itself, loop j", nest, 1, ref(ij, at(0, 0)), ref(ij, at(0, 0)), false, 0, ""},
		// j + 1 reaches n: the next row's first element.
		{"a[i*n+j] against a[i*n+j+1], loop i", nest, 0, ref(ij, at(0, 0)), ref(ij, at(0, 1)), true, 0, ""},
		{"a[i*n+j] against a[i*n+j+1], loop j", nest, 1, ref(ij, at(0, 0)), ref(ij, at(0, 1)), true, 1, "(=,>)"},
		// j in [0, n]: one element too many, rows overlap.
		{"a[i*n+j], j in [0, n], loop i", []Level{nest[0], lv(j, poly(0), poly(1, n))}, 0, ref(ij, at(0, 0)), ref(ij, at(0, 0)),
			true, 0, ""},
		// j in [0, n-1] but the reference reads a[i*n + j] after the j
		// loop, where j is n: not delinearised.
		{"a[i*n+j] against a[i*n+j] after the j loop, loop i", nest, 0, ref(ij, at(0, 0)), ref([]*ir.Var{i}, at(0, 0)),
			true, 0, ""},
		// A row's first and last elements outside the j loop: n >= 1
		// wherever the reference in the j loop runs, so they are
		// elements 0 and n-1 of row i.
		{"a[i*n+j] against a[i*n] outside the j loop, loop i", nest, 0, ref(ij, at(0, 0)), ref([]*ir.Var{i}, poly(1, i, n)),
			false, 0, ""},
		{"a[i*n+j] against a[i*n+n-1] outside the j loop, loop i", nest, 0, ref(ij, at(0, 0)), ref([]*ir.Var{i}, poly(1, i, n, 1, n, -1)),
			false, 0, ""},
	})
	// Nothing bounds n: with n = 1, a[i*n + 1] is the next row's a[(i+1)*n].
	m := v("m")
	rows := []Level{lv(i, poly(0), poly(1, m, -1))}
	runCarried(t, []carriedCase{
		{"a[i*n] against a[i*n+1], n unbounded, loop i", rows, 0, ref([]*ir.Var{i}, poly(1, i, n)), ref([]*ir.Var{i}, poly(1, i, n, 1)),
			true, 0, ""},
	})
}

// Several levels with one index variable: sibling loops that reuse k.
func TestSharedIndex(t *testing.T) {
	i, k, n := v("i"), v("k"), v("n")
	ik := []*ir.Var{i, k}
	row := poly(100, i, 1, k) // a[i*100 + k]
	// for i { for k < 200: a[i*100+k] = …; for k < 100: … = a[i*100+k]; }
	differ := []Level{lv(i, poly(0), poly(1, n, -1)), lv(k, poly(0), poly(199)), lv(k, poly(0), poly(99))}
	same := []Level{lv(i, poly(0), poly(1, n, -1)), lv(k, poly(0), poly(99)), lv(k, poly(0), poly(99))}
	runCarried(t, []carriedCase{
		{"k in [0, 199] and [0, 99], loop i", differ, 0, ref(ik, row), ref(ik, row), true, 0, ""},
		{"k in [0, 99] twice, loop i", same, 0, ref(ik, row), ref(ik, row), false, 0, ""},
	})
	if lo, hi, ok := Range(differ, row); ok {
		t.Errorf("Range over k with two different bounds: [%v, %v]", lo, hi)
	}
	if lo, hi, ok := Range(same, row); !ok || lo.String() != "0" || hi.String() != "100*n - 1" {
		t.Errorf("Range over k with one bound: [%v, %v] %v", lo, hi, ok)
	}
}

func TestDirections(t *testing.T) {
	i, j, n := v("i"), v("j"), v("n")
	ij := []*ir.Var{i, j}
	nest := []Level{lv(i, poly(1), poly(1, n)), lv(j, poly(1), poly(1, n))}
	small := []Level{lv(i, poly(0), poly(3)), lv(j, poly(0), poly(3))}
	for _, tc := range []struct {
		name string
		nest []Level
		a, b *ir.Access
		want string // the vectors, space-separated; "" for none
	}{
		{"a[i][j] against a[i-1][j+1]", nest, ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, i, -1), poly(1, j, 1)), "(<,>)"},
		{"a[i][j] against itself", nest, ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, i), poly(1, j)), "(=,=)"},
		{"a[j] against itself: i unused", nest, ref(ij, poly(1, j)), ref(ij, poly(1, j)), "(*,=)"},
		{"a[i+j] against itself", small, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j)), "(<,>) (=,=) (>,<)"},
		{"a[i+j] against a[i+j+6]: 3 + 3", small, ref(ij, poly(1, i, 1, j)), ref(ij, poly(1, i, 1, j, 6)), "(>,>)"},
		{"a[2i] against a[2i+1]", nest, ref(ij, poly(2, i)), ref(ij, poly(2, i, 1)), ""},
		{"a[i] against a[0]", small, ref(ij, poly(1, i)), ref(ij, poly(0)), "(<,*) (=,*)"},
		// Coupled subscripts: each dimension is tested on its own, so
		// (<,<) survives though i < i′ = j < j′ = i is impossible.
		{"a[i][j] against a[j][i]", small, ref(ij, poly(1, i), poly(1, j)), ref(ij, poly(1, j), poly(1, i)),
			"(<,<) (<,=) (<,>) (=,<) (=,=) (=,>) (>,<) (>,=) (>,>)"},
		{"unknown base", nest, &ir.Access{Unknown: true}, ref(ij, poly(1, i)), "(*,*)"},
	} {
		var got []string
		for _, d := range Directions(tc.nest, tc.a, tc.b) {
			got = append(got, d.String())
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, s, tc.want)
		}
	}
	if s := Summary([]Vector{{Eq, Lt}, {Eq, Eq}, {Eq, Gt}}).String(); s != "(=,*)" {
		t.Errorf("summary: %s", s)
	}
	if s := (Vector{Lt | Eq, Eq | Gt, Lt | Gt, 0}).String(); s != "(<=,>=,!=,0)" {
		t.Errorf("vector: %s", s)
	}
}
