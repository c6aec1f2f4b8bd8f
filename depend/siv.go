package depend

import (
	"math/big"

	"github.com/accc-compiler/accc/ir"
)

// The tests of one dimension's equation. Each answers "no dependence"
// (false, or an empty Dir) only when it proves that the equation has no
// integer solution under the constraints it is given; anything it cannot
// decide leaves the dependence possible. Symbolic bounds and constants
// are compared only where their difference is a constant.

// ziv is the ZIV test (zero index variables; Allen and Kennedy §3.2.1):
// an equation c = 0 without indices has no solution when c is a nonzero
// constant, or a polynomial whose symbolic terms' coefficients have a
// common divisor that does not divide its constant (2n + 1 is never 0).
func ziv(c ir.Affine) bool {
	g := symbolicGCD(c)
	if g == 0 {
		return c.Const() != 0
	}
	return c.Const()%g != 0
}

// gcdTest is the GCD test (Banerjee; Allen and Kennedy §3.3.1, Wolfe
// §7.2): Σ a_k·x_k + c = 0 has an integer solution only if the gcd of
// the coefficients divides c. A symbolic c takes part through its
// terms' coefficients (its variables are integers too). It ignores the
// bounds and the directions, except that '=' merges a level's two
// coefficients into one.
func gcdTest(eq equation) bool {
	g := symbolicGCD(eq.c)
	for q := range eq.alpha {
		g = gcd(gcd(g, eq.alpha[q]), eq.beta[q])
	}
	for _, k := range eq.loose {
		g = gcd(g, k)
	}
	if g == 0 {
		return eq.c.Const() != 0
	}
	return eq.c.Const()%g != 0
}

// symbolicGCD returns the gcd of the coefficients of c's non-constant
// terms (0 when there are none).
func symbolicGCD(c ir.Affine) int64 {
	var g int64
	for _, t := range c.Terms {
		if len(t.Vars) > 0 {
			g = gcd(g, t.Coef)
		}
	}
	return g
}

// strongSIV is the strong SIV test (Allen and Kennedy §3.2.2): in
// a·i − a·i′ + c = 0 (the same coefficient in both references) the
// distance i′ − i is d = c/a, which must be an integer, no larger in
// magnitude than the level's span hi − lo, and whose sign gives the only
// direction. A symbolic d is compared with a symbolic span when their
// difference is a constant: a[i] against a[i+n] with i in [1, n] is
// independent (n − (n − 1) = 1 > 0). It returns the directions of dirs
// that remain and, when d is a constant, d.
func strongSIV(a int64, c ir.Affine, r interval, dirs Dir) (Dir, int64, bool) {
	d, ok := divExact(c, a)
	if !ok {
		if _, isConst := c.IntConst(); isConst {
			return 0, 0, false // not an integer distance
		}
		return dirs, 0, false
	}
	if k, isConst := d.IntConst(); isConst {
		dir := Eq
		switch {
		case k > 0:
			dir = Lt
		case k < 0:
			dir = Gt
		}
		if dirs&dir == 0 {
			return 0, k, true
		}
		if r.ok {
			if span, ok := r.hi.Sub(r.lo).IntConst(); ok && abs(k) > span {
				return 0, k, true
			}
		}
		return dir, k, true
	}
	if r.ok {
		// With two iterations or more the span s is at least 1, so
		// d − s ≥ 1 makes d > s > 0 and −d − s ≥ 1 makes −d > s > 0;
		// with fewer there is no pair of iterations.
		span := r.hi.Sub(r.lo)
		if x, ok := d.Sub(span).IntConst(); ok && x >= 1 {
			return 0, 0, false
		}
		if x, ok := d.Scale(-1).Sub(span).IntConst(); ok && x >= 1 {
			return 0, 0, false
		}
	}
	return dirs, 0, false
}

