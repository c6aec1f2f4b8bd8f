package depend

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/accc-compiler/accc/ir"
)

// The enumeration tests check Carried and Directions against every pair
// of iterations of small random nests, for several values of the
// symbolic bound n: an "independent" (or a missing direction vector)
// where the enumeration finds the two references on one element is a
// wrong answer.

// eval returns a's value with the variables of vals.
func eval(a ir.Affine, vals map[*ir.Var]int64) int64 {
	var s int64
	for _, t := range a.Terms {
		p := t.Coef
		for _, v := range t.Vars {
			x, ok := vals[v]
			if !ok {
				panic("no value for " + v.Name)
			}
			p *= x
		}
		s += p
	}
	return s
}

// A genRef is a reference of a random case: the levels around it and
// the variables whose values it takes freely (loops of the statement,
// indices it reads outside their loop).
type genRef struct {
	acc    *ir.Access
	inside []int
	free   []*ir.Var
}

type genCase struct {
	nest    []Level
	real    []Level // the bounds the enumeration uses: unknown ones made concrete
	p       int
	a, b    genRef
	n       *ir.Var
	summary string
}

func (c *genCase) String() string {
	var b strings.Builder
	for q, l := range c.nest {
		fmt.Fprintf(&b, "L%d %s in [%v, %v]; ", q, l.Index.Name, l.Min, l.Max)
	}
	fmt.Fprintf(&b, "p=%d; a=%v loops %v; b=%v loops %v", c.p, c.a.acc, names(c.a.acc.Loops), c.b.acc, names(c.b.acc.Loops))
	return b.String()
}

func names(vs []*ir.Var) []string {
	var s []string
	for _, v := range vs {
		s = append(s, v.Name)
	}
	return s
}

func genBounds(rng *rand.Rand, n *ir.Var, earlier []*ir.Var) (lo, hi ir.Affine) {
	pick := func(isMax bool) ir.Affine {
		k := rng.IntN(10)
		switch {
		case k < 6:
			if isMax {
				return ir.Constant(int64(rng.IntN(7) - 1))
			}
			return ir.Constant(int64(rng.IntN(5) - 2))
		case k < 8:
			return poly(1, n, rng.IntN(4)-2)
		case len(earlier) > 0:
			return poly(1, earlier[rng.IntN(len(earlier))], rng.IntN(4)-1)
		}
		return ir.Constant(int64(rng.IntN(5)))
	}
	lo = pick(false)
	if rng.IntN(6) == 0 {
		return lo, lo.Add(ir.Constant(int64(rng.IntN(5) - 1))) // a constant span
	}
	return lo, pick(true)
}

