package opt

import (
	"fmt"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// The race checks warn about loops whose iterations the program asserts
// independent while its own code says they are not. The depend pass
// never analyses such a loop (an independent clause, or any loop
// directive of a parallel construct, which OpenACC 3.4 §2.9.6 makes
// independent unless it says seq or auto), so a dependence there is a
// data race in the generated code, or on other compilers. A warning on a correct program would teach users
// to ignore the check, so each one rests on a proof that the race
// happens whenever the loop runs more than one iteration (more than the
// distance): references that every iteration makes (statements directly
// in the loop's body, with no condition around them and no jump in the
// body) whose subscripts certainly meet (depend.MustCarry). Possible
// dependences (conditions, indirect or symbolic subscripts, pointers
// that may alias) are left alone, and so is everything the program made
// safe: reductions, private copies, atomic updates.

// raceLoop is what the checks know of one loop they test.
type raceLoop struct {
	l     *ir.Loop
	info  *Loop
	outer []*ir.Loop
	f     *loopFacts
	// exempt are the variables each iteration (or gang) has its own copy
	// of, that a reduction or an atomic construct updates, or whose
	// data the kernel may move (a pointer it assigns): not checked.
	exempt map[*ir.Var]bool
}

// raceCheck runs the race checks on loop l of kernel k (outer: the
// loops around it).
func (c *Construct) raceCheck(k *ir.Kernel, l *ir.Loop, outer []*ir.Loop) {
	info := c.Loops[l]
	if info == nil || info.DeviceTypes || !straightBody(l, info) {
		return // device_type clauses may say seq for some device
	}
	rl := &raceLoop{l: l, info: info, outer: outer, f: collectFacts(l)}
	if c.R.Kind == ir.Kernels && info.IndepClause && l.Why.Kind == ir.ScalarCarried && l.Detail.Kind == ir.ClausesIgnored {
		rl.exempt = c.raceExempt(k, rl)
		c.ignoredClauseRace(rl)
		return
	}
	if !c.asserted(l, info) {
		return
	}
	rl.exempt = c.raceExempt(k, rl)
	c.arrayRace(rl)
	c.scalarRace(rl)
}

// asserted reports whether the program asserts that l's iterations are
// independent and accc runs them in parallel: a partitioned loop whose
// directive says independent, or any loop directive of a parallel
// construct without seq or auto (§2.9.6). In a kernels construct a loop
// without independent is auto (§2.9.7), its level clauses no assertion.
func (c *Construct) asserted(l *ir.Loop, info *Loop) bool {
	if l.Seq || l.Levels == 0 || !info.Marked || info.Auto || info.Implicit || info.Proven {
		return false
	}
	return c.R.Kind == ir.Parallel || info.IndepClause
}

// straightBody reports whether every iteration of l runs each statement
// directly in its body: no break, continue, goto, label or return in
// it, and no statement the IR does not model.
func straightBody(l *ir.Loop, info *Loop) bool {
	if l.Break || l.Continue || info.Exits || GotoIn(l.Body) {
		return false
	}
	return !ir.Any(l.Body, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return false
		}
		if s.Break || s.Continue {
			return true
		}
		found := false
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				switch y := x.(type) {
				case *ir.Jump:
					found = found || y.Kind == ir.Return
				case *ir.OpaqueStmt:
					found = true
				}
				return !found
			}, nil)
		}
		return found
	})
}