// weakZeroSIV is the weak-zero SIV test (Wolfe §7.5; Allen and Kennedy
// §3.2.3): in a·i − b·i′ + c = 0 with b = 0 (a[i] against a[0] or
// a[n-1]) the only solution is i = −c/a, whatever i′; with a = 0 it is
// i′ = c/b. There is no dependence when that value is not an integer or
// lies outside [lo, hi]. When it is the last value of the range only i′
// before it (direction '>') remains; the first value, only after it ('<'):
// the cases loop peeling removes.
func weakZeroSIV(a, b int64, c ir.Affine, r interval, dirs Dir) Dir {
	if b == 0 {
		x0, in := pointIn(a, c.Scale(-1), r)
		if !in {
			return 0
		}
		if !x0.OK || !r.ok {
			return dirs
		}
		if d, ok := r.hi.Sub(x0).IntConst(); ok && d <= 0 {
			dirs &^= Lt // no i′ > x0
		}
		if d, ok := x0.Sub(r.lo).IntConst(); ok && d <= 0 {
			dirs &^= Gt // no i′ < x0
		}
		return dirs
	}
	y0, in := pointIn(b, c, r)
	if !in {
		return 0
	}
	if !y0.OK || !r.ok {
		return dirs
	}
	if d, ok := y0.Sub(r.lo).IntConst(); ok && d <= 0 {
		dirs &^= Lt // no i < y0
	}
	if d, ok := r.hi.Sub(y0).IntConst(); ok && d <= 0 {
		dirs &^= Gt // no i > y0
	}
	return dirs
}

// pointIn solves a·x = rhs for the single value x0 of an index in r: in
// is false when x0 is provably not an integer or outside r; x0 is
// returned (OK) when rhs/a is a polynomial.
func pointIn(a int64, rhs ir.Affine, r interval) (x0 ir.Affine, in bool) {
	x0, ok := divExact(rhs, a)
	if !ok {
		g := gcd(a, symbolicGCD(rhs))
		return ir.Affine{}, rhs.Const()%g == 0
	}
	if r.ok {
		if d, ok := x0.Sub(r.lo).IntConst(); ok && d < 0 {
			return x0, false
		}
		if d, ok := r.hi.Sub(x0).IntConst(); ok && d < 0 {
			return x0, false
		}
	}
	return x0, true
}

// weakCrossingSIV is the weak-crossing SIV test (Allen and Kennedy
// §3.2.3; Wolfe §7.5): in a·i + a·i′ + c = 0 (a[i] against a[n-1-i])
// the iterations meet at the crossing point S/2, S = i + i′ = −c/a.
// There is no dependence when S is not an integer or 2·lo ≤ S ≤ 2·hi
// fails. '=' needs S even (the crossing is an iteration); '<' and '>'
// (one iteration on each side) need 2·lo + 1 ≤ S ≤ 2·hi − 1.
func weakCrossingSIV(a int64, c ir.Affine, r interval, dirs Dir) Dir {
	s, ok := divExact(c.Scale(-1), a)
	if !ok {
		if _, isConst := c.IntConst(); isConst {
			return 0
		}
		return dirs
	}
	if g := symbolicGCD(s); g%2 == 0 && s.Const()%2 != 0 {
		dirs &^= Eq // S is odd: the crossing falls between iterations
	}
	if !r.ok {
		return dirs
	}
	below, ok1 := s.Sub(r.lo.Scale(2)).IntConst() // S − 2·lo
	above, ok2 := r.hi.Scale(2).Sub(s).IntConst() // 2·hi − S
	if ok1 && below < 0 || ok2 && above < 0 {
		return 0
	}
	if ok1 && below < 1 || ok2 && above < 1 {
		dirs &^= Lt | Gt
	}
	return dirs
}

