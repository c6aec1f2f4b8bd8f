package progen

import (
	"fmt"
	"strings"
)

// builders write one segment each; the map's keys are the segment kinds.
var builders = map[string]func(*gen){
	"loop1":     (*gen).loop1Segment,
	"loop2":     (*gen).loop2Segment,
	"reduce":    (*gen).reduceSegment,
	"atomic":    (*gen).atomicSegment,
	"data":      (*gen).dataSegment,
	"enter":     (*gen).enterSegment,
	"declare":   (*gen).declareSegment,
	"routine":   (*gen).routineSegment,
	"struct":    (*gen).structSegment,
	"serial":    (*gen).serialSegment,
	"region":    (*gen).regionSegment,
	"parallel":  (*gen).parallelSegment,
	"func":      (*gen).funcSegment,
	"api":       (*gen).apiSegment,
	"kscalar":   (*gen).kscalarSegment,
	"redundant": (*gen).redundantSegment,
}

// level is a loop directive's parallelism clauses for a loop that is
// independent; inKernels allows sizes (§2.9.2-2.9.4 allow them in
// kernels constructs only).
func (g *gen) level(inKernels bool, choices ...string) string {
	l := g.oneOf(choices...)
	if inKernels && l != "" && g.chance(3) {
		parts := strings.Fields(l)
		for k, p := range parts {
			switch p {
			case "gang":
				parts[k] = fmt.Sprintf("gang(%d)", 1+g.r.Intn(64))
			case "worker":
				parts[k] = fmt.Sprintf("worker(%d)", 1<<g.r.Intn(3))
			case "vector":
				parts[k] = fmt.Sprintf("vector(%d)", 32<<g.r.Intn(3))
			}
		}
		l = strings.Join(parts, " ")
	}
	return g.e.opt(l)
}

// sizes are a parallel or kernels construct's optional size clauses.
func (g *gen) sizes() []string {
	var cs []string
	if g.chance(3) {
		cs = append(cs, g.e.opt(fmt.Sprintf("num_gangs(%d)", g.oneOfInt(1, 2, 3, 7, 64, 1000))))
	}
	if g.chance(4) {
		cs = append(cs, g.e.opt(fmt.Sprintf("num_workers(%d)", g.oneOfInt(1, 2, 4, 8))))
	}
	if g.chance(3) {
		cs = append(cs, g.e.opt(fmt.Sprintf("vector_length(%d)", g.oneOfInt(1, 32, 64, 96, 128, 256))))
	}
	return cs
}

func (g *gen) oneOfInt(v ...int) int { return v[g.r.Intn(len(v))] }

// asyncClause puts a construct on a queue, and the wait that must follow
// it before the host reads what it wrote.
func (g *gen) asyncClause() (clause, wait string) {
	if g.queue != "" {
		return g.nextQueue(), ""
	}
	if !g.chance(4) {
		return "", ""
	}
	q := g.r.Intn(4)
	if q == 0 {
		return g.e.opt("async"), "wait"
	}
	return g.e.opt(fmt.Sprintf("async(%d)", q)), g.oneOf(fmt.Sprintf("wait(%d)", q), "wait")
}

// nextQueue is the async clause of the next construct of a data region
// whose work is queued: on one queue, or on two, each construct waiting
// for the other queue when it changes queue (its data may come from
// there).
func (g *gen) nextQueue() string {
	q := g.queue
	if g.queue2 != "" && g.chance(2) {
		q = g.queue2
	}
	c := "async(" + q + ")"
	if g.lastQueue != "" && g.lastQueue != q {
		c += " wait(" + g.lastQueue + ")"
	}
	g.lastQueue = q
	return c
}

