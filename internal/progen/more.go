package progen

import (
	"fmt"
	"strings"
)

// atomicSegment: the atomic construct in its forms (§2.12): update of
// histogram bins (integer and exact float sums, bitwise updates),
// capture of a counter that hands out slots, write and read.
func (g *gen) atomicSegment() {
	src := g.pick(vec, ptrvec)
	if src == nil {
		return
	}
	sc := &scope{i: "i", reads: []*array{src}}
	x := g.term(tInt, sc)
	sc.noteRead(src) // the updates below read src[i] too
	var us []use
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	dir := g.oneOf("parallel loop", "parallel loop", "kernels loop", "serial loop")
	lev := ""
	if dir == "parallel loop" {
		lev = g.level(false, "", "gang", "gang vector", "gang worker vector")
	}
	switch g.r.Intn(5) {
	case 4: // the same histogram as a reduction of an array section (§2.5.15)
		t := ctype(g.r.Intn(5))
		h := g.name("hist")
		g.e.line("%s %s[8];", t, h)
		g.e.line("for (int k = 0; k < 8; k++) %s[k] = %s;", h, t.lit(g.r.Intn(5)))
		bin := fmt.Sprintf("%s[((%s) %% 8 + 8) %% 8]", h, x)
		v := conv(tInt, t, "((int)"+src.ref("i", "")+" % 50)")
		if dir == "serial loop" {
			dir = "parallel loop"
		}
		g.e.pragma(dir, lev, g.dataClausesSorted(us), fmt.Sprintf("reduction(+:%s[0:8])", h))
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.line("%s += %s;", bin, v)
		g.e.close()
		f, a := t.printf(h + "[k]")
		g.e.line("for (int k = 0; k < 8; k++) printf(\"s%d %s %%d %s\\n\", k, %s);", g.seg, h, f, a)
	case 0, 1: // update
		t := ctype(g.r.Intn(5))
		h := g.name("hist")
		g.e.line("%s %s[8];", t, h)
		g.e.line("for (int k = 0; k < 8; k++) %s[k] = %s;", h, t.lit(g.r.Intn(5)))
		bin := fmt.Sprintf("%s[((%s) %% 8 + 8) %% 8]", h, x)
		v := conv(tInt, t, "((int)"+src.ref("i", "")+" % 50)")
		ops := []string{bin + " += " + v, bin + " = " + bin + " + " + v, bin + "++", "++" + bin, bin + "--", bin + " -= " + v, bin + " = " + v + " + " + bin}
		if !t.isFloat() {
			ops = append(ops, bin+" &= "+v, bin+" |= "+v, bin+" ^= "+v, bin+" = "+bin+" ^ "+v)
		}
		stmt := ops[g.r.Intn(len(ops))]
		g.e.pragma(dir, lev, g.dataClausesSorted(us), g.e.opt("copy("+h+")"))
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.pragma("atomic" + g.oneOf("", " update"))
		g.e.line("%s;", stmt)
		g.e.close()
		f, a := t.printf(h + "[k]")
		g.e.line("for (int k = 0; k < 8; k++) printf(\"s%d %s %%d %s\\n\", k, %s);", g.seg, h, f, a)
	case 2: // capture: each iteration takes a distinct slot
		cnt, slot := g.name("cnt"), g.name("slot")
		g.e.line("int %s = 0;", cnt)
		g.e.line("int %s[N];", slot)
		g.e.line("for (int k = 0; k < N; k++) %s[k] = 0;", slot)
		g.e.pragma(dir, lev, g.dataClausesSorted(us), "copy("+cnt+", "+slot+")")
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.line("int v;")
		g.e.pragma("atomic capture")
		switch g.r.Intn(4) {
		case 0:
			g.e.line("v = %s++;", cnt)
		case 1:
			g.e.line("{ v = %s; %s += 1; }", cnt, cnt)
		case 2:
			g.e.line("{ %s++; v = %s; }", cnt, cnt)
			g.e.line("v = v - 1;")
		default:
			g.e.line("v = %s += 1;", cnt)
			g.e.line("v = v - 1;")
		}
		// Which iteration gets which slot is up to the schedule: every
		// slot is taken once, whatever the order.
		g.e.line("%s[v] += 1;", slot)
		g.e.close()
		g.e.line("{ long sum = 0; for (int k = 0; k < N; k++) sum += %s[k] * (k + 1); printf(\"s%d %s %%d %%ld\\n\", %s, sum); }", slot, g.seg, cnt, cnt)
	default: // write and read
		w := g.pick(vec, ptrvec)
		if w == nil {
			return
		}
		flag := g.name("flag")
		g.e.line("int %s = 0;", flag)
		us = append(us, use{a: w, written: true, full: true})
		sortUses(us)
		g.e.pragma(dir, lev, g.dataClausesSorted(us), "copy("+flag+")")
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.line("%s v;", src.elem)
		g.e.pragma("atomic read")
		g.e.line("v = %s;", src.ref("i", ""))
		g.e.open("if (v > %s)", src.elem.lit(g.r.Intn(400)-200))
		g.e.pragma("atomic write")
		g.e.line("%s = 7;", flag)
		g.e.close()
		g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(conv(src.elem, w.elem, "v")+" + "+w.elem.lit(3)))
		g.e.close()
		g.e.line("printf(\"s%d %s %%d\\n\", %s);", g.seg, flag, flag)
	}
}