// exactSIV is the exact SIV test (Banerjee; Wolfe §7.5, Allen and
// Kennedy §3.2.3's general case) for a·i − b·i′ + c = 0 with a ≠ ±b,
// both nonzero, and constant bounds: the extended Euclidean algorithm
// gives every integer solution as i = i0 + (b/g)·t, i′ = i′0 + (a/g)·t
// (g = gcd(a, b)), and each constraint, lo ≤ i, i′ ≤ hi and the
// direction (i′ − i ≥ 1, = 0 or ≤ −1), bounds t; a direction remains
// when some integer t meets them all. With symbolic bounds or constant
// only the GCD test (already applied) decides.
func exactSIV(a, b int64, c ir.Affine, r interval, dirs Dir) Dir {
	c0, ok := c.IntConst()
	lo, hi, ok2 := r.consts()
	if !ok || !ok2 {
		return dirs
	}
	g, u, w := extGCD(a, -b) // a·u − b·w = g
	if c0%g != 0 {
		return 0
	}
	k := big.NewInt(-c0 / g)
	x0 := new(big.Int).Mul(big.NewInt(u), k)
	y0 := new(big.Int).Mul(big.NewInt(w), k)
	dx, dy := big.NewInt(b/g), big.NewInt(a/g) // x = x0 + dx·t, y = y0 + dy·t
	// Constraints p + q·t ≥ 0.
	type ineq struct{ p, q *big.Int }
	lin := func(p0 *big.Int, q0 *big.Int, off int64, sign int64) ineq {
		// sign·(p0 + q0·t) + off ≥ 0
		p := new(big.Int).Mul(p0, big.NewInt(sign))
		p.Add(p, big.NewInt(off))
		return ineq{p, new(big.Int).Mul(q0, big.NewInt(sign))}
	}
	box := []ineq{
		lin(x0, dx, -lo, 1), lin(x0, dx, hi, -1), // lo ≤ x ≤ hi
		lin(y0, dy, -lo, 1), lin(y0, dy, hi, -1), // lo ≤ y ≤ hi
	}
	yx := new(big.Int).Sub(y0, x0) // y − x = yx + dyx·t
	dyx := new(big.Int).Sub(dy, dx)
	cases := []struct {
		d  Dir
		cs []ineq
	}{
		{Lt, []ineq{lin(yx, dyx, -1, 1)}},                     // y − x ≥ 1
		{Eq, []ineq{lin(yx, dyx, 0, 1), lin(yx, dyx, 0, -1)}}, // y − x = 0
		{Gt, []ineq{lin(yx, dyx, -1, -1)}},                    // x − y ≥ 1
	}
	out := Dir(0)
	for _, cs := range cases {
		if dirs&cs.d == 0 {
			continue
		}
		var tlo, thi *big.Int // nil: unbounded
		feasible := true
		for _, in := range append(append([]ineq(nil), box...), cs.cs...) {
			switch in.q.Sign() {
			case 0:
				if in.p.Sign() < 0 {
					feasible = false
				}
			case 1: // t ≥ ceil(−p/q)
				t := new(big.Int).Neg(in.p)
				t = ceilDiv(t, in.q)
				if tlo == nil || t.Cmp(tlo) > 0 {
					tlo = t
				}
			default: // t ≤ floor(p/−q)
				t := new(big.Int).Div(in.p, new(big.Int).Neg(in.q)) // Euclidean: floor for a positive divisor
				if thi == nil || t.Cmp(thi) < 0 {
					thi = t
				}
			}
		}
		if feasible && (tlo == nil || thi == nil || tlo.Cmp(thi) <= 0) {
			out |= cs.d
		}
	}
	return out
}

// ceilDiv returns ⌈n/d⌉ for d > 0.
func ceilDiv(n, d *big.Int) *big.Int {
	q := new(big.Int).Neg(n)
	q.Div(q, d) // floor(−n/d)
	return q.Neg(q)
}

// extGCD returns g = gcd(a, b) > 0 and u, w with a·u + b·w = g
// (a, b not both 0).
func extGCD(a, b int64) (g, u, w int64) {
	oldR, r := a, b
	oldS, s := int64(1), int64(0)
	oldT, t := int64(0), int64(1)
	for r != 0 {
		q := oldR / r
		oldR, r = r, oldR-q*r
		oldS, s = s, oldS-q*s
		oldT, t = t, oldT-q*t
	}
	if oldR < 0 {
		oldR, oldS, oldT = -oldR, -oldS, -oldT
	}
	return oldR, oldS, oldT
}

// divExact returns c/k when k divides every coefficient of c.
func divExact(c ir.Affine, k int64) (ir.Affine, bool) {
	if k == 0 || !c.OK {
		return ir.Affine{}, false
	}
	out := ir.Affine{OK: true}
	for _, t := range c.Terms {
		if t.Coef%k != 0 {
			return ir.Affine{}, false
		}
		out.Terms = append(out.Terms, ir.Term{Coef: t.Coef / k, Vars: t.Vars})
	}
	return out, true
}
