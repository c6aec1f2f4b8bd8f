package depend

import (
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// A Dir is a set of directions at one level of a nest, relating the
// first reference's iteration i to the second's i′ (Wolfe, "High
// Performance Compilers for Parallel Computing", §7; Allen and Kennedy
// §2.2): Lt is i < i′ (the first reference's iteration comes first,
// distance i′ − i > 0), Eq is i = i′, Gt is i > i′.
type Dir uint8

const (
	Lt Dir = 1 << iota
	Eq
	Gt
	// Any is '*': no constraint.
	Any = Lt | Eq | Gt
)

// String prints the set as the literature does: "<", "=", ">", "<=",
// ">=", "!=" (< or >), "*"; "0" for the empty set.
func (d Dir) String() string {
	switch d {
	case Lt:
		return "<"
	case Eq:
		return "="
	case Gt:
		return ">"
	case Lt | Eq:
		return "<="
	case Eq | Gt:
		return ">="
	case Lt | Gt:
		return "!="
	case Any:
		return "*"
	}
	return "0"
}

// A Vector is a direction vector: one Dir per level of the nest,
// outermost first.
type Vector []Dir

// String prints v as "(=,<)".
func (v Vector) String() string {
	s := make([]string, len(v))
	for i, d := range v {
		s[i] = d.String()
	}
	return "(" + strings.Join(s, ",") + ")"
}

// Summary returns the vector whose every level holds the directions any
// of vs has there ("(=,<)" and "(=,=)" give "(=,<=)"); nil for none.
func Summary(vs []Vector) Vector {
	if len(vs) == 0 {
		return nil
	}
	out := make(Vector, len(vs[0]))
	for _, v := range vs {
		for q, d := range v {
			out[q] |= d
		}
	}
	return out
}

// Directions returns the direction vectors under which references a and
// b may reach the same element: each level of nest is '<', '=' or '>',
// or '*' where the subscripts do not use its index (or below the first
// maxRefine levels they use). nil means no dependence at all; a single
// all-'*' vector that the references could not be analysed. Both signs
// come back: (<) is a dependence from a to b in a later iteration, (>)
// one from b to a.
//
// The search is hierarchical (Burke and Cytron; Allen and Kennedy §3.5):
// starting from (*,…,*), each level the subscripts use is refined into
// '<', '=' and '>' in turn, outermost first, and a vector is dropped,
// with all its refinements, as soon as one dimension's equation has no
// solution under it by the ZIV, GCD, SIV (strong, weak-zero,
// weak-crossing, exact) or Banerjee tests.
func Directions(nest []Level, a, b *ir.Access) []Vector {
	all := make(Vector, len(nest))
	for q := range all {
		all[q] = Any
	}
	pb, _ := NewNest(nest).problem(a, b)
	if pb == nil {
		return []Vector{all}
	}
	return pb.refine(all, 0)
}

// refine returns the refinements of v at the used '*' levels from q on
// that the tests cannot rule out, refining at most maxRefine levels.
func (pb *problem) refine(v Vector, q int) []Vector { return pb.refineN(v, q, maxRefine) }

func (pb *problem) refineN(v Vector, q, budget int) []Vector {
	if !pb.feasible(v) {
		return nil
	}
	for ; q < len(v) && budget > 0; q++ {
		if v[q] != Any || !pb.used[q] {
			continue
		}
		var out []Vector
		for _, d := range []Dir{Lt, Eq, Gt} {
			w := append(Vector(nil), v...)
			w[q] = d
			out = append(out, pb.refineN(w, q+1, budget-1)...)
		}
		return out
	}
	return []Vector{v}
}
