package depend

import "github.com/accc-compiler/accc/ir"

// banerjee applies Banerjee's inequalities (Allen and Kennedy §3.3.2;
// Wolfe §7.6) to an equation under direction vector v: the equation's
// left side is a sum of one term per level (and per loose index) plus
// c; its least and greatest values are the sums of each term's least
// and greatest over the level's range under the level's direction, and
// when 0 lies outside [min, max] the equation has no solution, real or
// integer. It reports whether a dependence remains possible.
//
// Per level, with x = i, y = i′ in [lo, hi] and the term a·x − b·y:
//   - '=' (x = y, one coefficient a): a·x, at lo and hi;
//   - '*': a·x and −b·y independently;
//   - '<': writing x = lo + s, y = x + 1 + t with s, t ≥ 0 and
//     s + t ≤ M = hi − lo − 1, the term is (a−b)·lo − b + (a−b)·s − b·t,
//     whose extremes over that triangle are at its corners:
//     max = (a−b)·lo − b + M·max(0, a−b, −b),
//     min = (a−b)·lo − b − M·max(0, b−a, b);
//   - '>': symmetrically, y = lo + s, x = y + 1 + t:
//     max = (a−b)·lo + a + M·max(0, a−b, a),
//     min = (a−b)·lo + a − M·max(0, b−a, −a).
//
// These hold whenever the range has the pairs the direction needs (M ≥ 0
// for '<'); when it has none there is no dependence under v either, so
// the answer stays right, and a range known to be that small answers
// "none" at once: the reference that uses the index is inside its loop
// (only there is it a level index), and a level that one reference is
// not inside keeps '=' among its refinements. Bounds may be symbolic: the sums are
// polynomials, and the test decides only when the one it needs is a
// constant (the symbolic parts cancel, as lo does where a = b), else it
// leaves the dependence possible. An index with unknown bounds and a
// nonzero coefficient makes the range unbounded: no decision.
func banerjee(eq equation, v Vector, rangeOf func(int, Vector) interval, loose map[*ir.Var]interval) bool {
	lo, hi := eq.c, eq.c
	for q := range eq.alpha {
		a, b := eq.alpha[q], eq.beta[q]
		if a == 0 && b == 0 {
			continue
		}
		r := rangeOf(q, v)
		if !r.ok {
			return true
		}
		var mn, mx ir.Affine
		m := r.hi.Sub(r.lo).Sub(ir.Constant(1))
		if k, ok := m.IntConst(); ok && (k < -1 || k < 0 && (v[q] == Lt || v[q] == Gt)) {
			return false // no value, or no pair of values for '<' and '>'
		}
		switch v[q] {
		case Eq:
			mn, mx = scaled(a, r)
		case Lt:
			base := r.lo.Scale(a - b).Sub(ir.Constant(b))
			mx = base.Add(m.Scale(max(0, a-b, -b)))
			mn = base.Sub(m.Scale(max(0, b-a, b)))
		case Gt:
			base := r.lo.Scale(a - b).Add(ir.Constant(a))
			mx = base.Add(m.Scale(max(0, a-b, a)))
			mn = base.Sub(m.Scale(max(0, b-a, -a)))
		default: // '*', or a set of directions: any pair
			mn1, mx1 := scaled(a, r)
			mn2, mx2 := scaled(-b, r)
			mn, mx = mn1.Add(mn2), mx1.Add(mx2)
		}
		lo, hi = lo.Add(mn), hi.Add(mx)
	}
	for w, k := range eq.loose {
		if k == 0 {
			continue
		}
		r := loose[w]
		if !r.ok {
			return true
		}
		mn, mx := scaled(k, r)
		lo, hi = lo.Add(mn), hi.Add(mx)
	}
	if x, ok := hi.IntConst(); ok && x < 0 {
		return false
	}
	if x, ok := lo.IntConst(); ok && x > 0 {
		return false
	}
	return true
}

// scaled returns the least and greatest of k·x for x in r.
func scaled(k int64, r interval) (mn, mx ir.Affine) {
	mn, mx = r.lo.Scale(k), r.hi.Scale(k)
	if k < 0 {
		mn, mx = mx, mn
	}
	return mn, mx
}