// declareSegment: global arrays in declare create and declare copyin
// directives (§2.13), in the program or its header, kept coherent with
// update directives.
func (g *gen) declareSegment() {
	w := g.pick(vec, ptrvec)
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	if w == nil {
		return
	}
	t := ctype(g.r.Intn(5))
	d := fmt.Sprintf("%sg%d_%d", g.p.prefix, g.seg, g.r.Intn(100))
	tab := d + "_tab"
	header := g.chance(2)
	if header {
		g.e.top.WriteString(headerMark)
	}
	g.e.topf("static %s %s[N];", t, d)
	g.e.topf("#pragma acc declare create(%s)", d)
	g.e.topf("static const int %s[8] = {3, 1, 4, 1, 5, 9, 2, 6};", tab)
	g.e.topf("#pragma acc declare copyin(%s)", tab)
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s[i] = %s;", d, t.lit(g.r.Intn(9)))
	g.e.close()
	g.e.pragma("update", "device("+d+")")
	da := &array{name: d, elem: t, kind: vec}
	sc := &scope{i: "i", reads: reads}
	body := g.sub(1, func() {
		g.e.line("%s[i] = %s;", d, t.wrap(d+"[i] + "+g.expr(t, sc)+" + "+conv(tInt, t, tab+"[i % 8]")))
	})
	var us []use
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	g.e.pragma("parallel loop", g.dataClausesSorted(us))
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(body)
	g.e.close()
	sc2 := &scope{i: "i", reads: []*array{da}}
	body = g.sub(1, func() { g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(g.expr(w.elem, sc2))) })
	g.e.pragma("kernels loop", g.e.opt("independent"), g.dataClausesSorted([]use{{a: w, written: true, full: true}}), g.e.opt("present("+d+")"))
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(body)
	g.e.close()
	g.e.pragma("update", "self("+d+")")
	f, a := t.printf(d + "[N / 2]")
	g.e.line("printf(\"s%d %s %s\\n\", %s);", g.seg, d, f, a)
}

