package depend

import (
	"fmt"

	"github.com/accc-compiler/accc/ir"
)

// A Level is one loop of a nest as the tests see it: its index and the
// values the index takes, Min to Max inclusive, as polynomials of the
// variables the nest does not assign (OK false where unknown).
type Level struct {
	Index    *ir.Var
	Min, Max ir.Affine
}

// A Result says whether a dependence may be carried by the tested loop.
type Result struct {
	Dependent bool
	// Distance is the number of iterations between the two references
	// when a strong SIV test found it (Known).
	Distance int64
	Known    bool
	// Direction is, for a dependence, the direction vector of the nest's
	// levels under which it may occur, as Vector.String prints it:
	// "(=,<)" for a[i][j] against a[i][j-1] carried by j, "(<,*)" when
	// the inner level may take any direction. The outer levels are '='
	// and the tested one '<', '>' or "!=" (both). Empty when the
	// subscripts could not be analysed at all.
	Direction string
	// Why says, for a dependence, what the tests could not rule out.
	Why string
}

// Carried reports whether references a and b of the same variable may
// reach the same element in two different iterations of nest[p] that
// share the iterations of nest[:p]. Loops of the nest inside p, and
// those in a.Loops and b.Loops that nest does not list, take any values.
//
// The question is asked as two direction vectors, (=,…,=,<,*,…,*) and
// (=,…,=,>,*,…,*): each is refined at the inner levels the subscripts
// use and kept when no test rules it out (see Directions).
func Carried(nest []Level, p int, a, b *ir.Access) Result {
	return NewNest(nest).Carried(p, a, b)
}

// A Nest is a nest made ready for the tests of many pairs of references
// (a loop's body against itself): what depends on the levels alone is
// computed once, so that a test costs what its references need rather
// than the nest's depth in map entries and variables.
type Nest struct {
	levels []Level
	env    env             // the indices' ranges (nestEnv)
	count  map[*ir.Var]int // levels per index
	level  map[*ir.Var]int // index → its level, for indices of one level
	prime  []*ir.Var       // per level: the copy of its index in the second iteration
	vs     []*ir.Var       // the indices of one level, outermost first
	// levelEnv is env without the indices of several levels.
	levelEnv env
	// loops are the loops around each reference, as a set.
	loops map[*ir.Access]map[*ir.Var]bool
	// spans are, per level, the constant width of a range that does not
	// depend on the direction vector (Max - Min, with no index in the
	// bounds), computed on first use.
	spans []levelSpan
}

type levelSpan struct {
	done, fixed, ok bool
	span            int64
}

// NewNest prepares nest for Carried.
func NewNest(nest []Level) *Nest {
	n := &Nest{levels: nest, env: nestEnv(nest), count: map[*ir.Var]int{}, level: map[*ir.Var]int{},
		prime: make([]*ir.Var, len(nest)), levelEnv: env{}, loops: map[*ir.Access]map[*ir.Var]bool{},
		spans: make([]levelSpan, len(nest))}
	for _, l := range nest {
		if l.Index != nil {
			n.count[l.Index]++
		}
	}
	for q, l := range nest {
		if v := l.Index; v != nil && n.count[v] == 1 {
			n.level[v] = q
			n.prime[q] = &ir.Var{Name: v.Name + "'", Type: v.Type, Local: v.Local}
			n.vs = append(n.vs, v)
		}
	}
	for v, l := range n.env {
		if _, ok := n.level[v]; ok {
			n.levelEnv[v] = l
		}
	}
	return n
}

// loopsOf returns the loops around x as a set.
func (n *Nest) loopsOf(x *ir.Access) map[*ir.Var]bool {
	in, ok := n.loops[x]
	if !ok {
		in = map[*ir.Var]bool{}
		for _, v := range x.Loops {
			in[v] = true
		}
		n.loops[x] = in
	}
	return in
}

// span returns the constant width of level q's range under v (Max -
// Min), when it has one.
func (n *Nest) span(pb *problem, q int, v Vector) (int64, bool) {
	sp := &n.spans[q]
	if !sp.done {
		l := n.levels[q]
		sp.done = true
		sp.fixed = !l.Min.OK || !l.Max.OK || !n.env.mentions(l.Min) && !n.env.mentions(l.Max)
		if sp.fixed {
			if r := pb.rangeOf(q, v); r.ok {
				sp.span, sp.ok = r.hi.Sub(r.lo).IntConst()
			}
		}
	}
	if sp.fixed {
		return sp.span, sp.ok
	}
	if r := pb.rangeOf(q, v); r.ok {
		return r.hi.Sub(r.lo).IntConst()
	}
	return 0, false
}