// body1 writes the statements of an independent one-dimensional loop
// over index l.idx: one or two arrays written through injective
// subscripts, each read again only at its own element, from arrays the
// construct does not write. It returns the uses.
func (g *gen) body1(l loop, reads []*array, writes []*array, priv []scalar, scalars []scalar) []use {
	sc := &scope{i: l.idx, reads: reads, scalars: scalars}
	var us []use
	for _, p := range priv {
		g.e.line("%s = %s;", p.name, p.t.wrap(g.expr(p.t, sc)))
		sc.scalars = append(sc.scalars, p)
	}
	for _, w := range writes {
		sub := g.writeSub1(l.idx)
		ref := w.ref(sub, "")
		e := g.expr(w.elem, sc)
		rmw := g.chance(3)
		if rmw {
			e = ref + " + " + e
		}
		g.e.line("%s = %s;", ref, w.elem.wrap(e))
		us = append(us, use{a: w, written: true, full: l.full() && !rmw})
	}
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	sortUses(us)
	return us
}

func sortUses(us []use) {
	for k := 1; k < len(us); k++ {
		for m := k; m > 0 && us[m].a.name < us[m-1].a.name; m-- {
			us[m], us[m-1] = us[m-1], us[m]
		}
	}
}

// loop1Segment: one independent loop over N as a combined or nested
// compute construct, with private and firstprivate scalars, explicit or
// implicit data clauses, if, default, and async.
func (g *gen) loop1Segment() {
	writes := g.picks(1+g.r.Intn(2), vec, ptrvec)
	reads := g.picks(1+g.r.Intn(3), vec, ptrvec)
	if len(writes) == 0 {
		return
	}
	g.loop1Construct(writes, reads, false)
}

// loop1Construct writes the construct; present says the arrays are in an
// enclosing data region.
func (g *gen) loop1Construct(writes, reads []*array, present bool) {
	l := g.loop("i", "N")
	if !l.declared {
		g.e.declOnce(l.idx, "int "+l.idx+";")
	}
	var scalars, priv []scalar
	s := scalar{name: g.name("s"), t: ctype(g.r.Intn(5))}
	g.e.line("%s %s = %s;", s.t, s.name, s.t.lit(1+g.r.Intn(20)))
	scalars = append(scalars, s)
	if g.chance(2) {
		p := scalar{name: g.name("t"), t: ctype(g.r.Intn(5))}
		g.e.line("%s %s;", p.t, p.name)
		priv = append(priv, p)
	}
	form := g.oneOf("parallel loop", "parallel loop", "kernels loop", "serial loop", "parallel/loop", "kernels/loop")
	inKernels := strings.HasPrefix(form, "kernels")
	var lev string
	switch {
	case strings.HasPrefix(form, "serial"):
	case inKernels:
		lev = g.level(true, "", "independent", "gang", "gang vector", "vector", "independent gang vector", "gang worker vector")
	default:
		// A parallel construct's loop without gang runs in every gang
		// (gang-redundant mode, §2.5.1): the loop is always partitioned
		// over gangs, explicitly or by the compiler.
		lev = g.level(false, "", "gang", "gang vector", "gang worker vector", "gang worker", "independent")
	}
	var cls []string
	if len(priv) > 0 {
		cls = append(cls, "private("+priv[0].name+")")
	}
	// firstprivate belongs to parallel and serial constructs (§2.5.14).
	fp := ""
	if (strings.HasPrefix(form, "parallel") || strings.HasPrefix(form, "serial")) && g.chance(2) {
		fp = g.e.opt("firstprivate(" + s.name + ")")
	}
	if !l.declared && g.chance(4) {
		cls = append(cls, g.e.opt("private("+l.idx+")"))
	}
	async, wait := g.asyncClause()

	// The body first, into its own emitter, so the data clauses know the uses.
	var us []use
	body := g.sub(1, func() { us = g.body1(l, reads, writes, priv, scalars) })
	if g.perm {
		us = addUse(us, use{a: g.p.perm})
	}

	var construct []string
	if !strings.HasPrefix(form, "serial") {
		construct = append(construct, g.sizes()...)
	}
	if present {
		switch g.r.Intn(3) {
		case 0:
			construct = append(construct, g.e.opt("default(present)"))
		case 1:
			var names []string
			for _, u := range us {
				names = append(names, u.a.section())
			}
			construct = append(construct, g.e.opt("present("+strings.Join(names, ", ")+")"))
		}
	} else {
		construct = append(construct, g.dataClauses(us)...)
		if g.chance(5) {
			construct = append(construct, g.e.opt(fmt.Sprintf("if(%s > %d)", s.name, g.r.Intn(20))))
		}
	}
	construct = append(construct, async, fp)
	if outer, inner, nested := strings.Cut(form, "/"); nested {
		g.e.pragma(outer, construct...)
		g.e.open("")
		g.e.pragma(inner, append([]string{lev}, cls...)...)
	} else {
		g.e.pragma(form, append(append([]string{lev}, cls...), construct...)...)
	}
	g.e.open("%s", l.header())
	g.e.insert(body)
	g.e.close()
	if strings.Contains(form, "/") {
		g.e.close()
	}
	if wait != "" {
		g.e.pragma(wait)
	}
}

