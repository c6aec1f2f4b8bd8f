package progen

import (
	"fmt"
	"strings"
)

// fill writes every element of a (a full, non-reading write), the first
// use of arrays that are created or copied out (§2.7.6, §2.7.5): device
// data is never read before it is written.
func (g *gen) fill(a *array, reads []*array, present bool) {
	sc := &scope{i: "i", reads: reads}
	if a.twoD() {
		sc.j = "j"
	}
	ref := a.ref("i", "j")
	body := g.sub(1+btoi(a.twoD()), func() { g.e.line("%s = %s;", ref, a.elem.wrap(g.expr(a.elem, sc))) })
	var cls []string
	if !present {
		var us []use
		for r := range sc.readsIn {
			us = addUse(us, use{a: r})
		}
		us = append(us, use{a: a, written: true, full: true})
		cls = append(cls, g.dataClausesSorted(us))
	} else if g.chance(2) {
		cls = append(cls, g.e.opt("present("+a.section()+")"))
	}
	if g.queue != "" {
		cls = append(cls, g.nextQueue())
	}
	if a.twoD() {
		g.e.pragma("parallel loop", append([]string{g.e.opt("collapse(2)")}, cls...)...)
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.open("for (int j = 0; j < M; j++)")
		g.e.insert(body)
		g.e.close()
		g.e.close()
		return
	}
	g.e.pragma(g.oneOf("parallel loop", "kernels loop"), cls...)
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(body)
	g.e.close()
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scratch declares a local array the device computes and the host never
// reads: created on the device only.
func (g *gen) scratch(twoD bool) *array {
	a := &array{name: g.name("tmp"), elem: ctype(g.r.Intn(5)), kind: vec}
	if twoD {
		a.kind = mat
		g.e.decl("%s %s[N][M];", a.elem, a.name)
	} else {
		g.e.decl("%s %s[N];", a.elem, a.name)
	}
	return a
}

func sections(as []*array) string {
	var s []string
	for _, a := range as {
		s = append(s, a.section())
	}
	return strings.Join(s, ", ")
}

// hostTouch is host code between update self and update device: the host
// changes every element of the arrays (§2.14.4).
func (g *gen) hostTouch(as []*array) {
	g.e.pragma("update", "self("+sections(as)+")")
	for _, a := range as {
		if a.twoD() {
			g.e.open("for (int i = 0; i < N; i++)")
			g.e.open("for (int j = 0; j < M; j++)")
		} else {
			g.e.open("for (int i = 0; i < N; i++)")
		}
		ref := a.ref("i", "j")
		g.e.line("%s = %s;", ref, a.elem.wrap(ref+" + "+a.elem.lit(1+g.r.Intn(9))))
		g.e.close()
		if a.twoD() {
			g.e.close()
		}
	}
	g.e.pragma("update", "device("+sections(as)+")")
}

// regionBody writes two to four compute constructs over arrays mapped by
// an enclosing data region or enter data: written arrays are copy (or
// copyout, then filled first), read arrays copyin, scratch arrays create.
// It returns the clauses that map them.
func (g *gen) regionBody() (in, inout, out, create []*array) {
	w1 := g.picks(1+g.r.Intn(2), vec, ptrvec)
	w2 := g.picks(g.r.Intn(2), mat, flat)
	reads := append(g.picks(1+g.r.Intn(2), vec, ptrvec), g.picks(g.r.Intn(2), mat, flat)...)
	in = append(append([]*array{}, reads...), g.p.perm)
	if len(w1) == 0 {
		return
	}
	var avail1 []*array
	for _, a := range reads {
		if !a.twoD() {
			avail1 = append(avail1, a)
		}
	}
	if g.chance(2) {
		t := g.scratch(false)
		create = append(create, t)
		g.fill(t, avail1, true)
		avail1 = append(avail1, t)
	}
	if g.chance(2) {
		out = append(out, w1[0])
		g.fill(w1[0], avail1, true)
		inout = w1[1:]
	} else {
		inout = w1
	}
	g.loop1Construct(w1, avail1, true)
	if len(w2) > 0 {
		if g.chance(2) {
			t := g.scratch(true)
			create = append(create, t)
			g.fill(t, reads, true)
			reads = append(reads, t)
		}
		inout = append(inout, w2...)
		g.loop2Construct(w2, append(append([]*array{}, reads...), w1...), true)
	}
	if g.chance(3) && g.queue == "" {
		g.hostTouch(w1)
	}
	if g.chance(2) {
		// The arrays written first are read by the next construct.
		if w3 := g.pick(vec, ptrvec); w3 != nil {
			inout = append(inout, w3)
			g.loop1Construct([]*array{w3}, w1, true)
		}
	}
	return in, inout, out, create
}

// dataSegment: a structured data region (§2.6.5) around several compute
// constructs, update directives, and async queues waited for before its
// end.
func (g *gen) dataSegment() {
	if g.chance(3) {
		q := 1 + g.r.Intn(3)
		g.queue = fmt.Sprint(q)
		if g.chance(2) {
			// Two queues: a construct on one waits for the other's work
			// before it starts (the wait clause, §2.16.2).
			g.queue2 = fmt.Sprint(q%3 + 1)
		}
	}
	var in, inout, out, create []*array
	body := g.sub(1, func() { in, inout, out, create = g.regionBody() })
	if len(inout)+len(out) == 0 {
		return
	}
	var cls []string
	add := func(c string, as []*array) {
		if len(as) > 0 {
			cls = append(cls, c+"("+sections(as)+")")
		}
	}
	add(g.oneOf("copyin", "pcopyin", "present_or_copyin"), in)
	add(g.oneOf("copy", "pcopy"), inout)
	add(g.oneOf("copyout", "pcopyout"), out)
	add(g.oneOf("create", "pcreate"), create)
	if g.chance(4) {
		// Two directives stacked: the outer maps what is read.
		g.e.pragma("data", cls[0])
		cls = cls[1:]
	}
	g.e.pragma("data", cls...)
	g.e.open("")
	g.e.insert(body)
	if g.queue != "" {
		g.e.pragma("wait")
	}
	g.e.close()
}

// enterSegment: unstructured data lifetimes (§2.6.6): enter data, compute
// constructs on present data, update, exit data with copyout and delete.
func (g *gen) enterSegment() {
	var in, inout, out, create []*array
	body := g.sub(0, func() { in, inout, out, create = g.regionBody() })
	if len(inout)+len(out) == 0 {
		return
	}
	async := ""
	if g.chance(3) {
		async = "async(1)"
	}
	g.e.pragma("enter data", "copyin("+sections(append(in, inout...))+")", optList("create", append(out, create...)), async)
	if async != "" {
		g.e.pragma("wait(1)")
	}
	g.e.insert(body)
	g.e.pragma("exit data", "copyout("+sections(append(inout, out...))+")", optList("delete", append(in, create...)), g.e.opt(g.oneOf("", "finalize")))
}

func optList(clause string, as []*array) string {
	if len(as) == 0 {
		return ""
	}
	return clause + "(" + sections(as) + ")"
}