// Carried is Carried on the prepared nest.
func (n *Nest) Carried(p int, a, b *ir.Access) Result {
	if shapeWhy(a, b) == "" && constantsDiffer(a, b) {
		return Result{} // what the ZIV test of that dimension finds, without the problem
	}
	nest := n.levels
	pb, why := n.problem(a, b)
	if pb == nil {
		return Result{Dependent: true, Why: why}
	}
	base := func(d Dir) Vector {
		v := make(Vector, len(nest))
		for q := range v {
			switch {
			case q < p:
				v[q] = Eq
			case q == p:
				v[q] = d
			default:
				v[q] = Any
			}
		}
		return v
	}
	// Fewer than two iterations of the loop, or none of a loop around
	// it: nothing to carry.
	all := base(Lt | Gt)
	for q := 0; q <= p; q++ {
		if span, ok := n.span(pb, q, all); ok && (span < 0 || q == p && span < 1) {
			return Result{}
		}
	}
	var found []Vector
	for _, d := range []Dir{Lt, Gt} {
		found = append(found, pb.refine(base(d), p+1)...)
	}
	if len(found) == 0 {
		return Result{}
	}
	res := Result{Dependent: true, Why: "the subscripts may be equal", Direction: Summary(found).String()}
	if d, ok := pb.distance(all, p); ok {
		res.Known, res.Distance = true, d
		res.Why = fmt.Sprintf("distance %d", d)
	}
	return res
}

// shapeWhy says why references a and b cannot be compared subscript by
// subscript; "" when they can.
func shapeWhy(a, b *ir.Access) string {
	switch {
	case a.Unknown || b.Unknown:
		return "unknown base"
	case !a.Affine || !b.Affine:
		return "non-affine subscript"
	case len(a.Subs) != len(b.Subs) || !sameFields(a.Fields, b.Fields):
		return "the references have different shapes"
	}
	return ""
}

// constantsDiffer reports whether a dimension's subscripts are two
// different integer constants (within the tests' range): the references
// never reach the same element (x[i][0] and x[i][1]).
func constantsDiffer(a, b *ir.Access) bool {
	for k := range a.Subs {
		x, ok1 := a.Subs[k].IntConst()
		y, ok2 := b.Subs[k].IntConst()
		if d := x - y; ok1 && ok2 && d != 0 && -maxConst <= d && d <= maxConst {
			return true
		}
	}
	return false
}

// A problem is a pair of references made ready for the tests: their
// subscripts, delinearised, over the indices of both iterations.
//
// The first reference's subscripts use the nest's indices; the
// second's use the same variables too, and the direction vector under
// test renames those of the levels that are not '=' into primed copies
// (its own iteration). An index the tests cannot pin to one level (one
// that several levels share, a loop of the statement the nest does not
// list, or a nest index a reference uses outside its loop, where it
// holds the loop's last value) becomes a loose variable of its own in
// each reference, within the levels' common range when they have one.
type problem struct {
	nest  []Level
	env   env // ranges of the nest's indices
	a, b  []ir.Affine
	level map[*ir.Var]int // index → its level, for indices of one level
	prime []*ir.Var       // per level: the copy of its index in the second iteration
	loose map[*ir.Var]interval
	used  []bool // levels whose index the subscripts use
}

// An interval is the range [lo, hi] of an index (ok false: unbounded).
type interval struct {
	lo, hi ir.Affine
	ok     bool
}

// consts returns the interval's bounds when they are constants.
func (r interval) consts() (lo, hi int64, ok bool) {
	if !r.ok {
		return 0, 0, false
	}
	lo, ok1 := r.lo.IntConst()
	hi, ok2 := r.hi.IntConst()
	return lo, hi, ok1 && ok2
}

// Magnitudes beyond which the tests give up (answer "dependent") rather
// than risk an overflow in their int64 arithmetic: index coefficients,
// the constants of loop bounds, and those of the equations.
const (
	maxCoef  = 1 << 20
	maxBound = 1 << 32
	maxConst = 1 << 40
	// maxRefine is how many levels the direction vector search refines
	// (3^maxRefine vectors at most); deeper levels stay '*'.
	maxRefine = 6
)