// routineSegment: functions with routine directives (§2.15.1) at the seq,
// vector, worker and gang levels, called where their level is free; in
// the program or its header.
func (g *gen) routineSegment() {
	w := g.pick(flat)
	src := g.pick(flat, mat)
	v := g.pick(vec, ptrvec)
	if w == nil || src == nil || v == nil {
		return
	}
	if g.chance(2) {
		g.e.top.WriteString(headerMark)
	}
	t := w.elem
	seq := fmt.Sprintf("%srs%d", g.p.prefix, g.seg)
	g.e.topf("#pragma acc routine seq")
	g.e.topf("static %s %s(%s x, int k)\n{\n    return %s;\n}", t, seq, t, t.wrap("x * "+t.lit(3)+" + "+conv(tInt, t, "k")))
	level := g.oneOf("vector", "worker", "gang", "seq")
	rv := fmt.Sprintf("%sr%s_%d", g.p.prefix, level, g.seg)
	named := g.chance(3)
	if !named {
		g.e.topf("#pragma acc routine %s", level)
	}
	// The routine writes row i of out from row i of in, in parallel at its level.
	inT := src.elem
	inRef := "in[i * M + j]"
	param := fmt.Sprintf("const %s *in", inT)
	arg := src.name
	if src.kind == mat {
		param = fmt.Sprintf("const %s (*in)[M]", inT)
		inRef = "in[i][j]"
	}
	g.e.topf("static void %s(%s *restrict out, %s, int i)\n{", rv, t, param)
	if level != "seq" {
		g.e.topf("    #pragma acc loop %s", level)
	}
	g.e.topf("    for (int j = 0; j < M; j++)\n        out[i * M + j] = %s(%s, j);\n}", seq, conv(inT, t, inRef))
	if named {
		g.e.topf("#pragma acc routine(%s) %s", rv, level)
	}
	outer := map[string]string{"vector": g.oneOf("gang", "gang worker"), "worker": "gang", "gang": "", "seq": g.oneOf("gang vector", "gang")}[level]
	us := []use{{a: w, written: true, full: true}, {a: src}, {a: v, written: true}}
	if g.chance(2) || level == "gang" {
		us[0].full = false // a partial loop: copy
	}
	sortUses(us)
	if level == "gang" {
		// A gang routine is called from a parallel region, outside loops:
		// one call per row would need a gang loop around it.
		g.e.pragma("parallel", g.dataClausesSorted(us))
		g.e.open("")
		g.e.pragma("loop", "seq")
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.line("%s(%s, %s, i);", rv, w.name, arg)
		g.e.close()
		g.e.close()
		return
	}
	g.e.pragma("parallel loop", outer, g.dataClausesSorted(us))
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s(%s, %s, i);", rv, w.name, arg)
	g.e.line("%s = %s;", v.ref("i", ""), seqCall(v.elem, seq, t, v.ref("i", "")))
	g.e.close()
}

func seqCall(vt ctype, seq string, t ctype, ref string) string {
	return vt.wrap(conv(t, vt, seq+"("+conv(vt, t, ref)+", i)"))
}

// structSegment: a struct with an array member and a pointer member
// (§2.7.1 attach): the struct is copied, its pointer's target attached.
func (g *gen) structSegment() {
	w := g.pick(vec, ptrvec)
	src := g.pick(vec, ptrvec)
	if w == nil || src == nil {
		return
	}
	t := w.elem
	tag := fmt.Sprintf("%srec%d", g.p.prefix, g.seg)
	g.e.topf("struct %s {\n    %s v[N];\n    int n;\n    %s *p;\n};\nstatic struct %s %sst%d;", tag, t, src.elem, tag, g.p.prefix, g.seg)
	st := fmt.Sprintf("%sst%d", g.p.prefix, g.seg)
	g.e.line("%s.n = N;", st)
	g.e.line("%s.p = (%s *)malloc(sizeof(%s) * N);", st, src.elem, src.elem)
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s.v[i] = %s;", st, conv(tInt, t, "i % 7"))
	g.e.line("%s.p[i] = %s;", st, src.ref("i", ""))
	g.e.close()
	sc := &scope{i: "i", reads: nil}
	e := g.expr(t, sc)
	g.structRegion = g.chance(2)
	switch {
	case g.structRegion:
		g.e.pragma("data", "copy("+st+")", "copyin("+st+".p[0:"+st+".n])")
		g.e.open("")
		g.e.pragma("parallel loop", g.e.opt("present("+st+")"))
	default:
		g.e.pragma("parallel loop", "copy("+st+")", "copyin("+st+".p[0:N])")
	}
	g.e.open("for (int i = 0; i < %s.n; i++)", st)
	g.e.line("%s.v[i] = %s;", st, t.wrap(st+".v[i] + "+conv(src.elem, t, st+".p[N - 1 - i]")+" + "+e))
	g.e.close()
	if g.structRegion {
		g.e.close()
	}
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(st+".v[i]"))
	g.e.close()
	g.e.line("free(%s.p);", st)
}