// raceExempt returns the variables of loop rl the checks leave alone:
// private to an iteration, a gang or the construct, declared in the
// loop or the region, loop indices, reduced (by a clause or implicitly,
// in the loop, around it or inside it), updated by an atomic construct
// anywhere in the kernel, and the arrays and pointers it assigns as a
// whole or through an unknown pointer (a pointer moved: its elements are
// other data in each iteration). A kernel that stores through a pointer
// it computes may change anything: the key nil then exempts every
// variable (checked).
func (c *Construct) raceExempt(k *ir.Kernel, rl *raceLoop) map[*ir.Var]bool {
	ex := map[*ir.Var]bool{}
	add := func(vs ...*ir.Var) {
		for _, v := range vs {
			ex[v] = true
		}
	}
	reds := func(rs []*ir.Reduction) {
		for _, r := range rs {
			add(r.Var)
		}
	}
	reds(c.R.Reductions)
	reds(k.Reductions)
	add(c.R.Privates...)
	add(k.Privates...)
	loops := append(append([]*ir.Loop{rl.l}, rl.outer...), rl.f.inner...)
	for _, o := range loops {
		add(o.Private...)
		reds(o.Reduce)
		if info := c.Loops[o]; info != nil {
			for _, r := range info.Reductions {
				add(r.Var)
			}
			add(info.PrivArrays...)
		}
	}
	for v := range rl.f.declared {
		ex[v] = true
	}
	for v := range rl.f.indices {
		ex[v] = true
	}
	ir.Visit(k.Body, func(n ir.Node) {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return
		}
		for _, a := range s.Accesses {
			switch {
			case a.Var == nil:
				if a.Write {
					ex[nil] = true // any data
				}
			case a.Write && a.Var.Type.Kind != ir.Scalar && (!a.Element || a.Unknown):
				ex[a.Var] = true
			}
		}
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				if at, ok := x.(*ir.Atomic); ok {
					add(ir.ExprVars(at.X)...)
				}
				return true
			}, nil)
		}
	})
	return ex
}

// checked reports whether the checks test variable v of rl: a variable
// of the region (not one it declares) that every iteration shares in
// device memory (a scalar in a data clause, an array's or pointer's
// data), not exempt.
func (rl *raceLoop) checked(v *ir.Var) bool {
	if v == nil || v.Local || rl.exempt[nil] || rl.exempt[v] {
		return false
	}
	switch v.Type.Kind {
	case ir.Scalar:
		return v.Class == ir.ByPointer
	case ir.Array, ir.Pointer:
		return v.Class == ir.ArrayData || v.Class == ir.DevicePtr
	}
	return false
}

// PlainStmt reports whether statement s of a loop's body evaluates all
// of its references whenever it runs: an expression statement or a
// declaration with no conditional evaluation (?:, &&, ||) and nothing
// the IR does not model.
func PlainStmt(s *ir.Stmt) bool {
	if s.Body != nil || s.Head != nil || s.ParCall != nil {
		return false
	}
	cond := func(e ir.Expr) bool {
		return ir.AnyExpr(e, func(x ir.Expr) bool {
			switch y := x.(type) {
			case *ir.Cond, *ir.Opaque:
				return true
			case *ir.Binary:
				return y.Op == "&&" || y.Op == "||"
			}
			return false
		})
	}
	switch t := s.Tree.(type) {
	case *ir.ExprStmt:
		return t.X != nil && !cond(t.X)
	case *ir.DeclStmt:
		for _, loc := range t.Locals {
			if loc.Assign || cond(loc.Init) {
				return false
			}
		}
		return true
	}
	return false
}

// certain returns the references every iteration of rl makes: those of
// the plain statements directly in its body (straightBody holds).
func (rl *raceLoop) certain() []*ir.Access {
	var out []*ir.Access
	for _, n := range rl.l.Body {
		if s, ok := n.(*ir.Stmt); ok && PlainStmt(s) {
			out = append(out, s.Accesses...)
		}
	}
	return out
}

// nest returns the levels of the loops around rl and its own, and the
// position of its first.
func (rl *raceLoop) nest() ([]depend.Level, int) {
	var nest []depend.Level
	for _, o := range rl.outer {
		for _, iv := range o.Nest {
			nest = append(nest, LevelOf(iv))
		}
	}
	first := len(nest)
	for _, iv := range rl.l.Nest {
		nest = append(nest, LevelOf(iv))
	}
	return nest, first
}

// arrayRace warns about an array of rl that one iteration writes and
// another reads, certainly (depend.MustCarry): the first such pair of
// references, per variable.
func (c *Construct) arrayRace(rl *raceLoop) {
	nest, first := rl.nest()
	refs := rl.certain()
	done := map[*ir.Var]bool{}
	for p := first; p < len(nest); p++ {
		iv := rl.l.Nest[p-first]
		if step, ok := ir.IntValue(iv.Step); !ok || step != 1 || iv.Never || iv.Var == nil {
			continue // the index skips values: MustCarry assumes it takes each
		}
		for _, w := range refs {
			if !w.Write || !w.Element || len(w.Fields) > 0 || done[w.Var] || !rl.checked(w.Var) || w.Expr == nil {
				continue
			}
			for _, r := range refs {
				if r.Write || r.Var != w.Var || r.Expr == nil {
					continue
				}
				if m := depend.MustCarry(nest, p, w, r); m.Dependent {
					done[w.Var] = true
					c.reportArrayRace(rl, iv.Var, w, r, m)
					break
				}
			}
		}
	}
}

