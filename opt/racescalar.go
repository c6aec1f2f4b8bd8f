package opt

import (
	"fmt"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// rmwScalar returns the scalar variable statement s reads and then
// assigns, as one update (v += e, v = v * e + 1, v++), or nil.
func rmwScalar(s ir.Statement) *ir.Var {
	es, ok := s.(*ir.ExprStmt)
	if !ok {
		return nil
	}
	switch x := es.X.(type) {
	case *ir.Assign:
		if r, ok := x.L.(*ir.Ref); ok && r.Var.Type.Kind == ir.Scalar && (x.Op != "=" || usesVar1(x.R, r.Var)) {
			return r.Var
		}
	case *ir.Unary:
		if r, ok := x.X.(*ir.Ref); ok && r.Var.Type.Kind == ir.Scalar && (x.Op == "++" || x.Op == "--") {
			return r.Var
		}
	}
	return nil
}

// severalIterations reports whether loop l runs more than one iteration
// as the program runs it: no level is known to be empty, and one has a
// constant span of at least 1 or a symbolic one (a trip count the
// program's data decide, taken to be more than one, as MustCarry does).
func severalIterations(l *ir.Loop) bool {
	several := false
	for _, iv := range l.Nest {
		if iv.Never || iv.Var == nil {
			return false
		}
		lv := LevelOf(iv)
		if !lv.Min.OK || !lv.Max.OK {
			return false
		}
		span, ok := lv.Max.Sub(lv.Min).IntConst()
		switch {
		case ok && span < 0:
			return false
		case !ok || span >= 1:
			several = true
		}
	}
	return several
}

// scalarRace warns about a scalar in device memory (a data clause) that
// every iteration of rl updates from its own value (sum += a[i]) with
// no reduction: the iterations' read-modify-writes race, and updates
// are lost.
func (c *Construct) scalarRace(rl *raceLoop) {
	if !severalIterations(rl.l) {
		return
	}
	done := map[*ir.Var]bool{}
	for _, n := range rl.l.Body {
		s, ok := n.(*ir.Stmt)
		if !ok || !PlainStmt(s) {
			continue
		}
		v := rmwScalar(s.Tree)
		if v == nil || done[v] || !rl.checked(v) {
			continue
		}
		done[v] = true
		fix := "make the loop '#pragma acc loop seq'"
		if op, ok := recognize(rl.f, v); ok {
			fix = fmt.Sprintf("add reduction(%s:%s) to the loop", op, v.Name)
		}
		c.Report(diag.Diagnostic{Pos: rl.l.Pos, Severity: diag.Warning, Code: diag.CodeRaceScalar, Func: c.C.Func,
			Msg: fmt.Sprintf("the loop at line %d is independent (%s), so its iterations may run in parallel, but every iteration updates '%s' (line %d), which a data clause puts in device memory that all of them share: the updates race and some are lost; %s",
				c.userLine(rl.l.Pos.Line), c.why(rl.info), v.Name, c.userLine(s.Line), fix)})
	}
}

// ignoredClauseRace warns about a kernels loop whose level or
// independent clause the depend pass could not apply (sharedScalars): a
// scalar the construct shares with the host that every iteration updates
// from the value the one before left, with no reduction that could
// combine the updates. The loop runs sequentially, correct here, but
// its clause asserts what is not so.
func (c *Construct) ignoredClauseRace(rl *raceLoop) {
	if !severalIterations(rl.l) {
		return
	}
	for _, n := range rl.l.Body {
		s, ok := n.(*ir.Stmt)
		if !ok || !PlainStmt(s) {
			continue
		}
		v := rmwScalar(s.Tree)
		if v == nil || !ContainsVar(rl.l.Why.Vars, v) || !rl.checked(v) {
			continue
		}
		c.Report(diag.Diagnostic{Pos: rl.l.Pos, Severity: diag.Warning, Code: diag.CodeRaceScalar, Func: c.C.Func,
			Msg: fmt.Sprintf("the loop at line %d says its iterations are independent, but every iteration updates '%s' (line %d) from the value the one before left, which no reduction can combine; accc runs the loop sequentially and ignores the clause: remove independent, or compute each iteration's value without '%s'",
				c.userLine(rl.l.Pos.Line), v.Name, c.userLine(s.Line), v.Name)})
		return
	}
}
