package opt

import "github.com/accc-compiler/accc/ir"

// Contiguity scores how the array accesses of l's body walk memory as
// each index of vs advances (contiguity), for the coalescing-aware choice
// of a nest's vector loop.
func Contiguity(l *ir.Loop, vs ...*ir.Var) []int {
	f := collectFacts(l)
	scores := make([]int, len(vs))
	for i, v := range vs {
		scores[i] = contiguity(f, v)
	}
	return scores
}

// contiguity scores how the array accesses of a loop body walk memory as
// index v advances: +1 for each whose last subscript holds v with
// coefficient ±1 and no other subscript holds v, -1 for each that holds v
// in any other way, nothing where v does not appear (the warp shares
// one element). Accesses to the body's own locals do not count.
func contiguity(f *loopFacts, v *ir.Var) int {
	score := 0
	for _, a := range f.accesses {
		if !a.Element || a.Var == nil || len(a.Subs) == 0 || f.declared[a.Var] {
			continue
		}
		last := len(a.Subs) - 1
		unit, other := false, false
		for i, s := range a.Subs {
			if !s.OK {
				other = other || i == last // unreadable: assume the worst only where it matters
				continue
			}
			c, ok := s.Coef(v)
			if !ok {
				other = true
				continue
			}
			if len(c.Terms) == 0 {
				continue
			}
			k, isConst := c.IntConst()
			if i == last && isConst && (k == 1 || k == -1) {
				unit = true
			} else {
				other = true
			}
		}
		switch {
		case other:
			score--
		case unit:
			score++
		}
	}
	return score
}
