package depend

import (
	"math/rand/v2"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

func TestMustCarry(t *testing.T) {
	i, j, k, n := v("i"), v("j"), v("k"), v("n")
	const0 := func(lo, hi int) Level { return Level{Min: ir.Constant(int64(lo)), Max: ir.Constant(int64(hi))} }
	lvl := func(x *ir.Var, l Level) Level { l.Index = x; return l }
	sym := Level{Min: ir.Constant(0), Max: poly(1, n, -1)}
	ij := []*ir.Var{i, j}
	tests := []struct {
		name string
		nest []Level
		p    int
		a, b *ir.Access
		want Must
	}{
		{"x1[i] in j's loop", []Level{lvl(i, sym), lvl(j, sym)}, 1, ref(ij, poly(1, i)), ref(ij, poly(1, i)), Must{Dependent: true, Every: true}},
		{"x1[0] in i's loop", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(0)), ref([]*ir.Var{i}, poly(0)), Must{Dependent: true, Every: true}},
		{"a[i+1] against a[i]", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(1, i, 1)), ref([]*ir.Var{i}, poly(1, i)), Must{Dependent: true, Distance: 1}},
		{"a[i] against a[i+1]", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(1, i)), ref([]*ir.Var{i}, poly(1, i, 1)), Must{Dependent: true, Distance: -1}},
		{"a[2i+2] against a[2i]", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(2, i, 2)), ref([]*ir.Var{i}, poly(2, i)), Must{Dependent: true, Distance: 1}},
		{"a[2i+1] against a[2i]: never", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(2, i, 1)), ref([]*ir.Var{i}, poly(2, i)), Must{}},
		{"a[i] against a[i]: same iteration", []Level{lvl(i, sym)}, 0, ref([]*ir.Var{i}, poly(1, i)), ref([]*ir.Var{i}, poly(1, i)), Must{}},
		{"a[i][j+1] against a[i][j] in j's loop", []Level{lvl(i, sym), lvl(j, sym)}, 1,
			ref(ij, poly(1, i), poly(1, j, 1)), ref(ij, poly(1, i), poly(1, j)), Must{Dependent: true, Distance: 1}},
		{"a[i*n+j+1] against a[i*n+j]", []Level{lvl(i, sym), lvl(j, sym)}, 1,
			ref(ij, poly(1, i, n, 1, j, 1)), ref(ij, poly(1, i, n, 1, j)), Must{Dependent: true, Distance: 1}},
		{"a[j*n+i]: a symbolic coefficient", []Level{lvl(i, sym), lvl(j, sym)}, 1,
			ref(ij, poly(1, j, n, 1, i)), ref(ij, poly(1, j, n, 1, i)), Must{}},
		{"a[i+m] against a[i]: a symbolic distance", []Level{lvl(i, sym)}, 0,
			ref([]*ir.Var{i}, poly(1, i, 1, n)), ref([]*ir.Var{i}, poly(1, i)), Must{}},
		{"a[i+1][j] against a[i][j+1]: distances disagree", []Level{lvl(i, sym), lvl(j, sym)}, 0,
			ref(ij, poly(1, i, 1), poly(1, j)), ref(ij, poly(1, i), poly(1, j, 1)), Must{}},
		{"x[k] with k an inner index", []Level{lvl(i, sym), lvl(k, sym)}, 0,
			ref([]*ir.Var{i, k}, poly(1, k)), ref([]*ir.Var{i, k}, poly(1, k)), Must{}},
		{"x[k] with k a loop of the statement", []Level{lvl(i, sym)}, 0,
			ref([]*ir.Var{i, k}, poly(1, k)), ref([]*ir.Var{i, k}, poly(1, k)), Must{}},
		{"one iteration", []Level{lvl(i, const0(3, 3))}, 0, ref([]*ir.Var{i}, poly(0)), ref([]*ir.Var{i}, poly(0)), Must{}},
		{"two iterations", []Level{lvl(i, const0(3, 4))}, 0, ref([]*ir.Var{i}, poly(0)), ref([]*ir.Var{i}, poly(0)), Must{Dependent: true, Every: true}},
		{"distance 2 in a span of 1", []Level{lvl(i, const0(0, 1))}, 0, ref([]*ir.Var{i}, poly(1, i, 2)), ref([]*ir.Var{i}, poly(1, i)), Must{}},
		{"distance 2 in a span of 2", []Level{lvl(i, const0(0, 2))}, 0, ref([]*ir.Var{i}, poly(1, i, 2)), ref([]*ir.Var{i}, poly(1, i)), Must{Dependent: true, Distance: 2}},
		{"unknown bounds", []Level{{Index: i}}, 0, ref([]*ir.Var{i}, poly(0)), ref([]*ir.Var{i}, poly(0)), Must{}},
		{"a reference outside the loop", []Level{lvl(i, sym)}, 0, ref(nil, poly(0)), ref([]*ir.Var{i}, poly(0)), Must{}},
		{"non-affine", []Level{lvl(i, sym)}, 0, &ir.Access{Element: true, Subs: []ir.Affine{{}}, Loops: []*ir.Var{i}}, ref([]*ir.Var{i}, poly(0)), Must{}},
		{"different members", []Level{lvl(i, sym)}, 0,
			&ir.Access{Element: true, Affine: true, Subs: []ir.Affine{poly(0)}, Loops: []*ir.Var{i}, Fields: []ir.Field{{Name: "x", After: 1}}},
			&ir.Access{Element: true, Affine: true, Subs: []ir.Affine{poly(0)}, Loops: []*ir.Var{i}, Fields: []ir.Field{{Name: "y", After: 1}}}, Must{}},
	}
	for _, tc := range tests {
		if got := MustCarry(tc.nest, tc.p, tc.a, tc.b); got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestMustAgainstEnumeration checks MustCarry's certain answers on the
// random nests of the Carried enumeration: wherever it says two
// references meet at a distance (or in every pair of iterations), every
// such pair of iterations that the bounds allow, for each value of n and
// of the enclosing indices, must touch one element; and where the span
// of the loop is a constant, such pairs must exist.
func TestMustAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var said, witnessed int
	for k := 0; k < 20000; k++ {
		c := genCaseN(rng, false)
		m := MustCarry(c.nest, c.p, c.a.acc, c.b.acc)
		if !m.Dependent {
			continue
		}
		said++
		if m.Every == (m.Distance != 0) {
			t.Fatalf("%v: %+v", c, m)
		}
		_, constSpan := c.nest[c.p].Max.Sub(c.nest[c.p].Min).IntConst()
		found := false
		for nval := int64(-2); nval <= 8; nval++ {
			vals := map[*ir.Var]int64{c.n: nval}
			var outer func(q int)
			outer = func(q int) {
				if q < c.p {
					l := c.real[q]
					for x := eval(l.Min, vals); x <= eval(l.Max, vals); x++ {
						vals[l.Index] = x
						outer(q + 1)
					}
					delete(vals, l.Index)
					return
				}
				l := c.real[c.p]
				lo, hi := eval(l.Min, vals), eval(l.Max, vals)
				pv := l.Index
				for t1 := lo; t1 <= hi; t1++ {
					for t2 := lo; t2 <= hi; t2++ {
						if t1 == t2 || !m.Every && t2-t1 != m.Distance {
							continue
						}
						vals[pv] = t1
						ka := subsKey(c.a.acc, vals)
						vals[pv] = t2
						kb := subsKey(c.b.acc, vals)
						if ka != kb {
							t.Fatalf("%v: %+v, but n=%d: a at %s=%d is %s, b at %d is %s", c, m, nval, pv.Name, t1, ka, t2, kb)
						}
						found = true
					}
				}
				delete(vals, pv)
			}
			outer(0)
		}
		if found {
			witnessed++
			if r := Carried(c.nest, c.p, c.a.acc, c.b.acc); !r.Dependent || r.Known && !m.Every && r.Distance != abs(m.Distance) {
				t.Fatalf("%v: must %+v, but Carried says %+v", c, m, r)
			}
		} else if constSpan && c.p == 0 {
			t.Fatalf("%v: %+v, but no two iterations meet", c, m)
		}
	}
	if said < 200 || witnessed < said/2 {
		t.Fatalf("too few certain dependences to check: %d said, %d witnessed", said, witnessed)
	}
	t.Logf("%d certain dependences, %d witnessed", said, witnessed)
}
