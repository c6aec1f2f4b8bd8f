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
	// Why says, for a dependence, what the tests could not rule out.
	Why string
}

// Carried reports whether references a and b of the same variable may
// reach the same element in two different iterations of nest[p] that
// share the iterations of nest[:p]. Loops of the nest inside p, and
// those in a.Loops and b.Loops that nest does not list, take any values.
func Carried(nest []Level, p int, a, b *ir.Access) Result {
	if a.Unknown || b.Unknown {
		return Result{Dependent: true, Why: "unknown base"}
	}
	if !a.Affine || !b.Affine {
		return Result{Dependent: true, Why: "non-affine subscript"}
	}
	if len(a.Subs) != len(b.Subs) || !sameFields(a.Fields, b.Fields) {
		return Result{Dependent: true, Why: "the references have different shapes"}
	}
	// The second reference's iteration: the indices of level p and the
	// loops inside it get primed copies; the outer levels stay shared.
	indices := map[*ir.Var]bool{}
	prime := map[*ir.Var]*ir.Var{}
	addIndex := func(v *ir.Var, shared bool) {
		if indices[v] {
			return
		}
		indices[v] = true
		if !shared {
			w := &ir.Var{Name: v.Name + "'", Type: v.Type, Local: v.Local}
			prime[v] = w
			indices[w] = true
		}
	}
	for q, l := range nest {
		addIndex(l.Index, q < p)
	}
	for _, v := range append(append([]*ir.Var(nil), a.Loops...), b.Loops...) {
		addIndex(v, false)
	}
	tested := nest[p].Index
	res := Result{Dependent: true, Why: "the subscripts may be equal"}
	asubs, bsubs := delinearize(nest, a.Subs, b.Subs)
	for i := range asubs {
		eq := asubs[i].Sub(bsubs[i].Rename(prime))
		switch r := solve(eq, tested, prime[tested], indices, span(nest[p])); r.kind {
		case independent:
			return Result{}
		case distance:
			res.Known, res.Distance = true, r.d
			res.Why = fmt.Sprintf("distance %d", r.d)
		}
	}
	return res
}

type outcome uint8

const (
	unknown outcome = iota
	independent
	distance
)

type solution struct {
	kind outcome
	d    int64
}

// span returns the largest distance two iterations of l can have, or -1.
func span(l Level) int64 {
	if !l.Min.OK || !l.Max.OK {
		return -1
	}
	if d, ok := l.Max.Sub(l.Min).IntConst(); ok {
		return d
	}
	return -1
}

// solve tests one dimension's equation eq = 0 (the first reference's
// subscript minus the second's) for iterations with i ≠ i2 (the tested
// index and its primed copy).
func solve(eq ir.Affine, i, i2 *ir.Var, indices map[*ir.Var]bool, maxDist int64) solution {
	coef := map[*ir.Var]int64{}
	var c int64 // eq = Σ coef·index + c
	for _, t := range eq.Terms {
		var idx *ir.Var
		for _, v := range t.Vars {
			if indices[v] {
				if idx != nil {
					return solution{} // a product of indices
				}
				idx = v
			} else {
				return solution{} // a symbolic coefficient or constant
			}
		}
		if idx == nil {
			c += t.Coef
			continue
		}
		coef[idx] += t.Coef
	}
	var g int64
	others := false
	for v, k := range coef {
		if k == 0 {
			continue
		}
		g = gcd(g, k)
		if v != i && v != i2 {
			others = true
		}
	}
	switch {
	case g == 0: // ZIV
		if c != 0 {
			return solution{kind: independent}
		}
		return solution{}
	case c%g != 0: // GCD test
		return solution{kind: independent}
	case others:
		return solution{}
	}
	// Only the tested index: α·i - β·i2 + c = 0.
	alpha, beta := coef[i], -coef[i2]
	if alpha != beta || alpha == 0 {
		return solution{} // weak SIV: the GCD test above is all we try
	}
	// Strong SIV: i2 - i = c/α.
	d := c / alpha
	switch {
	case d == 0:
		return solution{kind: independent} // only i = i2
	case maxDist >= 0 && abs(d) > maxDist:
		return solution{kind: independent}
	}
	return solution{kind: distance, d: abs(d)}
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
