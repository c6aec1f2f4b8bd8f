package ir

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// An Access is one reference a statement makes to a variable or to the
// memory an array or pointer variable designates: what dependence
// analysis, privatisation and extent inference read instead of the code.
type Access struct {
	Var *Var // the base: a[i][j], p[k], *(p + k), s.f[i], x
	// Write is set for a store (=, a compound assignment, ++, --); a
	// compound assignment or increment is also a read, listed before it.
	Write bool
	// Element is set for a reference through subscripts or a
	// dereference; a plain use of the variable (a scalar, a pointer's
	// value) has none.
	Element bool
	// Subs are the subscripts, outermost first: a[i][j] has two, *p one
	// (0), *(p + k) one (k). A subscript the IR cannot read as a
	// polynomial is Affine{}, with OK false.
	Subs []Affine
	// Fields are the members the reference selects, in order, each
	// after the subscripts before it: s[i].x[j] has x after one.
	Fields []Field
	// Loops are the index variables of the loops around the reference,
	// outermost first: the region's loop nests, then the sequential for
	// loops of the statement.
	Loops []*Var
	// Unknown is set when the reference goes through a pointer the
	// statement computes (a call result, a cast of an expression), so
	// any data may be reached; Var is then nil.
	Unknown bool
	// Affine is set for an element reference whose subscripts are all
	// affine in Loops, with symbolic coefficients the kernel never
	// assigns.
	Affine bool
	Expr   Expr
}

// A Field is a member selected after the first After subscripts.
type Field struct {
	Name  string
	After int
}

// A Term is Coef times the product of Vars (sorted by name, then by
// address of declaration order as given); no Vars: a constant.
type Term struct {
	Coef int64
	Vars []*Var
}

// An Affine is a subscript as a polynomial in variables, Σ Coef·Π Vars:
// `i*n + j + 1` is the terms 1·i·n, 1·j, 1. It is affine in a set of loop
// indices when no term multiplies two indices (AffineIn); the other
// variables of a term are its symbolic coefficient.
type Affine struct {
	OK    bool
	Terms []Term
}

// Linear reads e as a polynomial of its variables: integer constants,
// integer variables, + - * and shifts by constants, unary minus and
// conversions between integer types. Anything else is not linear (OK
// false).
func Linear(e Expr) Affine {
	ts, ok := linear(e)
	if !ok {
		return Affine{}
	}
	return Affine{OK: true, Terms: normalize(ts)}
}

func linear(e Expr) ([]Term, bool) {
	switch x := e.(type) {
	case *Const:
		if x.IsInt {
			return []Term{{Coef: x.Int}}, true
		}
	case *Ref:
		if t := x.Var.Type; t != nil && t.Kind == Scalar && !t.Float {
			return []Term{{Coef: 1, Vars: []*Var{x.Var}}}, true
		}
	case *Cast:
		if x.T != nil && x.T.Kind == Scalar && !x.T.Float {
			if t := x.X.Type(); t != nil && t.Kind == Scalar && !t.Float {
				return linear(x.X)
			}
		}
	case *Unary:
		switch x.Op {
		case "+":
			return linear(x.X)
		case "-":
			ts, ok := linear(x.X)
			return scale(ts, -1), ok
		}
	case *Binary:
		a, ok := linear(x.X)
		if !ok {
			return nil, false
		}
		if x.Op == "<<" {
			if n, ok := IntValue(x.Y); ok && n >= 0 && n < 31 {
				return scale(a, 1<<n), true
			}
			return nil, false
		}
		b, ok := linear(x.Y)
		if !ok {
			return nil, false
		}
		switch x.Op {
		case "+":
			return append(append([]Term(nil), a...), b...), true
		case "-":
			return append(append([]Term(nil), a...), scale(b, -1)...), true
		case "*":
			var out []Term
			for _, s := range a {
				for _, t := range b {
					vs := append(append([]*Var(nil), s.Vars...), t.Vars...)
					out = append(out, Term{Coef: s.Coef * t.Coef, Vars: vs})
				}
			}
			return out, true
		}
	}
	return nil, false
}

func scale(ts []Term, k int64) []Term {
	out := make([]Term, len(ts))
	for i, t := range ts {
		out[i] = Term{Coef: t.Coef * k, Vars: t.Vars}
	}
	return out
}