// serialSegment: loops with a dependence carried from one iteration to
// the next: a serial construct, and a kernels construct whose dependence
// analysis must leave the loop sequential.
func (g *gen) serialSegment() {
	w := g.pick(vec, ptrvec)
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	if w == nil {
		return
	}
	sc := &scope{i: "i", reads: reads}
	prev := w.ref(g.oneOf("i - 1", "i - 1", "(i + N - 1) % N"), "")
	body := g.sub(1, func() { g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(prev+" + "+g.expr(w.elem, sc))) })
	us := []use{{a: w, written: true}}
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	sortUses(us)
	dir := g.oneOf("serial", "kernels", "kernels loop", "parallel num_gangs(1) vector_length(1)", "region")
	if dir == "region" {
		var as []*array
		for _, u := range us {
			as = append(as, u.a)
		}
		g.e.pragma("region", legacyList("copy", as))
		g.e.open("")
	} else if strings.HasSuffix(dir, "loop") {
		g.e.pragma(dir, g.dataClausesSorted(us))
	} else {
		g.e.pragma(dir, g.dataClausesSorted(us))
		g.e.open("")
		if strings.HasPrefix(dir, "parallel") {
			g.e.pragma("loop", "seq")
		}
	}
	g.e.open("for (int i = 1; i < N; i++)")
	g.e.insert(body)
	g.e.close()
	if !strings.HasSuffix(dir, "loop") {
		g.e.close()
	}
}

// regionSegment: the PGI Accelerator directives old codes carry: data
// region and region, the compiler finding the parallel loops.
func (g *gen) regionSegment() {
	w := g.pick(vec, ptrvec)
	w2 := g.pick(mat, flat)
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	if w == nil || w2 == nil {
		return
	}
	sc := &scope{i: "i", reads: reads}
	sub := g.writeSub1("i")
	b1 := g.sub(2, func() { g.e.line("%s = %s;", w.ref(sub, ""), w.elem.wrap(g.expr(w.elem, sc))) })
	sc2 := &scope{i: "i", j: "j", reads: append([]*array{w}, reads...)}
	b2 := g.sub(3, func() { g.e.line("%s = %s;", w2.ref("i", "j"), w2.elem.wrap(g.expr(w2.elem, sc2))) })
	var in []*array
	for a := range sc.readsIn {
		if a != w {
			in = append(in, a)
		}
	}
	for a := range sc2.readsIn {
		if a != w && a != w2 && !contains(in, a) {
			in = append(in, a)
		}
	}
	if g.perm && !contains(in, g.p.perm) {
		in = append(in, g.p.perm)
	}
	sortArrays(in)
	g.e.pragma("data region", legacyList("copyin", in), legacyList("copy", []*array{w, w2}))
	g.e.open("")
	g.e.pragma("region")
	g.e.open("")
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(b1)
	g.e.close()
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.open("for (int j = 0; j < M; j++)")
	g.e.insert(b2)
	g.e.close()
	g.e.close()
	g.e.close()
	g.e.close()
}

func contains(as []*array, a *array) bool {
	for _, b := range as {
		if a == b {
			return true
		}
	}
	return false
}

func sortArrays(as []*array) {
	for k := 1; k < len(as); k++ {
		for m := k; m > 0 && as[m].name < as[m-1].name; m-- {
			as[m], as[m-1] = as[m-1], as[m]
		}
	}
}

