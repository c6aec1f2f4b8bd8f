package progen

import (
	"fmt"
	"strings"
)

// A reduction operator of §2.5.15 and what makes it exact in every order.
type redOp struct {
	op    string
	ints  bool // integer types only
	short bool // few iterations: products
}

var redOps = []redOp{
	{op: "+"}, {op: "+"}, {op: "*", short: true}, {op: "max"}, {op: "min"},
	{op: "&", ints: true}, {op: "|", ints: true}, {op: "^", ints: true},
	{op: "&&", ints: true}, {op: "||", ints: true},
}

func (g *gen) redOp() (redOp, ctype) {
	o := redOps[g.r.Intn(len(redOps))]
	t := ctype(g.r.Intn(5))
	if o.ints && t.isFloat() {
		t = tInt
	}
	return o, t
}

// redInit is the value the reduction variable starts with.
func (g *gen) redInit(o redOp, t ctype) string {
	switch o.op {
	case "+", "^":
		return t.lit(g.r.Intn(10))
	case "*":
		return t.lit(1 + g.r.Intn(2))
	case "max":
		if t == tUnsigned {
			return "0u"
		}
		return t.lit(-2000)
	case "min":
		return t.lit(2000)
	case "&":
		if t == tUnsigned {
			return "~0u"
		}
		return t.lit(-1)
	case "&&":
		return "1"
	}
	return t.lit(0)
}

// redOperand is a value the reduction combines: bounded so that sums stay
// below 2^24 and products of few factors of 1, 2 and 1/2 stay exact.
func (g *gen) redOperand(o redOp, t ctype, sc *scope) string {
	x := g.term(t, sc)
	switch o.op {
	case "*":
		if t.isFloat() {
			return fmt.Sprintf("((int)(%s) %% 3 == 0 ? %s : ((int)(%s) %% 3 == 1 ? %s : %s))", x, t.lit(2), x, half(t), t.lit(1))
		}
		return fmt.Sprintf("((%s) %% 2 == 0 ? %s : %s)", x, t.lit(2), t.lit(1))
	case "&&", "||":
		return fmt.Sprintf("(%s > %s)", x, t.lit(g.r.Intn(400)-200))
	}
	return x
}

func half(t ctype) string {
	if t == tFloat {
		return "0.5f"
	}
	return "0.5"
}

// redStmt combines x into r, in one of the forms §2.5.15 allows.
func (g *gen) redStmt(o redOp, t ctype, r, x string) string {
	switch o.op {
	case "max", "min":
		cmp := map[string]string{"max": ">", "min": "<"}[o.op]
		switch g.r.Intn(3) {
		case 0:
			return fmt.Sprintf("%s = %s %s %s ? %s : %s;", r, r, cmp, x, r, x)
		case 1:
			if t.isFloat() {
				f := "f" + o.op
				if t == tFloat {
					f += "f"
				}
				return fmt.Sprintf("%s = %s(%s, %s);", r, f, r, x)
			}
		}
		return fmt.Sprintf("if (%s %s %s) %s = %s;", x, cmp, r, r, x)
	case "&&", "||":
		return fmt.Sprintf("%s = %s %s %s;", r, r, o.op, x)
	}
	if g.chance(2) {
		return fmt.Sprintf("%s %s= %s;", r, o.op, x)
	}
	return fmt.Sprintf("%s = %s %s %s;", r, r, o.op, x)
}

