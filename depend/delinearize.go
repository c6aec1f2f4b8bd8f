package depend

import "github.com/accc-compiler/accc/ir"

// delinearize splits each pair of subscripts that encodes several
// dimensions in one (a[i*n + j] with 0 <= j < n) into those dimensions,
// so that the tests see [i][j]. A pair is split on an index of the nest
// (outermost first) whose coefficient C is the same in both subscripts
// when, in each, the rest R lies in [0, C) for every iteration (after
// moving whole multiples of C into the index's dimension: (i-1)*n + j
// is [i-1][j]); pairs that do not split stay as they are.
func delinearize(nest []Level, a, b []ir.Affine) ([]ir.Affine, []ir.Affine) {
	var outA, outB []ir.Affine
	for k := range a {
		da, db := split(nest, a[k], b[k])
		outA = append(outA, da...)
		outB = append(outB, db...)
	}
	return outA, outB
}

func split(nest []Level, a, b ir.Affine) ([]ir.Affine, []ir.Affine) {
	for _, l := range nest {
		v := l.Index
		ca, ok1 := a.Coef(v)
		cb, ok2 := b.Coef(v)
		if !ok1 || !ok2 || len(ca.Terms) == 0 || !ca.Sub(cb).OK || len(ca.Sub(cb).Terms) != 0 {
			continue
		}
		if k, ok := ca.IntConst(); ok && k <= 1 {
			continue
		}
		ra, qa, ok1 := fit(nest, a, v, ca)
		rb, qb, ok2 := fit(nest, b, v, cb)
		if !ok1 || !ok2 {
			continue
		}
		sa, sb := split(nest, ra, rb)
		return append([]ir.Affine{qa}, sa...), append([]ir.Affine{qb}, sb...)
	}
	return []ir.Affine{a}, []ir.Affine{b}
}

// fit writes s as q*C + r with q = v + k and r in [0, C) for every
// iteration, for a small integer k.
func fit(nest []Level, s ir.Affine, v *ir.Var, c ir.Affine) (r, q ir.Affine, ok bool) {
	rest := s.Sub(ir.VarAffine(v).Mul(c))
	for _, k := range []int64{0, -1, 1, -2, 2} {
		r := rest.Sub(c.Scale(k))
		lo, hi, ok := bounds(nest, r)
		if !ok {
			continue
		}
		if m, ok := lo.IntConst(); !ok || m < 0 {
			continue
		}
		if m, ok := c.Sub(hi).IntConst(); !ok || m < 1 {
			continue
		}
		return r, ir.VarAffine(v).Add(ir.Constant(k)), true
	}
	return ir.Affine{}, ir.Affine{}, false
}

// bounds returns the least and greatest values of s over the nest's
// iterations: each index term at its level's Min or Max; the other
// variables are symbolic constants. ok is false when s holds an index
// with unknown bounds, an index times another variable, or an index of
// no level of the nest.
func bounds(nest []Level, s ir.Affine) (lo, hi ir.Affine, ok bool) {
	level := map[*ir.Var]Level{}
	for _, l := range nest {
		level[l.Index] = l
	}
	lo, hi = ir.Constant(0), ir.Constant(0)
	for _, t := range s.Terms {
		var idx *ir.Var
		for _, w := range t.Vars {
			if _, isIdx := level[w]; isIdx {
				if idx != nil || len(t.Vars) > 1 {
					return lo, hi, false
				}
				idx = w
			}
		}
		term := ir.Affine{OK: true, Terms: []ir.Term{t}}
		if idx == nil { // a symbolic constant: the caller's variables are loop-invariant
			lo, hi = lo.Add(term), hi.Add(term)
			continue
		}
		l := level[idx]
		if !l.Min.OK || !l.Max.OK {
			return lo, hi, false
		}
		mn, mx := l.Min.Scale(t.Coef), l.Max.Scale(t.Coef)
		if t.Coef < 0 {
			mn, mx = mx, mn
		}
		lo, hi = lo.Add(mn), hi.Add(mx)
	}
	return lo, hi, true
}

// Range returns the least and greatest values s takes over the nest's
// iterations, with each index at its level's bounds; bounds that use
// outer indices are resolved in turn. ok is false when an index of s has
// no level or unknown bounds, or appears multiplied by a variable.
func Range(nest []Level, s ir.Affine) (lo, hi ir.Affine, ok bool) {
	lo, hi, ok = bounds(nest, s)
	for depth := 0; ok && depth < len(nest) && (mentionsAny(nest, lo) || mentionsAny(nest, hi)); depth++ {
		var ok1, ok2 bool
		lo, _, ok1 = bounds(nest, lo)
		_, hi, ok2 = bounds(nest, hi)
		ok = ok1 && ok2
	}
	return lo, hi, ok && !mentionsAny(nest, lo) && !mentionsAny(nest, hi)
}

func mentions(a ir.Affine, vs map[*ir.Var]bool) bool {
	for _, t := range a.Terms {
		for _, v := range t.Vars {
			if vs[v] {
				return true
			}
		}
	}
	return false
}

func mentionsAny(nest []Level, a ir.Affine) bool {
	idx := map[*ir.Var]bool{}
	for _, l := range nest {
		idx[l.Index] = true
	}
	return mentions(a, idx)
}