// parallelSegment: one parallel region with two gang loops over disjoint
// arrays (gangs do not wait for each other between them), the second a
// gang-worker-vector nest.
func (g *gen) parallelSegment() {
	w1 := g.pick(vec, ptrvec)
	w2 := g.pick(mat, flat)
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	if w1 == nil || w2 == nil {
		return
	}
	sc := &scope{i: "i", reads: reads}
	sub := g.writeSub1("i")
	b1 := g.sub(1, func() { g.e.line("%s = %s;", w1.ref(sub, ""), w1.elem.wrap(g.expr(w1.elem, sc))) })
	sc2 := &scope{i: "i", j: "j", reads: reads}
	si, sj := g.writeSub2("i", "j")
	b2 := g.sub(2, func() { g.e.line("%s = %s;", w2.ref(si, sj), w2.elem.wrap(w2.ref(si, sj)+" + "+g.expr(w2.elem, sc2))) })
	us := []use{{a: w1, written: true, full: true}, {a: w2, written: true}}
	for a := range sc.readsIn {
		us = addUse(us, use{a: a})
	}
	for a := range sc2.readsIn {
		us = addUse(us, use{a: a})
	}
	sortUses(us)
	g.e.pragma("parallel", append(g.sizes(), g.dataClausesSorted(us))...)
	g.e.open("")
	g.e.pragma("loop", g.level(false, "gang", "gang vector", "gang worker vector"))
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(b1)
	g.e.close()
	g.e.pragma("loop", g.level(false, "gang", "gang worker", ""))
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.pragma("loop", g.level(false, "vector", ""))
	g.e.open("for (int j = 0; j < M; j++)")
	g.e.insert(b2)
	g.e.close()
	g.e.close()
	g.e.close()
}

// legacyList is a data clause of the PGI Accelerator directives, whose
// subarrays a[lo:hi] name their last element, not their length.
func legacyList(clause string, as []*array) string {
	if len(as) == 0 {
		return ""
	}
	s := sections(as)
	s = strings.ReplaceAll(s, "[0:N]", "[0:N-1]")
	s = strings.ReplaceAll(s, "[0:M]", "[0:M-1]")
	s = strings.ReplaceAll(s, "[0:N*M]", "[0:N*M-1]")
	return clause + "(" + s + ")"
}

// funcSegment: compute constructs in a function whose arrays are pointer
// parameters, with and without restrict (§2.7.1: their extents in data
// clauses; kernels loops over pointers that may alias are versioned by
// accc), called on the program's arrays, in a data region of the caller
// or not.
func (g *gen) funcSegment() {
	w := g.pick(vec, ptrvec)
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	if w == nil || len(reads) == 0 {
		return
	}
	fn := fmt.Sprintf("%swork%d", g.p.prefix, g.seg)
	restrict := g.chance(2)
	out := &array{name: "out", elem: w.elem, kind: ptrvec}
	var params, args []string
	q := "*"
	if restrict {
		q = "*restrict "
	}
	params = append(params, "int n", fmt.Sprintf("%s %sout", w.elem, q))
	args = append(args, "N", w.name)
	var ins []*array
	for k, r := range reads {
		in := &array{name: fmt.Sprintf("in%d", k), elem: r.elem, kind: ptrvec}
		ins = append(ins, in)
		params = append(params, fmt.Sprintf("const %s %s%s", r.elem, q, in.name))
		args = append(args, r.name)
	}
	present := g.chance(2)
	sc := &scope{i: "i", reads: ins}
	rmw := g.chance(2)
	body := g.sub(1, func() {
		e := g.expr(out.elem, sc)
		if rmw {
			e = "out[i] + " + e
		}
		g.e.line("out[i] = %s;", out.elem.wrap(e))
	})
	// The function is file-scope text.
	var f strings.Builder
	fmt.Fprintf(&f, "static void %s(%s)\n{\n", fn, strings.Join(params, ", "))
	var cls []string
	if present {
		cls = append(cls, g.e.opt("present(out[0:n])"))
		for _, in := range ins {
			cls = append(cls, g.e.opt("present("+in.name+"[0:n])"))
		}
	} else {
		c := "copyout"
		if rmw {
			c = "copy"
		}
		cls = append(cls, c+"(out[0:n])")
		for _, in := range ins {
			cls = append(cls, "copyin("+in.name+"[0:n])")
		}
	}
	dir := g.oneOf("parallel loop", "kernels loop", "kernels loop independent", "kernels")
	if dir == "kernels" {
		fmt.Fprintf(&f, "    %s\n    {\n", pragmaText(dir, cls))
	} else {
		fmt.Fprintf(&f, "    %s\n", pragmaText(dir, cls))
	}
	fmt.Fprintf(&f, "    for (int i = 0; i < n; i++) {\n")
	for _, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
		fmt.Fprintf(&f, "        %s\n", strings.TrimSpace(l))
	}
	fmt.Fprintf(&f, "    }\n")
	if dir == "kernels" {
		fmt.Fprintf(&f, "    }\n")
	}
	fmt.Fprintf(&f, "}")
	g.e.topf("%s", f.String())
	call := fmt.Sprintf("%s(%s);", fn, strings.Join(args, ", "))
	if !present {
		g.e.line("%s", call)
		return
	}
	var in []*array
	for _, r := range reads {
		if !contains(in, r) {
			in = append(in, r)
		}
	}
	g.e.pragma("data", "copyin("+sections(in)+")", "copy("+w.section()+")")
	g.e.open("")
	g.e.line("%s", call)
	g.e.close()
}