func (n *Nest) problem(a, b *ir.Access) (*problem, string) {
	nest := n.levels
	if why := shapeWhy(a, b); why != "" {
		return nil, why
	}
	pb := &problem{nest: nest, env: n.env, level: n.level, prime: n.prime,
		loose: map[*ir.Var]interval{}, used: make([]bool, len(nest))}
	count, vs := n.count, n.vs
	// rename gives a reference's loose indices variables of their own.
	rename := func(x *ir.Access, tag string) []ir.Affine {
		in := n.loopsOf(x)
		m := map[*ir.Var]*ir.Var{}
		for _, s := range x.Subs {
			for _, t := range s.Terms {
				for _, v := range t.Vars {
					if _, done := m[v]; done || (!in[v] && count[v] == 0) {
						continue // a symbolic constant
					}
					if _, isLevel := pb.level[v]; isLevel && in[v] {
						continue
					}
					w := &ir.Var{Name: v.Name + "@" + tag, Type: v.Type, Local: v.Local}
					m[v] = w
					r := interval{}
					if l, known := pb.env[v]; known && in[v] && l.Min.OK && l.Max.OK {
						lo, _, ok1 := pb.env.resolve(l.Min)
						_, hi, ok2 := pb.env.resolve(l.Max)
						r = interval{lo: lo, hi: hi, ok: ok1 && ok2 && tame(lo, maxBound) && tame(hi, maxBound)}
					}
					pb.loose[w] = r
				}
			}
		}
		out := make([]ir.Affine, len(x.Subs))
		for k, s := range x.Subs {
			out[k] = s.Rename(m)
		}
		return out
	}
	ra, rb := rename(a, "a"), rename(b, "b")
	e := n.levelEnv
	if len(pb.loose) > 0 {
		e = env{}
		for v, l := range n.levelEnv {
			e[v] = l
		}
	}
	for v, r := range pb.loose {
		e[v] = Level{Index: v, Min: r.lo, Max: r.hi}
		if !r.ok {
			e[v] = Level{Index: v}
		}
	}
	// A reference runs only in iterations of the loops around it: each
	// of those runs at least once, so its Max - Min is at least zero
	// (where it has no index in it, a fact of the symbolic constants).
	facts := &factList{make: func() []ir.Affine {
		var facts []ir.Affine
		for _, x := range []*ir.Access{a, b} {
			for _, v := range x.Loops {
				if q, ok := pb.level[v]; ok && nest[q].Min.OK && nest[q].Max.OK {
					if f := nest[q].Max.Sub(nest[q].Min); f.OK && !pb.env.mentions(f) {
						facts = append(facts, f)
					}
				}
			}
		}
		return facts
	}}
	pb.a, pb.b = delinearize(vs, e, ra, rb, facts)
	for _, s := range append(append([]ir.Affine(nil), pb.a...), pb.b...) {
		for _, t := range s.Terms {
			for _, v := range t.Vars {
				if q, ok := pb.level[v]; ok {
					pb.used[q] = true
				}
			}
		}
	}
	return pb, ""
}

// An equation is one dimension's subscripts made equal under a direction
// vector, the first reference's minus the second's:
//
//	Σ alpha[q]·i_q − Σ beta[q]·i′_q + Σ loose + c = 0
//
// At a level whose direction is '=' the two iterations share the index:
// alpha holds the difference of the two coefficients and beta is 0.
type equation struct {
	alpha, beta []int64
	loose       map[*ir.Var]int64
	c           ir.Affine // the terms without indices: a constant and symbolic terms
}

// equation builds dimension k's equation under v; ok is false when a
// term multiplies an index by another variable (a symbolic stride that
// did not delinearise) or a magnitude is out of range.
func (pb *problem) equation(k int, v Vector) (equation, bool) {
	// The second reference's indices at levels that are not '=' become
	// their primed copies (only those its subscript holds matter).
	m := map[*ir.Var]*ir.Var{}
	primed := map[*ir.Var]int{}
	for _, t := range pb.b[k].Terms {
		for _, x := range t.Vars {
			if q, ok := pb.level[x]; ok && pb.prime[q] != nil && v[q] != Eq {
				m[x] = pb.prime[q]
				primed[pb.prime[q]] = q
			}
		}
	}
	diff := pb.a[k].Sub(pb.b[k].Rename(m))
	eq := equation{alpha: make([]int64, len(pb.nest)), beta: make([]int64, len(pb.nest)), loose: map[*ir.Var]int64{}, c: ir.Constant(0)}
	if !diff.OK {
		return eq, false
	}
	for _, t := range diff.Terms {
		var idx *ir.Var
		n := 0
		for _, w := range t.Vars {
			_, isLevel := pb.level[w]
			_, isPrime := primed[w]
			_, isLoose := pb.loose[w]
			if isLevel || isPrime || isLoose {
				idx = w
				n++
			}
		}
		switch {
		case n == 0:
			eq.c = eq.c.Add(ir.Affine{OK: true, Terms: []ir.Term{t}})
			continue
		case n > 1 || len(t.Vars) > 1 || t.Coef > maxCoef || t.Coef < -maxCoef:
			return eq, false
		}
		if q, ok := pb.level[idx]; ok {
			eq.alpha[q] += t.Coef
		} else if q, ok := primed[idx]; ok {
			eq.beta[q] -= t.Coef
		} else {
			eq.loose[idx] += t.Coef
		}
	}
	return eq, tame(eq.c, maxConst)
}