// sub runs f with an emitter of its own, indented by extra levels, and
// returns what f wrote: bodies are generated before the directives that
// map their data.
func (g *gen) sub(extra int, f func()) string {
	sub := &emitter{seg: g.e.seg, drop: g.e.drop, nopt: g.e.nopt, indent: g.e.indent + extra, declared: g.e.declared, style: g.e.style, nmacro: g.e.nmacro, prefix: g.e.prefix}
	saved := g.e
	g.e = sub
	f()
	g.e = saved
	g.e.nopt = sub.nopt
	g.e.nmacro = sub.nmacro
	saved.top.WriteString(sub.top.String())
	saved.decls.WriteString(sub.decls.String())
	return sub.body.String()
}

// writeSub2 is an injective subscript pair over the N×M index space.
func (g *gen) writeSub2(i, j string) (string, string) {
	switch g.r.Intn(5) {
	case 0:
		return "N - 1 - " + i, j
	case 1:
		return i, "M - 1 - " + j
	case 2:
		g.perm = true
		return g.p.perm.name + "[" + i + "]", j
	}
	return i, j
}

// body2 writes the statements of an independent two-dimensional nest;
// seqDep makes the first written array depend on its previous column (the
// inner loop is then sequential and starts at 1).
func (g *gen) body2(full bool, reads, writes []*array, priv []scalar, scalars []scalar, seqDep bool) []use {
	sc := &scope{i: "i", j: "j", reads: reads, scalars: scalars}
	var us []use
	for _, p := range priv {
		g.e.line("%s = %s;", p.name, p.t.wrap(g.expr(p.t, sc)))
		sc.scalars = append(sc.scalars, p)
	}
	for k, w := range writes {
		si, sj := g.writeSub2("i", "j")
		ref := w.ref(si, sj)
		e := g.expr(w.elem, sc)
		rmw := g.chance(3)
		switch {
		case seqDep && k == 0:
			ref = w.ref(si, "j")
			e = w.ref(si, "j - 1") + " + " + e
			rmw = true
		case rmw:
			e = ref + " + " + e
		}
		g.e.line("%s = %s;", ref, w.elem.wrap(e))
		us = append(us, use{a: w, written: true, full: full && !rmw})
	}
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	if g.perm {
		us = addUse(us, use{a: g.p.perm})
	}
	sortUses(us)
	return us
}

// loop2Segment: a two-dimensional nest: collapse, tile, gang over rows
// with worker, vector, auto or sequential columns (a column recurrence),
// or kernels nests left to accc's dependence analysis.
func (g *gen) loop2Segment() {
	writes := g.picks(1+g.r.Intn(2), mat, flat)
	reads := g.picks(1+g.r.Intn(3), mat, flat, vec, ptrvec)
	if len(writes) == 0 {
		return
	}
	g.loop2Construct(writes, reads, false)
}