// apiSegment: the data API of §3.2 (acc_copyin, acc_create, acc_update_
// device and _self, acc_copyout, acc_delete, acc_is_present) around
// compute constructs on present data; the plain compiler, without
// _OPENACC, leaves the calls out and computes the same.
func (g *gen) apiSegment() {
	w := g.pick(vec)
	reads := g.picks(1+g.r.Intn(2), vec)
	if w == nil || len(reads) == 0 {
		return
	}
	g.e.topf("#ifdef _OPENACC\n#include <openacc.h>\n#endif")
	sc := &scope{i: "i", reads: reads}
	body := g.sub(1, func() { g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(w.ref("i", "")+" + "+g.expr(w.elem, sc))) })
	var in []*array
	for a := range sc.readsIn {
		in = append(in, a)
	}
	sortArrays(in)
	g.e.line("#ifdef _OPENACC")
	for _, a := range in {
		g.e.line("acc_copyin(%s, sizeof %s);", a.name, a.name)
	}
	create := g.chance(2)
	if create {
		g.e.line("acc_create(%s, sizeof %s);", w.name, w.name)
		g.e.line("acc_update_device(%s, sizeof %s);", w.name, w.name)
	} else {
		g.e.line("acc_copyin(%s, sizeof %s);", w.name, w.name)
	}
	g.e.line("if (!acc_is_present(%s, sizeof %s)) printf(\"s%d: %s not present\\n\");", w.name, w.name, g.seg, w.name)
	g.e.line("#endif")
	g.e.pragma(g.oneOf("parallel loop", "kernels loop"), "present("+sections(append(in, w))+")")
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.insert(body)
	g.e.close()
	g.e.line("#ifdef _OPENACC")
	if g.chance(2) {
		g.e.line("acc_update_self(%s, sizeof %s);", w.name, w.name)
		g.e.line("acc_delete(%s, sizeof %s);", w.name, w.name)
	} else {
		g.e.line("acc_copyout(%s, sizeof %s);", w.name, w.name)
	}
	for _, a := range in {
		g.e.line("acc_delete(%s, sizeof %s);", a.name, a.name)
	}
	g.e.line("#endif")
}

