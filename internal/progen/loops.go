package progen

import "fmt"

// A loop is a generated for statement over 0..N-1 (or 0..M-1), in part
// or in whole, forward, backward or by two.
type loop struct {
	idx, bound string
	lo, cut    int // first index, and how many of the last are left out
	rev        bool
	step       int
	declared   bool // the index is declared in the for statement
}

func (g *gen) loop(idx, bound string) loop {
	l := loop{idx: idx, bound: bound, step: 1, declared: !g.chance(3)}
	switch g.r.Intn(8) {
	case 0:
		l.lo = 1 + g.r.Intn(2)
	case 1:
		l.cut = 1 + g.r.Intn(2)
	case 2:
		l.rev = true
	case 3:
		l.step = 2
	}
	return l
}

// full reports whether the loop visits every index below its bound.
func (l loop) full() bool { return l.lo == 0 && l.cut == 0 && l.step == 1 }

func (l loop) header() string {
	decl := ""
	if l.declared {
		decl = "int "
	}
	hi := l.bound
	if l.cut > 0 {
		hi = fmt.Sprintf("%s - %d", l.bound, l.cut)
	}
	if l.rev {
		return fmt.Sprintf("for (%s%s = %s - 1; %s >= %d; %s--)", decl, l.idx, hi, l.idx, l.lo, l.idx)
	}
	inc := l.idx + "++"
	if l.step != 1 {
		inc = fmt.Sprintf("%s += %d", l.idx, l.step)
	}
	return fmt.Sprintf("for (%s%s = %d; %s < %s; %s)", decl, l.idx, l.lo, l.idx, hi, inc)
}

// A use is how a construct uses an array, for its data clauses.
type use struct {
	a       *array
	written bool
	full    bool // every element written, none read before
}

// dataClauses are the clauses that map the arrays for a compute construct
// outside any data region: explicit ones, optional where the implicit
// copy of §2.6.2 is the same (arrays of known size), required for
// pointers (§2.7.1).
func (g *gen) dataClauses(uses []use) []string {
	var cs []string
	explicit := g.chance(2)
	for _, u := range uses {
		if !explicit && !u.a.isPointer() {
			continue
		}
		var c string
		switch {
		case !u.written:
			c = g.oneOf("copyin", "copyin", "pcopyin", "present_or_copyin", "copy")
		case u.full:
			c = g.oneOf("copyout", "copyout", "pcopyout", "copy")
		default:
			c = g.oneOf("copy", "copy", "pcopy", "present_or_copy")
		}
		c = fmt.Sprintf("%s(%s)", c, u.a.section())
		if !u.a.isPointer() {
			c = g.e.opt(c)
		}
		cs = append(cs, c)
	}
	return cs
}

// addUse records a use of a, merging with an earlier one.
func addUse(us []use, u use) []use {
	for k := range us {
		if us[k].a == u.a {
			if u.written && !us[k].written {
				// Read first, written later: copy.
				us[k].written = true
				us[k].full = false
			}
			return us
		}
	}
	return append(us, u)
}
