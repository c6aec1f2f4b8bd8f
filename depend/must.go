package depend

import "github.com/accc-compiler/accc/ir"

// A Must says that two references of one variable touch the same element
// in two different iterations of a loop: a dependence that is certain,
// not merely possible (Carried's answer). A warning that a loop the
// program asserts independent is not may rest only on this.
type Must struct {
	Dependent bool
	// Every is set when the subscripts do not use the loop's index, and
	// so name one element in every iteration: any two iterations meet.
	Every bool
	// Distance, without Every, is the number of iterations from the
	// first reference to the second: the element the first touches in
	// iteration t the second touches in iteration t + Distance (never
	// zero; the index values, whatever the loop's step).
	Distance int64
}

// MustCarry reports whether references a and b of the same variable
// certainly touch the same element in two different iterations of
// nest[p] that share the iterations of nest[:p]: the subscripts differ
// by constants only, so that each dimension's equation holds for every
// value of the symbols and of the enclosing indices,
//
//   - in every pair of iterations when no subscript uses nest[p]'s
//     index (x1[i] in a loop over j), or
//   - at one distance d when each dimension that uses the index has the
//     same constant coefficient in both references and they agree on d
//     (a[i+1] against a[i], a[i][j+1] against a[i][j] in j's loop).
//
// The iterations must exist: nest[p] spans at least 1 (or |d|) more
// than its first value when its bounds differ by a constant; bounds
// whose difference is symbolic (i < n) are taken to allow it, the
// answer being about the loop as the program runs it, with more than a
// few iterations. The index must take every value between its bounds
// (a unit step: the caller checks it). Both references must lie inside
// nest[p] (the index in their Loops); a subscript that uses an inner
// level's index, a loop of the statement, or an index outside its loop
// is not analysed (no answer), and neither is one with a non-affine or
// unknown part. MustCarry says nothing of whether the references run:
// the caller proves that (unconditional statements).
func MustCarry(nest []Level, p int, a, b *ir.Access) Must {
	if p < 0 || p >= len(nest) || !mustShape(a, b) {
		return Must{}
	}
	t := nest[p].Index
	if t == nil {
		return Must{}
	}
	outer := map[*ir.Var]bool{}
	count := map[*ir.Var]int{}
	for q, l := range nest {
		if l.Index == nil {
			return Must{}
		}
		count[l.Index]++
		if q < p {
			outer[l.Index] = true
		}
	}
	if count[t] != 1 {
		return Must{}
	}
	for _, x := range []*ir.Access{a, b} {
		if !mustVars(x, t, outer, count) {
			return Must{}
		}
	}
	var dist int64
	haveDist := false
	for k := range a.Subs {
		ca, ok1 := indexCoef(a.Subs[k], t)
		cb, ok2 := indexCoef(b.Subs[k], t)
		if !ok1 || !ok2 || ca != cb {
			return Must{}
		}
		only := map[*ir.Var]bool{t: true}
		c, ok := a.Subs[k].Without(only).Sub(b.Subs[k].Without(only)).IntConst()
		if !ok || c > maxConst || c < -maxConst {
			return Must{}
		}
		if ca == 0 {
			if c != 0 {
				return Must{} // never the same element
			}
			continue
		}
		// ca·t1 + c = ca·t2: t2 - t1 = c / ca.
		if c%ca != 0 {
			return Must{}
		}
		d := c / ca
		if haveDist && d != dist {
			return Must{}
		}
		dist, haveDist = d, true
	}
	if haveDist && dist == 0 {
		return Must{} // the same iteration only
	}
	need := int64(1)
	if haveDist {
		need = abs(dist)
	}
	l := nest[p]
	if !l.Min.OK || !l.Max.OK {
		return Must{}
	}
	if span, ok := l.Max.Sub(l.Min).IntConst(); ok && span < need {
		return Must{}
	}
	return Must{Dependent: true, Every: !haveDist, Distance: dist}
}

// mustShape reports whether a and b are element references MustCarry
// can compare: affine subscripts, as many in both, the same members.
func mustShape(a, b *ir.Access) bool {
	if a.Unknown || b.Unknown || !a.Element || !b.Element || !a.Affine || !b.Affine {
		return false
	}
	return len(a.Subs) > 0 && len(a.Subs) == len(b.Subs) && sameFields(a.Fields, b.Fields)
}

// mustVars reports whether x's subscripts use, of the loop indices, only
// t and the outer ones, each inside its loop (a loop of the statement or
// an inner level takes other values in the two iterations), and t itself
// encloses x.
func mustVars(x *ir.Access, t *ir.Var, outer map[*ir.Var]bool, count map[*ir.Var]int) bool {
	in := map[*ir.Var]bool{}
	for _, v := range x.Loops {
		in[v] = true
	}
	if !in[t] {
		return false
	}
	for _, s := range x.Subs {
		if !s.OK {
			return false
		}
		for _, term := range s.Terms {
			if term.Coef > maxCoef || term.Coef < -maxCoef {
				return false
			}
			for _, v := range term.Vars {
				switch {
				case v == t:
				case outer[v]:
					if !in[v] || count[v] != 1 {
						return false
					}
				case in[v] || count[v] > 0:
					return false
				}
			}
		}
	}
	return true
}

// indexCoef returns the constant coefficient of t in s (0 without t);
// false when a term multiplies t by another variable.
func indexCoef(s ir.Affine, t *ir.Var) (int64, bool) {
	var c int64
	for _, term := range s.Terms {
		n := 0
		for _, v := range term.Vars {
			if v == t {
				n++
			}
		}
		switch {
		case n == 0:
		case n == 1 && len(term.Vars) == 1:
			c += term.Coef
		default:
			return 0, false
		}
	}
	return c, true
}