// kscalarSegment: a kernels construct with scalars between its loops
// (§2.6.2: a kernels construct's scalars are copied in and out): one
// assigned before the loops and read in them, one privatised in a loop,
// one computed from an array after the loops and printed on the host.
func (g *gen) kscalarSegment() {
	w := g.pick(vec, ptrvec)
	w2 := g.pick(vec, ptrvec)
	src := g.pick(vec, ptrvec)
	if w == nil || w2 == nil || src == nil {
		return
	}
	s := scalar{name: g.name("ks"), t: ctype(g.r.Intn(5))}
	t := scalar{name: g.name("kt"), t: ctype(g.r.Intn(5))}
	x := scalar{name: g.name("kx"), t: w2.elem}
	g.e.line("%s %s = %s;", s.t, s.name, s.t.lit(1))
	g.e.line("%s %s;", t.t, t.name)
	g.e.line("%s %s = %s;", x.t, x.name, x.t.lit(0))
	us := []use{{a: w, written: true}, {a: w2, written: true, full: true}, {a: src}}
	sortUses(us)
	g.e.pragma("kernels", g.dataClausesSorted(us))
	g.e.open("")
	g.e.line("%s = %s;", s.name, s.t.wrap(conv(src.elem, s.t, src.ref("N / 2", ""))+" + "+s.t.lit(3)))
	if g.chance(2) {
		g.e.pragma("loop", g.e.opt("independent"))
	}
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(w.ref("i", "")+" + "+conv(s.t, w.elem, s.name)))
	g.e.close()
	if g.chance(2) {
		g.e.pragma("loop", g.e.opt("independent"), "private("+t.name+")")
	}
	g.e.open("for (int i = 0; i < N; i++)")
	g.e.line("%s = %s;", t.name, t.t.wrap(conv(w.elem, t.t, w.ref("i", ""))+" * "+t.t.lit(2)))
	g.e.line("%s = %s;", w2.ref("i", ""), w2.elem.wrap(conv(t.t, w2.elem, t.name)+" - "+conv(src.elem, w2.elem, src.ref("i", ""))))
	g.e.close()
	g.e.line("%s = %s;", x.name, w2.ref("N - 1", ""))
	g.e.close()
	f, a := x.t.printf(x.name)
	f2, a2 := s.t.printf(s.name)
	g.e.line("printf(\"s%d %s %s %s\\n\", %s, %s);", g.seg, x.name, f, f2, a, a2)
}

// redundantSegment: a parallel construct of one gang whose code is all
// gang-redundant (§2.5.1): a sequential loop over the rows of a matrix,
// each row computed from the one before, with loops without directives
// inside that the compiler may spread over the gang's workers and vector
// lanes (NVHPC's autopar, accc's depend pass): a sum of the row before
// into a scalar declared outside the construct (a reduction into the
// gang's copy), an element-wise update that reads the sum, and a running
// prefix along the row, which must stay sequential. The scalar is
// firstprivate (§2.6.2): the host's copy keeps its value, so the program
// does not print it.
func (g *gen) redundantSegment() {
	w := g.pick(mat, flat)
	src := g.pick(vec, ptrvec)
	if w == nil || src == nil {
		return
	}
	s := scalar{name: g.name("rs"), t: []ctype{tInt, tLong, tDouble}[g.r.Intn(3)]}
	g.e.line("%s %s = %s;", s.t, s.name, s.t.lit(0))
	us := []use{{a: w, written: true}, {a: src}}
	sortUses(us)
	clauses := []string{g.e.opt("num_gangs(1)")}
	if g.chance(3) {
		clauses = append(clauses, g.e.opt(fmt.Sprintf("num_workers(%d)", g.oneOfInt(2, 4))))
	}
	if g.chance(3) {
		clauses = append(clauses, g.e.opt(fmt.Sprintf("vector_length(%d)", g.oneOfInt(32, 64, 128))))
	}
	g.e.pragma("parallel", append(clauses, g.dataClausesSorted(us))...)
	g.e.open("")
	g.e.open("for (int k = 1; k < N; k++)")
	g.e.line("%s = %s;", s.name, s.t.lit(0))
	g.e.open("for (int j = 0; j < M; j++)")
	g.e.line("%s += %s;", s.name, conv(w.elem, s.t, w.ref("k - 1", "j")))
	g.e.close()
	g.e.open("for (int j = 0; j < M; j++)")
	g.e.line("%s = %s;", w.ref("k", "j"), w.elem.wrap(w.ref("k", "j")+" + "+conv(s.t, w.elem, s.t.wrap(s.name))+" + "+conv(src.elem, w.elem, src.ref("(k + j) % N", ""))))
	g.e.close()
	if g.chance(2) {
		g.e.open("for (int j = 1; j < M; j++)")
		g.e.line("%s = %s;", w.ref("k", "j"), w.elem.wrap(w.ref("k", "j")+" + "+w.ref("k", "j - 1")))
		g.e.close()
	}
	g.e.close()
	g.e.close()
}
