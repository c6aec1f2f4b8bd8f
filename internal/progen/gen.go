package progen

import (
	"fmt"
	"math/rand"
)

// gen draws one segment's choices and writes it through the emitter.
type gen struct {
	p            *Program
	r            *rand.Rand
	e            *emitter
	seg          int
	picked       map[*array]bool
	perm         bool // some subscript reads perm
	tmp          int
	structRegion bool // the struct segment's data region is open
	queue        string
	queue2       string // a second queue, or ""
	lastQueue    string // the queue of the last construct // the async clause of every construct of a data region, waited for at its end
}

func (g *gen) chance(n int) bool { return g.r.Intn(n) == 0 }

func (g *gen) oneOf(s ...string) string { return s[g.r.Intn(len(s))] }

// pick returns an array of one of kinds not picked before in the segment,
// or nil.
func (g *gen) pick(kinds ...arrayKind) *array {
	if g.picked == nil {
		g.picked = map[*array]bool{}
	}
	var cands []*array
	for _, a := range g.p.arrays {
		for _, k := range kinds {
			if a.kind == k && !g.picked[a] {
				cands = append(cands, a)
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	a := cands[g.r.Intn(len(cands))]
	g.picked[a] = true
	return a
}

func (g *gen) pick1() *array { return g.pick(vec, ptrvec) }
func (g *gen) pick2() *array { return g.pick(mat, flat) }

// picks returns up to n arrays of the kinds.
func (g *gen) picks(n int, kinds ...arrayKind) []*array {
	var as []*array
	for k := 0; k < n; k++ {
		if a := g.pick(kinds...); a != nil {
			as = append(as, a)
		}
	}
	return as
}

// A scope is what the expressions of a loop body may use.
type scope struct {
	i, j    string   // index variables; j empty in one-dimensional loops
	reads   []*array // arrays read anywhere (not written in the construct)
	scalars []scalar
	readsIn map[*array]bool // arrays an expression read
}

type scalar struct {
	name string
	t    ctype
}

func (sc *scope) noteRead(a *array) {
	if sc.readsIn == nil {
		sc.readsIn = map[*array]bool{}
	}
	sc.readsIn[a] = true
}

// readSub is a subscript of a read of a: any element, in bounds.
func (g *gen) readRef(a *array, sc *scope) string {
	sc.noteRead(a)
	i, j := sc.i, sc.j
	if a.twoD() {
		if j == "" {
			return a.ref(i, g.oneOf("0", "M - 1", fmt.Sprintf("%s %% M", i)))
		}
		switch g.r.Intn(6) {
		case 0:
			return a.ref(i, fmt.Sprintf("(%s + %d) %% M", j, 1+g.r.Intn(3)))
		case 1:
			return a.ref(fmt.Sprintf("(%s + %d) %% N", i, 1+g.r.Intn(3)), j)
		case 2:
			return a.ref("N - 1 - "+i, j)
		case 3:
			return a.ref(i, "M - 1 - "+j)
		case 4:
			g.perm = true
			sc.noteRead(g.p.perm)
			return a.ref(g.p.perm.name+"["+i+"]", j)
		}
		return a.ref(i, j)
	}
	if j != "" && g.chance(2) {
		return a.ref(g.oneOf(j, fmt.Sprintf("(%s + %s) %% N", i, j)), "")
	}
	switch g.r.Intn(7) {
	case 0:
		return a.ref(fmt.Sprintf("(%s + %d) %% N", i, 1+g.r.Intn(5)), "")
	case 1:
		return a.ref("N - 1 - "+i, "")
	case 2:
		g.perm = true
		sc.noteRead(g.p.perm)
		return a.ref(g.p.perm.name+"["+i+"]", "")
	case 3:
		return a.ref(fmt.Sprintf("(%s * %s) %% N", i, i), "")
	case 4:
		return a.ref(i+" / 2", "")
	}
	return a.ref(i, "")
}

// term is one operand of type t.
func (g *gen) term(t ctype, sc *scope) string {
	switch k := g.r.Intn(10); {
	case k < 6 && len(sc.reads) > 0:
		a := sc.reads[g.r.Intn(len(sc.reads))]
		return conv(a.elem, t, g.readRef(a, sc))
	case k < 7 && len(sc.scalars) > 0:
		s := sc.scalars[g.r.Intn(len(sc.scalars))]
		return conv(s.t, t, s.name)
	case k < 9:
		v := sc.i
		if sc.j != "" && g.chance(2) {
			v = sc.j
		}
		return conv(tInt, t, v)
	}
	return t.lit(1 + g.r.Intn(9))
}

// expr is a sum of up to three operands of type t, at most one of them
// a product of two terms: below 2^21 in magnitude.
func (g *gen) expr(t ctype, sc *scope) string {
	mul := false
	unit := func() string {
		if !mul && g.chance(3) {
			mul = true
			return g.term(t, sc) + " * " + g.term(t, sc)
		}
		return g.term(t, sc)
	}
	s := unit()
	for k := g.r.Intn(3); k > 0; k-- {
		s += " " + g.oneOf("+", "-") + " " + unit()
	}
	return s
}

func (g *gen) name(prefix string) string {
	g.tmp++
	return fmt.Sprintf("%s%d", prefix, g.tmp)
}

// writeSub1 is an injective subscript of loop index i over 0..N-1.
func (g *gen) writeSub1(i string) string {
	switch g.r.Intn(6) {
	case 0:
		return "N - 1 - " + i
	case 1:
		g.perm = true
		return g.p.perm.name + "[" + i + "]"
	case 2:
		return fmt.Sprintf("(%s * %d) %% N", i, coprime(g.p.N, g.r.Intn(3)))
	}
	return i
}