// normalize sorts each term's variables and the terms (by degree, then
// variable names, the constant last), and adds up equal monomials.
func normalize(ts []Term) []Term {
	// Terms of the same variables (the same declarations, in name order)
	// add up; the first of them keeps its place. Few terms are compared
	// directly; many go through a map keyed by names and addresses.
	type group struct {
		t    Term
		name string
	}
	groups := make([]group, 0, len(ts))
	var index map[string]int
	key := func(t Term) string {
		var ns []string
		for _, v := range t.Vars {
			ns = append(ns, fmt.Sprintf("%s#%p", v.Name, v))
		}
		return strings.Join(ns, "*")
	}
	const direct = 16 // groups compared one by one before the map
	for _, t := range ts {
		vs := append([]*Var(nil), t.Vars...)
		if len(vs) > 1 {
			sort.SliceStable(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
		}
		t.Vars = vs
		found := -1
		if index == nil {
			for i := range groups {
				if slices.Equal(groups[i].t.Vars, vs) {
					found = i
					break
				}
			}
			if found < 0 && len(groups) == direct {
				index = map[string]int{}
				for i := range groups {
					index[key(groups[i].t)] = i
				}
			}
		} else if i, ok := index[key(t)]; ok {
			found = i
		}
		if found >= 0 {
			groups[found].t.Coef += t.Coef
			continue
		}
		if index != nil {
			index[key(t)] = len(groups)
		}
		groups = append(groups, group{t: t})
	}
	var out []group
	for _, g := range groups {
		if g.t.Coef != 0 {
			g.name = termName(g.t)
			out = append(out, g)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (len(a.t.Vars) == 0) != (len(b.t.Vars) == 0) {
			return len(b.t.Vars) == 0
		}
		return a.name < b.name
	})
	if len(out) == 0 {
		return nil
	}
	terms := make([]Term, len(out))
	for i, g := range out {
		terms[i] = g.t
	}
	return terms
}

func termName(t Term) string {
	var ns []string
	for _, v := range t.Vars {
		ns = append(ns, v.Name)
	}
	return strings.Join(ns, "*")
}

// Const returns the constant term.
func (a Affine) Const() int64 {
	for _, t := range a.Terms {
		if len(t.Vars) == 0 {
			return t.Coef
		}
	}
	return 0
}

// Coef returns the coefficient of index v: the terms that hold v once,
// with v taken out (`i*n + 2*i` gives n + 2), and whether v appears in
// no other way (squared, say).
func (a Affine) Coef(v *Var) (Affine, bool) {
	c := Affine{OK: a.OK}
	for _, t := range a.Terms {
		n := 0
		var rest []*Var
		for _, w := range t.Vars {
			if w == v {
				n++
			} else {
				rest = append(rest, w)
			}
		}
		switch n {
		case 0:
		case 1:
			c.Terms = append(c.Terms, Term{Coef: t.Coef, Vars: rest})
		default:
			return Affine{}, false
		}
	}
	c.Terms = normalize(c.Terms)
	return c, a.OK
}

// AffineIn reports whether a is affine in the loop indices: no term
// multiplies two of them, and variant reports none of a term's other
// variables as changing inside the loops (they are symbolic constants).
func (a Affine) AffineIn(loops []*Var, variant func(*Var) bool) bool {
	if !a.OK {
		return false
	}
	isLoop := map[*Var]bool{}
	for _, v := range loops {
		isLoop[v] = true
	}
	for _, t := range a.Terms {
		n := 0
		for _, v := range t.Vars {
			switch {
			case isLoop[v]:
				n++
			case variant != nil && variant(v):
				return false
			}
		}
		if n > 1 {
			return false
		}
	}
	return true
}

// String prints a as C: "i*n + j - 1"; "?" when it is not a polynomial.
func (a Affine) String() string {
	if !a.OK {
		return "?"
	}
	if len(a.Terms) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range a.Terms {
		c := t.Coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
			c = -c
		case i > 0 && c < 0:
			b.WriteString(" - ")
			c = -c
		case i > 0:
			b.WriteString(" + ")
		}
		var parts []string
		if c != 1 || len(t.Vars) == 0 {
			parts = append(parts, fmt.Sprint(c))
		}
		for _, v := range t.Vars {
			parts = append(parts, v.Name)
		}
		b.WriteString(strings.Join(parts, "*"))
	}
	return b.String()
}