func (g *gen) loop2Construct(writes, reads []*array, present bool) {
	s := scalar{name: g.name("s"), t: ctype(g.r.Intn(5))}
	g.e.line("%s %s = %s;", s.t, s.name, s.t.lit(1+g.r.Intn(20)))
	var priv []scalar
	if g.chance(3) {
		p := scalar{name: g.name("t"), t: ctype(g.r.Intn(5))}
		g.e.line("%s %s;", p.t, p.name)
		priv = append(priv, p)
	}
	form := g.r.Intn(7)
	inKernels := form >= 5
	seqDep := form == 3
	outer, inner := "i", "j"
	lo := loop{idx: outer, bound: "N", step: 1, declared: true}
	li := loop{idx: inner, bound: "M", step: 1, declared: true}
	if form == 2 || form == 4 || form == 6 { // loops that are not collapsed may be partial
		lo = g.loop(outer, "N")
		lo.declared = true
	}
	if seqDep {
		li.lo = 1
	}
	full := lo.full() && li.full()
	var us []use
	body := g.sub(2, func() { us = g.body2(full, reads, writes, priv, []scalar{s}, seqDep) })

	var outerCl, innerDir []string
	directive := "parallel loop"
	switch form {
	case 0:
		outerCl = []string{"collapse(2)", g.level(false, "", "gang", "gang vector", "gang worker vector")}
	case 1:
		outerCl = []string{fmt.Sprintf("tile(%d, %d)", g.oneOfInt(1, 2, 4, 8, 32), g.oneOfInt(1, 2, 4, 8, 32))}
		if g.chance(2) {
			outerCl = []string{"tile(*, *)"}
		}
		outerCl = append(outerCl, g.level(false, "", "gang", "gang vector"))
	case 2:
		outerCl = []string{g.level(false, "gang", "gang worker", "")}
		innerDir = []string{"loop", g.level(false, "vector", "worker vector", "", "independent", "auto")}
		if strings.Contains(outerCl[0], "worker") && strings.Contains(innerDir[1], "worker") {
			innerDir[1] = g.e.opt("vector")
		}
	case 3:
		outerCl = []string{g.level(false, "gang", "gang vector", "gang worker vector", "")}
		innerDir = []string{"loop", "seq"}
	case 4:
		directive = "serial loop"
	case 5:
		directive = "kernels loop"
		outerCl = []string{g.level(true, "independent", "independent gang", "gang", "")}
		innerDir = []string{"loop", g.level(true, "independent", "independent vector", "vector")}
	case 6:
		directive = "kernels"
	}
	if len(priv) > 0 && directive != "kernels" {
		outerCl = append(outerCl, "private("+priv[0].name+")")
	}
	var construct []string
	if directive != "serial loop" {
		construct = g.sizes()
	}
	if present {
		if g.chance(2) {
			construct = append(construct, g.e.opt("default(present)"))
		}
	} else {
		construct = append(construct, g.dataClauses(us)...)
	}
	async, wait := g.asyncClause()
	construct = append(construct, async)
	_ = inKernels
	if directive == "kernels" {
		g.e.pragma(directive, construct...)
		g.e.open("")
		if len(priv) > 0 {
			// A kernels construct's scalar is shared: private needs a loop directive.
			g.e.pragma("loop", g.e.opt("independent"), "private("+priv[0].name+")")
		}
	} else {
		g.e.pragma(directive, append(outerCl, construct...)...)
	}
	g.e.open("%s", lo.header())
	if len(innerDir) > 0 {
		g.e.pragma(innerDir[0], innerDir[1:]...)
	}
	g.e.open("%s", li.header())
	g.e.insert(body)
	g.e.close()
	g.e.close()
	if directive == "kernels" {
		g.e.close()
	}
	if wait != "" {
		g.e.pragma(wait)
	}
}
