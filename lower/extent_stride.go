package lower

import (
	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/ir"
)

// Ranges of subscripts with symbolic strides: m[i*n + j] with i in
// [0, n-1] and j in [0, n-1] reaches m[0] to m[n*n - 1]. depend.Range
// bounds an index term only when its coefficient is a constant, since
// the sign of a symbol is unknown; but when the rest of the subscript
// lies in [0, C) for every iteration (C the index's coefficient), C is
// positive wherever the reference runs (C > rest >= 0), and the
// subscript (i + k)*C + rest is bounded by the index's bounds times C
// plus the rest's bounds. This is the decomposition depend's
// delinearisation uses to split a[i*n + j] into [i][j].

// symRange returns the least and greatest values of s over the nest's
// iterations: depend.Range's, else the bounds from splitting s on an
// index with a symbolic, loop-invariant coefficient (invariant reports
// whether a coefficient qualifies: the host has its variables and the
// region does not assign them). pos are coefficients already known to
// be positive where the reference runs: an index term with one of them
// is least at the index's least value whatever the rest. depth bounds
// the recursion.
func symRange(nest []depend.Level, s ir.Affine, invariant func(ir.Affine) bool, pos []ir.Affine, depth int) (lo, hi ir.Affine, ok bool) {
	if lo, hi, ok = depend.Range(nest, s); ok || depth > 2*len(nest)+2 {
		return lo, hi, ok
	}
	indices := map[*ir.Var]bool{}
	for _, l := range nest {
		indices[l.Index] = true
	}
	// Terms without an index (off in b[off + i*w + j]) shift the range.
	fixed := s.Without(indices)
	if len(fixed.Terms) > 0 {
		lo, hi, ok = symRange(nest, s.Sub(fixed), invariant, pos, depth+1)
		return lo.Add(fixed), hi.Add(fixed), ok
	}
	for _, l := range nest {
		v := l.Index
		c, okc := s.Coef(v)
		if !okc || len(c.Terms) == 0 || !l.Min.OK || !l.Max.OK || !invariant(c) || mentionsIndex(c, indices) {
			continue
		}
		if _, isConst := c.IntConst(); isConst {
			continue
		}
		rest := s.Sub(ir.VarAffine(v).Mul(c))
		positive := false
		for _, p := range pos {
			positive = positive || sameAffine(p, c)
		}
		if positive {
			rlo, rhi, okr := symRange(nest, rest, invariant, pos, depth+1)
			if !okr {
				continue
			}
			lo, _, ok1 := symRange(nest, l.Min.Mul(c).Add(rlo), invariant, pos, depth+1)
			_, hi, ok2 := symRange(nest, l.Max.Mul(c).Add(rhi), invariant, pos, depth+1)
			if ok1 && ok2 {
				return lo, hi, true
			}
			continue
		}
		for _, k := range []int64{0, -1, 1, -2, 2} {
			r := rest.Sub(c.Scale(k))
			rlo, rhi, okr := symRange(nest, r, invariant, pos, depth+1)
			if !okr {
				continue
			}
			if m, isConst := rlo.IntConst(); !isConst || m < 0 {
				continue
			}
			if m, isConst := c.Sub(rhi).IntConst(); !isConst || m < 1 {
				continue
			}
			// s = (v + k)*c + r with 0 <= r < c: c > 0, so s is least
			// at v's least value and greatest at its greatest.
			inner := append(append([]ir.Affine(nil), pos...), c)
			qlo := l.Min.Add(ir.Constant(k)).Mul(c).Add(rlo)
			qhi := l.Max.Add(ir.Constant(k)).Mul(c).Add(rhi)
			lo, _, ok1 := symRange(nest, qlo, invariant, inner, depth+1)
			_, hi, ok2 := symRange(nest, qhi, invariant, inner, depth+1)
			if ok1 && ok2 {
				return lo, hi, true
			}
		}
	}
	return ir.Affine{}, ir.Affine{}, false
}

// mentionsIndex reports whether a uses one of the indices.
func mentionsIndex(a ir.Affine, indices map[*ir.Var]bool) bool {
	for _, t := range a.Terms {
		for _, w := range t.Vars {
			if indices[w] {
				return true
			}
		}
	}
	return false
}
