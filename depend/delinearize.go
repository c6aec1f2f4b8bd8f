package depend

import "github.com/accc-compiler/accc/ir"

// An env gives the range of each index variable the tests know of
// (Level.Min and Max; OK false where unknown). Variables it does not
// list are symbolic constants: the caller's variables are loop-invariant.
type env map[*ir.Var]Level

// nestEnv is the env of a nest's indices. A variable that is the index
// of several levels (sibling loops that reuse `k`) has their range when
// all of them have the same bounds, and an unknown range otherwise.
func nestEnv(nest []Level) env {
	e := env{}
	for _, l := range nest {
		if l.Index == nil {
			continue
		}
		if old, dup := e[l.Index]; dup {
			if !sameAffine(old.Min, l.Min) || !sameAffine(old.Max, l.Max) {
				e[l.Index] = Level{Index: l.Index}
			}
			continue
		}
		e[l.Index] = l
	}
	return e
}

// delinearize splits each pair of subscripts that encodes several
// dimensions in one (a[i*n + j] with 0 <= j < n) into those dimensions,
// so that the tests see [i][j]. A pair is split on one of the indices vs
// (outermost first) whose coefficient C is the same in both subscripts
// when, in each, the rest R lies in [0, C) for every iteration (after
// moving whole multiples of C into the index's dimension: (i-1)*n + j
// is [i-1][j]); pairs that do not split stay as they are. The two
// linearised subscripts are then equal exactly when both parts are:
// i*C + R = i'*C + R' with R, R' in [0, C) forces R = R' and i = i'.
// The ranges may be symbolic: facts are expressions known to be at least
// zero wherever both references run (nonNeg).
func delinearize(vs []*ir.Var, e env, a, b []ir.Affine, facts *factList) ([]ir.Affine, []ir.Affine) {
	var outA, outB []ir.Affine
	for k := range a {
		da, db := split(vs, e, a[k], b[k], facts)
		outA = append(outA, da...)
		outB = append(outB, db...)
	}
	return outA, outB
}

// A factList is the facts of a pair of references, made when nonNeg
// first needs them: most pairs never do, and making them costs a
// subtraction per loop around the references.
type factList struct {
	make func() []ir.Affine
	list []ir.Affine
	done bool
}

func (f *factList) get() []ir.Affine {
	if !f.done {
		f.list, f.done = f.make(), true
	}
	return f.list
}

// nonNeg reports whether x >= 0: a constant at least zero, or one of the
// facts (each at least zero) plus such a constant.
func nonNeg(x ir.Affine, facts *factList) bool {
	if k, ok := x.IntConst(); ok {
		return k >= 0
	}
	for _, f := range facts.get() {
		if k, ok := x.Sub(f).IntConst(); ok && k >= 0 {
			return true
		}
	}
	return false
}

func split(vs []*ir.Var, e env, a, b ir.Affine, facts *factList) ([]ir.Affine, []ir.Affine) {
	// An index neither subscript uses has no coefficient to split on.
	uses := map[*ir.Var]bool{}
	for _, s := range []ir.Affine{a, b} {
		for _, t := range s.Terms {
			for _, v := range t.Vars {
				uses[v] = true
			}
		}
	}
	for _, v := range vs {
		if !uses[v] {
			continue
		}
		ca, ok1 := a.Coef(v)
		cb, ok2 := b.Coef(v)
		if !ok1 || !ok2 || len(ca.Terms) == 0 || !ca.Sub(cb).OK || len(ca.Sub(cb).Terms) != 0 || e.mentions(ca) {
			continue
		}
		if k, ok := ca.IntConst(); ok && k <= 1 {
			continue
		}
		ra, qa, ok1 := fit(e, a, v, ca, facts)
		rb, qb, ok2 := fit(e, b, v, cb, facts)
		if !ok1 || !ok2 {
			continue
		}
		sa, sb := split(vs, e, ra, rb, facts)
		return append([]ir.Affine{qa}, sa...), append([]ir.Affine{qb}, sb...)
	}
	return []ir.Affine{a}, []ir.Affine{b}
}

// fit writes s as q*C + r with q = v + k and r in [0, C) for every
// iteration, for a small integer k.
func fit(e env, s ir.Affine, v *ir.Var, c ir.Affine, facts *factList) (r, q ir.Affine, ok bool) {
	rest := s.Sub(ir.VarAffine(v).Mul(c))
	for _, k := range []int64{0, -1, 1, -2, 2} {
		r := rest.Sub(c.Scale(k))
		lo, hi, ok := e.resolve(r)
		if !ok {
			continue
		}
		if !nonNeg(lo, facts) || !nonNeg(c.Sub(hi).Sub(ir.Constant(1)), facts) {
			continue
		}
		return r, ir.VarAffine(v).Add(ir.Constant(k)), true
	}
	return ir.Affine{}, ir.Affine{}, false
}

// bounds returns the least and greatest values of s over the
// iterations: each index term at its level's Min or Max (which may
// mention other indices); the other variables are symbolic constants.
// ok is false when s holds an index with unknown bounds or an index
// times another variable.
func (e env) bounds(s ir.Affine) (lo, hi ir.Affine, ok bool) {
	lo, hi = ir.Constant(0), ir.Constant(0)
	if !s.OK {
		return lo, hi, false
	}
	for _, t := range s.Terms {
		var idx *ir.Var
		for _, w := range t.Vars {
			if _, isIdx := e[w]; isIdx {
				if idx != nil || len(t.Vars) > 1 {
					return lo, hi, false
				}
				idx = w
			}
		}
		term := ir.Affine{OK: true, Terms: []ir.Term{t}}
		if idx == nil { // a symbolic constant
			lo, hi = lo.Add(term), hi.Add(term)
			continue
		}
		l := e[idx]
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

// resolve is bounds with the indices that the bounds mention resolved
// in turn, until none is left.
func (e env) resolve(s ir.Affine) (lo, hi ir.Affine, ok bool) {
	lo, hi, ok = e.bounds(s)
	for depth := 0; ok && depth <= len(e) && (e.mentions(lo) || e.mentions(hi)); depth++ {
		var ok1, ok2 bool
		lo, _, ok1 = e.bounds(lo)
		_, hi, ok2 = e.bounds(hi)
		ok = ok1 && ok2
	}
	return lo, hi, ok && !e.mentions(lo) && !e.mentions(hi)
}

// mentions reports whether a uses an index of e.
func (e env) mentions(a ir.Affine) bool {
	for _, t := range a.Terms {
		for _, v := range t.Vars {
			if _, ok := e[v]; ok {
				return true
			}
		}
	}
	return false
}

// Range returns the least and greatest values s takes over the nest's
// iterations, with each index at its level's bounds; bounds that use
// outer indices are resolved in turn. ok is false when an index of s has
// no level or unknown bounds, or appears multiplied by a variable. An
// index that several levels share has their bounds only when they all
// have the same.
func Range(nest []Level, s ir.Affine) (lo, hi ir.Affine, ok bool) {
	return nestEnv(nest).resolve(s)
}

func sameAffine(a, b ir.Affine) bool {
	d := a.Sub(b)
	return a.OK && b.OK && d.OK && len(d.Terms) == 0
}