// String prints the access as the dump shows it: "W a[i*n + j]",
// "R s", "R p->x[k]", "W ?[i]" for an unknown base.
func (a *Access) String() string {
	var b strings.Builder
	if a.Write {
		b.WriteString("W ")
	} else {
		b.WriteString("R ")
	}
	if a.Var != nil {
		b.WriteString(a.Var.Name)
	} else {
		b.WriteString("?")
	}
	f := 0
	for i := 0; i <= len(a.Subs); i++ {
		for ; f < len(a.Fields) && a.Fields[f].After == i; f++ {
			b.WriteString("." + a.Fields[f].Name)
		}
		if i < len(a.Subs) {
			b.WriteString("[" + a.Subs[i].String() + "]")
		}
	}
	return b.String()
}

// Add returns a + b.
func (a Affine) Add(b Affine) Affine {
	if !a.OK || !b.OK {
		return Affine{}
	}
	return Affine{OK: true, Terms: normalize(append(append([]Term(nil), a.Terms...), b.Terms...))}
}

// Sub returns a - b.
func (a Affine) Sub(b Affine) Affine { return a.Add(b.Scale(-1)) }

// Scale returns k·a.
func (a Affine) Scale(k int64) Affine {
	if !a.OK {
		return a
	}
	return Affine{OK: true, Terms: normalize(scale(a.Terms, k))}
}

// Mul returns a·b.
func (a Affine) Mul(b Affine) Affine {
	if !a.OK || !b.OK {
		return Affine{}
	}
	var out []Term
	for _, s := range a.Terms {
		for _, t := range b.Terms {
			out = append(out, Term{Coef: s.Coef * t.Coef, Vars: append(append([]*Var(nil), s.Vars...), t.Vars...)})
		}
	}
	return Affine{OK: true, Terms: normalize(out)}
}

// Constant returns the polynomial k.
func Constant(k int64) Affine { return Affine{OK: true, Terms: normalize([]Term{{Coef: k}})} }

// VarAffine returns the polynomial v.
func VarAffine(v *Var) Affine { return Affine{OK: true, Terms: []Term{{Coef: 1, Vars: []*Var{v}}}} }

// Rename returns a with each variable of m replaced by its image.
func (a Affine) Rename(m map[*Var]*Var) Affine {
	if !a.OK {
		return a
	}
	out := make([]Term, len(a.Terms))
	for i, t := range a.Terms {
		vs := make([]*Var, len(t.Vars))
		for j, v := range t.Vars {
			if w, ok := m[v]; ok {
				v = w
			}
			vs[j] = v
		}
		out[i] = Term{Coef: t.Coef, Vars: vs}
	}
	return Affine{OK: true, Terms: normalize(out)}
}

// IntConst returns a's value when it is a constant.
func (a Affine) IntConst() (int64, bool) {
	if !a.OK {
		return 0, false
	}
	for _, t := range a.Terms {
		if len(t.Vars) > 0 {
			return 0, false
		}
	}
	return a.Const(), true
}

// Without returns a without the terms that mention any variable of vs.
func (a Affine) Without(vs map[*Var]bool) Affine {
	out := Affine{OK: a.OK}
	for _, t := range a.Terms {
		keep := true
		for _, v := range t.Vars {
			if vs[v] {
				keep = false
			}
		}
		if keep {
			out.Terms = append(out.Terms, t)
		}
	}
	return out
}

// AffineExpr returns a as a C expression of type t (integer terms, the
// constant last): "n * m - 1".
func AffineExpr(a Affine, t *Type) Expr {
	var e Expr
	for _, term := range a.Terms {
		c := term.Coef
		neg := c < 0
		if neg {
			c = -c
		}
		var x Expr
		if c != 1 || len(term.Vars) == 0 {
			x = &Const{Text: strconv.FormatInt(c, 10), T: t, Int: c, IsInt: true}
		}
		for _, v := range term.Vars {
			var r Expr = &Ref{Var: v}
			if x == nil {
				x = r
			} else {
				x = &Binary{Op: "*", X: x, Y: r, T: t}
			}
		}
		switch {
		case e == nil && neg:
			e = &Unary{Op: "-", X: x, T: t}
		case e == nil:
			e = x
		case neg:
			e = &Binary{Op: "-", X: e, Y: x, T: t}
		default:
			e = &Binary{Op: "+", X: e, Y: x, T: t}
		}
	}
	if e == nil {
		e = &Const{Text: "0", T: t, IsInt: true}
	}
	return e
}