// reduceSegment: reductions of every operator and type at the gang,
// worker and vector levels, across levels, on combined and nested
// constructs, and row reductions into a gang's private scalar.
func (g *gen) reduceSegment() {
	o, t := g.redOp()
	r := g.name("r")
	g.e.line("%s %s = %s;", t, r, g.redInit(o, t))
	reads := g.picks(1+g.r.Intn(2), vec, ptrvec)
	reads2 := g.picks(1+g.r.Intn(2), mat, flat)
	bound := "N"
	if o.short {
		bound = "(N < 16 ? N : 16)"
	}
	red := fmt.Sprintf("reduction(%s:%s)", o.op, r)
	var us []use
	note := func(sc *scope) {
		for a := range sc.readsIn {
			us = addUse(us, use{a: a})
		}
	}
	variant := g.r.Intn(6)
	if o.short && variant >= 2 {
		variant = 0
	}
	if len(reads2) == 0 && variant >= 2 {
		variant = 0
	}
	if len(reads) == 0 && variant < 2 {
		return
	}
	switch variant {
	case 0, 1: // one loop: parallel, kernels or serial loop, or a parallel region
		l := g.loop("i", bound)
		sc := &scope{i: "i", reads: reads}
		body := g.sub(1, func() { g.e.line("%s", g.redStmt(o, t, r, g.redOperand(o, t, sc))) })
		note(sc)
		if !l.declared {
			g.e.declOnce("i", "int i;")
		}
		switch g.r.Intn(4) {
		case 0:
			g.e.pragma("parallel", append(g.sizes(), red, g.dataClausesSorted(us))...)
			g.e.open("")
			g.e.pragma("loop", g.level(false, "gang", "gang vector", "gang worker vector", ""), red)
			g.e.open("%s", l.header())
			g.e.insert(body)
			g.e.close()
			g.e.close()
		default:
			d := g.oneOf("parallel loop", "kernels loop", "serial loop")
			lev := ""
			if d == "parallel loop" {
				lev = g.level(false, "gang", "gang vector", "gang worker vector", "")
			}
			g.e.pragma(d, lev, red, g.dataClausesSorted(us))
			g.e.open("%s", l.header())
			g.e.insert(body)
			g.e.close()
		}
	case 2, 3: // across levels: gang rows, worker or vector columns
		sc := &scope{i: "i", j: "j", reads: append(reads2, reads...)}
		body := g.sub(2, func() { g.e.line("%s", g.redStmt(o, t, r, g.redOperand(o, t, sc))) })
		note(sc)
		if variant == 2 {
			g.e.pragma("parallel loop", g.level(false, "gang", "gang worker"), red, g.dataClausesSorted(us))
			g.e.open("for (int i = 0; i < N; i++)")
			g.e.pragma("loop", g.level(false, "vector", ""), red)
		} else {
			g.e.pragma("parallel loop", "collapse(2)", g.level(false, "gang vector", "gang", ""), red, g.dataClausesSorted(us))
			g.e.open("for (int i = 0; i < N; i++)")
		}
		g.e.open("for (int j = 0; j < M; j++)")
		g.e.insert(body)
		g.e.close()
		g.e.close()
	default: // row reductions into a scalar private to each gang
		w := g.pick(vec, ptrvec)
		if w == nil {
			return
		}
		sc := &scope{i: "i", j: "j", reads: reads2}
		rt := g.name("rt")
		body := g.sub(2, func() { g.e.line("%s", g.redStmt(o, t, rt, g.redOperand(o, t, sc))) })
		note(sc)
		us = append(us, use{a: w, written: true, full: true})
		sortUses(us)
		outer := g.level(false, "gang", "gang worker", "")
		g.e.pragma("parallel loop", outer, g.dataClausesSorted(us))
		g.e.open("for (int i = 0; i < N; i++)")
		g.e.line("%s %s = %s;", t, rt, g.redInit(o, t))
		inner := g.level(false, "vector", "worker vector", "worker", "")
		if strings.Contains(outer, "worker") && strings.Contains(inner, "worker") {
			inner = "vector"
		}
		g.e.pragma("loop", inner, fmt.Sprintf("reduction(%s:%s)", o.op, rt))
		g.e.open("for (int j = 0; j < M; j++)")
		g.e.insert(body)
		g.e.close()
		g.e.line("%s = %s;", w.ref("i", ""), w.elem.wrap(conv(t, w.elem, rt)))
		g.e.close()
		return
	}
	f, a := t.printf(r)
	g.e.line("printf(\"s%d %s %s\\n\", %s);", g.seg, r, f, a)
}

// dataClausesSorted is dataClauses joined into one string.
func (g *gen) dataClausesSorted(us []use) string {
	if g.perm {
		us = addUse(us, use{a: g.p.perm})
	}
	sortUses(us)
	s := ""
	for _, c := range g.dataClauses(us) {
		if c != "" {
			if s != "" {
				s += " "
			}
			s += c
		}
	}
	return s
}