// reportArrayRace words arrayRace's warning: the loop, why it is
// independent, the two references and their lines, and what to do.
func (c *Construct) reportArrayRace(rl *raceLoop, index *ir.Var, w, r *ir.Access, m depend.Must) {
	wText, rText := ir.Format(w.Expr, nil), ir.Format(r.Expr, nil)
	wLine, rLine := c.userLine(rl.f.owner[w].Line), c.userLine(rl.f.owner[r].Line)
	name := ir.SourceName(w.Var)
	var what, fix string
	switch {
	case m.Every && rl.f.owner[w] == rl.f.owner[r]:
		what = fmt.Sprintf("every iteration reads and writes %s (line %d), the same element in each: a data race on '%s'", wText, wLine, name)
		if op, ok := updateOp(rl.f.owner[w].Tree); ok {
			fix = fmt.Sprintf("add reduction(%s:%s) to the loop, accumulate into a scalar with a reduction clause and store it after the loop, or make the loop '#pragma acc loop seq'", op, wText)
		} else {
			fix = "make the loop '#pragma acc loop seq', or restructure it so that each iteration writes its own element"
		}
	case m.Every:
		what = fmt.Sprintf("every iteration writes %s (line %d) and reads %s (line %d), the same element in each: a data race on '%s'", wText, wLine, rText, rLine, name)
		fix = fmt.Sprintf("if each iteration needs a copy of its own, add private(%s) to the loop; otherwise make it '#pragma acc loop seq'", name)
	case m.Distance > 0:
		what = fmt.Sprintf("iteration %s writes %s (line %d), which iteration %s reads as %s (line %d): a dependence of distance %d between iterations, so the result depends on the order they run in",
			index.Name, wText, wLine, iterText(index, m.Distance), rText, rLine, m.Distance)
		fix = fmt.Sprintf("make the loop '#pragma acc loop seq', or restructure it (read the old values from a copy of '%s')", name)
	default:
		what = fmt.Sprintf("iteration %s reads %s (line %d), which iteration %s writes as %s (line %d): a dependence of distance %d between iterations, so the result depends on the order they run in",
			index.Name, rText, rLine, iterText(index, -m.Distance), wText, wLine, -m.Distance)
		fix = fmt.Sprintf("make the loop '#pragma acc loop seq', or restructure it (read the old values from a copy of '%s')", name)
	}
	c.Report(diag.Diagnostic{Pos: rl.l.Pos, Severity: diag.Warning, Code: diag.CodeRaceIndependent, Func: c.C.Func,
		Msg: fmt.Sprintf("the loop at line %d is independent (%s), so its iterations may run in parallel, but %s; %s",
			c.userLine(rl.l.Pos.Line), c.why(rl.info), what, fix)})
}

// why says why a loop's iterations are independent: its independent
// clause, or the parallel construct it is in (§2.9.6).
func (c *Construct) why(info *Loop) string {
	if info.IndepClause {
		return "its independent clause"
	}
	return "in a parallel construct a loop directive without seq or auto is, OpenACC §2.9.6"
}

// iterText spells index + d: "i + 1", "i - 2".
func iterText(index *ir.Var, d int64) string {
	if d < 0 {
		return fmt.Sprintf("%s - %d", index.Name, -d)
	}
	return fmt.Sprintf("%s + %d", index.Name, d)
}

// updateOp returns the reduction operator of statement s when it is a
// compound assignment (x += e, x -= e, x *= e, x &= e, x |= e, x ^= e) or
// an increment: the operator a reduction clause would name.
func updateOp(s ir.Statement) (ir.ReductionOp, bool) {
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return "", false
	}
	switch x := es.X.(type) {
	case *ir.Assign:
		op, ok := compoundOps[x.Op]
		return op, ok
	case *ir.Unary:
		return "+", x.Op == "++" || x.Op == "--"
	}
	return "", false
}