// feasible reports whether no test rules out a dependence under v.
func (pb *problem) feasible(v Vector) bool {
	for k := range pb.a {
		eq, ok := pb.equation(k, v)
		if ok && !pb.test(eq, v) {
			return false
		}
	}
	return true
}

// test applies the tests to one equation under v, from the cheapest:
// ZIV, GCD, then by the indices the equation holds the SIV tests (one
// level) or Banerjee's inequalities (several). false: no dependence.
func (pb *problem) test(eq equation, v Vector) bool {
	levels, single := eq.levels()
	if levels == 0 && len(eq.loose) == 0 {
		return !ziv(eq.c)
	}
	if gcdTest(eq) {
		return false
	}
	if levels == 1 && len(eq.loose) == 0 {
		q := single
		r := pb.rangeOf(q, v)
		a, b := eq.alpha[q], eq.beta[q]
		var dirs Dir
		switch {
		case v[q] == Eq:
			dirs = Eq
			if _, in := pointIn(a, eq.c.Scale(-1), r); !in {
				dirs = 0
			}
		case a == b:
			dirs, _, _ = strongSIV(a, eq.c, r, v[q])
		case a == 0 || b == 0:
			dirs = weakZeroSIV(a, b, eq.c, r, v[q])
		case a == -b:
			dirs = weakCrossingSIV(a, eq.c, r, v[q])
		default:
			dirs = exactSIV(a, b, eq.c, r, v[q])
		}
		if dirs == 0 {
			return false
		}
	}
	return banerjee(eq, v, pb.rangeOf, pb.loose)
}

// levels counts the levels whose index the equation uses, and returns
// one of them.
func (eq equation) levels() (n, q int) {
	for l := range eq.alpha {
		if eq.alpha[l] != 0 || eq.beta[l] != 0 {
			n, q = n+1, l
		}
	}
	return n, q
}

// rangeOf returns the range of level q's index under v. Bounds that
// use only indices of '=' levels (the same in both iterations) are kept
// as they are when they differ by a constant ([j, j+10]); other bounds
// that use indices are widened to the least and greatest values they
// take over the nest.
func (pb *problem) rangeOf(q int, v Vector) interval {
	l := pb.nest[q]
	if !l.Min.OK || !l.Max.OK {
		return interval{}
	}
	lo, hi := l.Min, l.Max
	shared := true
	for _, s := range []ir.Affine{lo, hi} {
		for _, t := range s.Terms {
			for _, w := range t.Vars {
				if _, isIdx := pb.env[w]; !isIdx {
					continue
				}
				if r, ok := pb.level[w]; !ok || v[r] != Eq {
					shared = false
				}
			}
		}
	}
	if _, ok := hi.Sub(lo).IntConst(); (pb.env.mentions(lo) || pb.env.mentions(hi)) && (!shared || !ok) {
		var ok1, ok2 bool
		lo, _, ok1 = pb.env.resolve(l.Min)
		_, hi, ok2 = pb.env.resolve(l.Max)
		if !ok1 || !ok2 {
			return interval{}
		}
	}
	return interval{lo: lo, hi: hi, ok: tame(lo, maxBound) && tame(hi, maxBound)}
}

// distance returns the distance of a strong SIV equation at level p
// under v, when one dimension has one.
func (pb *problem) distance(v Vector, p int) (int64, bool) {
	for k := range pb.a {
		eq, ok := pb.equation(k, v)
		if !ok || len(eq.loose) > 0 {
			continue
		}
		if n, q := eq.levels(); n != 1 || q != p || eq.alpha[p] != eq.beta[p] {
			continue
		}
		if _, d, ok := strongSIV(eq.alpha[p], eq.c, pb.rangeOf(p, v), v[p]); ok && d != 0 {
			return abs(d), true
		}
	}
	return 0, false
}

// tame reports whether a's coefficients are within limit.
func tame(a ir.Affine, limit int64) bool {
	if !a.OK {
		return false
	}
	for _, t := range a.Terms {
		if t.Coef > limit || t.Coef < -limit {
			return false
		}
	}
	return true
}

func gcd(a, b int64) int64 {
	a, b = abs(a), abs(b)
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func sameFields(a, b []ir.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