func genCaseN(rng *rand.Rand, full bool) *genCase {
	n := v("n")
	c := &genCase{n: n}
	depth := 1 + rng.IntN(3)
	c.p = rng.IntN(depth)
	if full {
		c.p = 0
	}
	vars := []*ir.Var{v("i"), v("j"), v("k")}
	for q := 0; q < depth; q++ {
		idx := vars[q]
		if !full && q == 2 && c.p == 0 && rng.IntN(4) == 0 {
			idx = vars[1] // sibling loops sharing an index
		}
		var earlier []*ir.Var
		for r := 0; r < q && r <= c.p; r++ {
			earlier = append(earlier, vars[r])
		}
		lo, hi := genBounds(rng, n, earlier)
		l := Level{Index: idx, Min: lo, Max: hi}
		c.real = append(c.real, l)
		if !full && rng.IntN(12) == 0 {
			l = Level{Index: idx} // unknown to the tests
		}
		c.nest = append(c.nest, l)
	}
	sibling := depth == 3 && c.nest[1].Index == c.nest[2].Index
	stmt := v("s") // a loop of the statement, not in the nest
	shape := 1 + rng.IntN(2)
	mk := func() genRef {
		var g genRef
		for q := 0; q < depth; q++ {
			in := q <= c.p || full || rng.IntN(3) > 0
			if sibling && q == 2 && len(g.inside) > 0 && g.inside[len(g.inside)-1] == 1 {
				in = false
			}
			if in {
				g.inside = append(g.inside, q)
			}
		}
		var loops []*ir.Var
		for _, q := range g.inside {
			loops = append(loops, c.nest[q].Index)
		}
		if !full && rng.IntN(10) == 0 {
			loops = append(loops, stmt)
		}
		coef := []int{-2, -1, 0, 0, 0, 1, 1, 1, 2, 3}
		dims := shape
		var subs []ir.Affine
		used := map[*ir.Var]bool{}
		for d := 0; d < dims; d++ {
			s := ir.Constant(int64(rng.IntN(9) - 4))
			for _, w := range loops {
				if k := coef[rng.IntN(len(coef))]; k != 0 {
					s = s.Add(poly(k, w))
					used[w] = true
				}
			}
			if rng.IntN(5) == 0 {
				s = s.Add(poly(rng.IntN(3)-1, n))
			}
			if rng.IntN(8) == 0 && len(loops) > 0 { // a symbolic stride
				w := loops[rng.IntN(len(loops))]
				s = s.Add(poly(1, w, n))
				used[w] = true
			}
			if !full && rng.IntN(10) == 0 { // an index read outside its loop
				w := c.nest[rng.IntN(depth)].Index
				s = s.Add(poly(1, w))
				used[w] = true
			}
			subs = append(subs, s)
		}
		in := map[*ir.Var]bool{}
		for _, w := range loops {
			in[w] = true
		}
		for w := range used {
			if !in[w] || w == stmt {
				g.free = append(g.free, w)
			}
		}
		g.acc = &ir.Access{Element: true, Affine: true, Subs: subs, Loops: loops}
		return g
	}
	c.a = mk()
	if rng.IntN(20) == 0 {
		shape = 3 - shape
	}
	c.b = mk()
	if rng.IntN(2) == 0 { // b: a's subscripts shifted, for more dependences
		b := *c.b.acc
		b.Subs = nil
		for _, s := range c.a.acc.Subs {
			b.Subs = append(b.Subs, s.Add(ir.Constant(int64(rng.IntN(5)-2))))
		}
		b.Loops = c.a.acc.Loops
		c.b = genRef{acc: &b, inside: c.a.inside, free: c.a.free}
	}
	return c
}

// iterations calls f with every assignment of g's variables for n.
func (c *genCase) iterations(g genRef, nval int64, f func(map[*ir.Var]int64)) {
	vals := map[*ir.Var]int64{c.n: nval}
	var level func(k int)
	var free func(k int)
	free = func(k int) {
		if k == len(g.free) {
			f(vals)
			return
		}
		for x := int64(-4); x <= 4; x++ {
			vals[g.free[k]] = x
			free(k + 1)
		}
		delete(vals, g.free[k])
	}
	level = func(k int) {
		if k == len(g.inside) {
			free(0)
			return
		}
		l := c.real[g.inside[k]]
		lo, hi := eval(l.Min, vals), eval(l.Max, vals)
		for x := lo; x <= hi; x++ {
			vals[l.Index] = x
			level(k + 1)
		}
		delete(vals, l.Index)
	}
	level(0)
}

func subsKey(acc *ir.Access, vals map[*ir.Var]int64) string {
	var b strings.Builder
	for _, s := range acc.Subs {
		fmt.Fprintf(&b, "%d,", eval(s, vals))
	}
	return b.String()
}

func parseVector(s string) Vector {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	var v Vector
	for _, f := range strings.Split(s, ",") {
		for _, d := range []Dir{Lt, Eq, Gt, Lt | Eq, Eq | Gt, Lt | Gt, Any} {
			if d.String() == f {
				v = append(v, d)
			}
		}
	}
	return v
}

func sign(x, y int64) Dir {
	switch {
	case x < y:
		return Lt
	case x > y:
		return Gt
	}
	return Eq
}

func TestCarriedAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var cases, truthDep, saidDep int
	for k := 0; k < 4000; k++ {
		c := genCaseN(rng, false)
		r := Carried(c.nest, c.p, c.a.acc, c.b.acc)
		dir := parseVector(r.Direction)
		if r.Dependent && r.Direction != "" && len(dir) != len(c.nest) {
			t.Fatalf("%v: direction %q", c, r.Direction)
		}
		dep := false
		for nval := int64(-2); nval <= 4; nval++ {
			seen := map[string][]map[*ir.Var]int64{}
			c.iterations(c.a, nval, func(vals map[*ir.Var]int64) {
				key := subsKey(c.a.acc, vals)
				for q := 0; q < c.p; q++ {
					key += fmt.Sprintf("|%d", vals[c.nest[q].Index])
				}
				if len(seen[key]) < 64 {
					cp := map[*ir.Var]int64{}
					for w, x := range vals {
						cp[w] = x
					}
					seen[key] = append(seen[key], cp)
				}
			})
			pv := c.nest[c.p].Index
			c.iterations(c.b, nval, func(vals map[*ir.Var]int64) {
				key := subsKey(c.b.acc, vals)
				for q := 0; q < c.p; q++ {
					key += fmt.Sprintf("|%d", vals[c.nest[q].Index])
				}
				for _, av := range seen[key] {
					if av[pv] == vals[pv] {
						continue
					}
					dep = true
					if !r.Dependent {
						t.Fatalf("%v: independent, but n=%d: %v against %v", c, nval, av, vals)
					}
					if r.Known && abs(av[pv]-vals[pv]) != r.Distance {
						t.Fatalf("%v: distance %d, but n=%d: %v against %v", c, r.Distance, nval, av, vals)
					}
					if r.Direction == "" {
						continue
					}
					// Levels both references are inside, with one index each.
					for q, l := range c.nest {
						x, okA := av[l.Index]
						y, okB := vals[l.Index]
						if !okA || !okB || c.nest[q].Index != l.Index || contains(c.a.free, l.Index) ||
							contains(c.b.free, l.Index) || shared(c.nest, l.Index) {
							continue
						}
						if dir[q]&sign(x, y) == 0 {
							t.Fatalf("%v: direction %s, but n=%d: %v against %v", c, r.Direction, nval, av, vals)
						}
					}
				}
			})
		}
		cases++
		if dep {
			truthDep++
		}
		if r.Dependent {
			saidDep++
		}
	}
	t.Logf("%d cases: %d dependent, %d said dependent", cases, truthDep, saidDep)
}

func contains(vs []*ir.Var, v *ir.Var) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func shared(nest []Level, v *ir.Var) bool {
	n := 0
	for _, l := range nest {
		if l.Index == v {
			n++
		}
	}
	return n > 1
}

func TestDirectionsAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var exact, cases int
	for k := 0; k < 3000; k++ {
		c := genCaseN(rng, true)
		got := Directions(c.nest, c.a.acc, c.b.acc)
		truth := map[string]bool{}
		for nval := int64(-2); nval <= 4; nval++ {
			seen := map[string][]map[*ir.Var]int64{}
			c.iterations(c.a, nval, func(vals map[*ir.Var]int64) {
				cp := map[*ir.Var]int64{}
				for w, x := range vals {
					cp[w] = x
				}
				key := subsKey(c.a.acc, vals)
				seen[key] = append(seen[key], cp)
			})
			c.iterations(c.b, nval, func(vals map[*ir.Var]int64) {
				for _, av := range seen[subsKey(c.b.acc, vals)] {
					w := make(Vector, len(c.nest))
					for q, l := range c.nest {
						w[q] = sign(av[l.Index], vals[l.Index])
					}
					truth[w.String()] = true
					covered := false
					for _, g := range got {
						ok := true
						for q := range w {
							ok = ok && g[q]&w[q] != 0
						}
						covered = covered || ok
					}
					if !covered {
						t.Fatalf("%v: directions %v miss %v (n=%d: %v against %v)", c, got, w, nval, av, vals)
					}
				}
			})
		}
		cases++
		if len(truth) == len(got) {
			exact++
		}
	}
	t.Logf("%d cases, %d with as many vectors as the enumeration finds", cases, exact)
}
