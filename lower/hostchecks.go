package lower

import (
	"bytes"
	"fmt"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// firstprivateLost warns about a scalar that a parallel or serial
// construct makes firstprivate by default (OpenACC 3.4 §2.6.2: a scalar
// in no data clause of the construct or of a data construct around it)
// and assigns, when the function reads it after the construct: the
// construct assigns its own copy, so the host reads the value from
// before it, not the one the program computed (a last value, a max over
// the loop). Only reads after the construct's statement in the source
// that no assignment covers count (readsAfter), and only for a variable
// of the function that no clause names: firstprivate written out is the
// program's choice. Loop indices and reduction variables are left alone,
// and so are constructs with if or self, whose host version assigns the
// variable itself.
func (rg *region) firstprivateLost() {
	if rg.p.Func == nil || rg.c.If != nil || rg.c.Self != nil || rg.r.Kind == ir.Kernels || rg.c.StmtEnd <= 0 {
		return
	}
	skip := map[*ir.Var]bool{}
	for _, r := range rg.r.Reductions {
		skip[r.Var] = true
	}
	wrote := map[*ir.Var]int{} // the line of the first assignment
	for _, k := range rg.r.Kernels {
		ir.Visit(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Loop:
				for _, iv := range x.Nest {
					skip[iv.Var] = true
				}
				for _, r := range x.Reduce {
					skip[r.Var] = true
				}
			case *ir.Stmt:
				for _, t := range []ir.Statement{x.Tree, x.Head} {
					ir.InspectStatement(t, func(s ir.Statement) bool {
						if v := opt.ForIndex(s); v != nil {
							skip[v] = true
						}
						return true
					}, nil)
				}
				for _, a := range x.Accesses {
					if a.Var != nil && a.Write && !a.Element && len(a.Fields) == 0 && wrote[a.Var] == 0 {
						wrote[a.Var] = x.Line
					}
				}
			}
		})
	}
	end := 1 + bytes.Count(rg.b.prog.Src[:rg.c.StmtEnd-1], []byte("\n")) // the statement's last line
	kind := map[ir.ComputeKind]string{ir.Parallel: "parallel", ir.Serial: "serial"}[rg.r.Kind]
	for _, d := range rg.decls {
		v := rg.vars[d]
		if v.Class != ir.ByValue || v.Type.Kind != ir.Scalar || v.Local || v.Construct || v.Global || rg.explicit[v] ||
			skip[v] || wrote[v] == 0 {
			continue
		}
		live, lines := rg.liveReads(d)
		read := 0
		for _, n := range lines {
			if n > end && (read == 0 || n < read) {
				read = n
			}
		}
		if !live || read == 0 {
			continue
		}
		src := rg.b.conv.src
		rg.b.sink.Report(diag.Diagnostic{Pos: rg.c.Pos, Severity: diag.Warning, Code: diag.CodeFirstprivateLost, Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is firstprivate in this %s construct (a scalar in no data clause, OpenACC §2.6.2): its assignment at line %d changes the construct's copy only, and the host reads the value from before the construct at line %d; to bring the value back, give it a reduction clause (a value the loop accumulates) or copy(%s) (a value one thread assigns)",
				v.Name, kind, src.line(wrote[v]), src.line(read), v.Name)})
	}
}

// undefinedReads warns about data a copyout or create clause gives a
// new device copy, uninitialised, that the first kernel to touch them
// reads before anything writes them (OpenACC 3.4 §2.7.7, §2.7.9: neither
// clause copies the host's values in). The clause is the construct's
// own, or that of a data construct around it whose body reaches the
// construct in straight-line code (freshData says when the copy is
// certainly new). In that kernel a read of the data must run whenever
// the kernel does (certainReads), and every write of them in the kernel
// must store, after it in its statement, to the element it read
// (b[i] += a[i]): then the first store to any element comes after a read
// of it, and if nothing stores, every read is of uninitialised memory.
// Earlier kernels of the construct must not touch the data nor store
// through a name that may reach them.
func (rg *region) undefinedReads() {
	if rg.p.Func == nil || rg.c.If != nil || rg.c.Self != nil {
		return
	}
	f := rg.b.facts(rg.p)
	if f == nil {
		return
	}
	escaped := rg.escapes()
	order, once := rg.launchOrder()
	for _, d := range rg.decls {
		v := rg.vars[d]
		if v.Class != ir.ArrayData || v.Local || escaped[v] {
			continue
		}
		clause, item, at, ok := rg.freshData(f, d, v)
		if !ok {
			continue
		}
		r := rg.readFirst(f, v, order, once)
		if r == nil {
			continue
		}
		src := rg.b.conv.src
		rg.b.sink.Report(diag.Diagnostic{Pos: rg.c.Pos, Severity: diag.Warning, Code: diag.CodeDataUndefined, Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is read at line %d before anything writes it, but its device copy is new and uninitialised: %s(%s) at line %d does not copy the host's values in; use %s, or write the data on the device first",
				v.Name, src.line(r.line), clause, item, src.line(at), fixClause(clause))})
	}
}

// fixClause is the clause that copies the data in where clause (copyout
// or create) does not.
func fixClause(clause string) string {
	if clause == "copyout" {
		return "copy"
	}
	return "copyin (or update device after it)"
}

// freshData reports whether the device copy of d (region variable v)
// that the construct uses is certainly new, so uninitialised, when the
// construct starts: the clause (copyout or create), its item as written
// and the line of the directive that creates it. d must be an array or allocated pointer of
// the function, not a parameter (a caller may have made its data
// present), that no other name reaches (hostEscapes) and that no enter
// data, declare or data construct around makes present before; and
// either
//
//   - the construct's own clauses map it, each item copyout or create
//     without the zero modifier (which clears the copy), or
//   - a data construct around the construct maps it so, with no if
//     clause, and the construct is a statement of that construct's body
//     (or its body) with only host code before it there that calls no
//     function but the C library's (harmlessCalls) and holds no other
//     directive, label, goto or return; the construct's own items for d
//     then have no modifiers (always would copy in).
func (rg *region) freshData(f *funcFacts, d *cc.Declarator, v *ir.Var) (string, string, int, bool) {
	if !rg.ownedData(f, d) || rg.b.entered[d] {
		return "", "", 0, false
	}
	var own []*ir.Map
	for _, m := range rg.c.Maps {
		if m.Var == v {
			own = append(own, m)
		}
	}
	if len(own) > 0 && !own[0].Implicit {
		clause := ""
		for _, m := range own {
			if m.Implicit || m.Clause != ir.Copyout && m.Clause != ir.Create || m.Mods&ir.Zero != 0 || clause != "" && clause != m.Clause.String() {
				return "", "", 0, false
			}
			clause = m.Clause.String()
		}
		if rg.b.presentAround(d, rg.c.DirStart) {
			return "", "", 0, false
		}
		return clause, own[0].Text, rg.p.Pos.Line, true
	}
	for _, m := range own {
		if m.Mods&^ir.Readonly != 0 {
			return "", "", 0, false
		}
	}
	q := rg.dataAround(d)
	if q == nil || q.Dir.Clause(directives.ClauseIf) != nil || rg.b.presentAround(d, q.Start) {
		return "", "", 0, false
	}
	clause, item := "", ""
	for _, cl := range q.Dir.Clauses {
		for _, x := range cl.Vars {
			if q.Lookup(baseName(x)) != d {
				continue
			}
			k := ""
			switch cl.Kind {
			case directives.ClauseCopyout:
				k = "copyout"
			case directives.ClauseCreate:
				k = "create"
			}
			if k == "" || cl.Group != nil || cl.Mods&directives.ModZero != 0 || clause != "" && clause != k {
				return "", "", 0, false
			}
			clause, item = k, directives.ExprString(x)
		}
	}
	if clause == "" || !rg.straightAfter(q) {
		return "", "", 0, false
	}
	return clause, item, q.Pos.Line, true
}

// ownedData reports whether d is an array declared in the function
// (automatic or static), or an automatic pointer assigned only from
// malloc, calloc or aligned_alloc, whose data the host reaches through d
// alone (hostEscapes): only the function's own directives can make them
// present on the device.
func (rg *region) ownedData(f *funcFacts, d *cc.Declarator) bool {
	if d.IsParam() || d.AddressTaken() || f.addr[d] || !f.byteSpan(f.body).contains(d.Position().Offset) {
		return false
	}
	switch d.Type().Kind() {
	case cc.Array:
	case cc.Ptr:
		if !f.local(d) {
			return false
		}
		for _, w := range f.writes[d] {
			if w.rhs == nil {
				return false
			}
			if name, _ := allocCall(w.rhs); name != "malloc" && name != "calloc" && name != "aligned_alloc" {
				return false
			}
		}
	default:
		return false
	}
	return !rg.hostEscapes(f, d)
}

// dataAround returns the innermost data construct around the construct
// whose clauses name d, or nil.
func (rg *region) dataAround(d *cc.Declarator) *frontend.Pragma {
	var best *frontend.Pragma
	for _, q := range rg.b.u.Pragmas {
		if q.Dir == nil || q.Dir.Kind != directives.DirData || q.Stmt == nil || q.Pos.File != rg.b.u.File || q.Start >= rg.c.DirStart {
			continue
		}
		s, e := rg.b.stmtRange(q.Stmt)
		if s > rg.c.DirStart || rg.c.StmtEnd > e || best != nil && q.Start < best.Start {
			continue
		}
		for _, cl := range q.Dir.Clauses {
			for _, x := range cl.Vars {
				if q.Lookup(baseName(x)) == d {
					best = q
				}
			}
		}
	}
	return best
}

// straightAfter reports whether the construct runs right after data
// construct q's entry but for plain host code: its statement is q's, or
// an item of q's compound statement whose items before it hold no
// directive, no call but the C library's (harmlessCalls, pure math), and
// no label, goto or return.
func (rg *region) straightAfter(q *frontend.Pragma) bool {
	if q.Stmt == rg.p.Stmt {
		return true
	}
	for _, o := range rg.b.u.Pragmas {
		if o.Dir != nil && o != q && o != rg.p && o.Pos.File == rg.b.u.File && q.End <= o.Start && o.Start < rg.c.DirStart {
			return false
		}
	}
	if q.Stmt.Case != cc.StatementCompound {
		return false
	}
	for l := q.Stmt.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		if bi.Case == cc.BlockItemStmt && bi.Statement == rg.p.Stmt {
			return true
		}
		if !rg.plainHost(bi) {
			return false
		}
	}
	return false
}

// plainHost reports whether host code n calls no function but the C
// library's that touch only their arguments (harmlessCalls, pure
// library functions) and holds no label, goto or return.
func (rg *region) plainHost(n cc.Node) bool {
	ok := true
	walk(n, func(c cc.Node) bool {
		switch x := c.(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				fn, isIdent := peel(x.PostfixExpression).(*cc.PrimaryExpression)
				ok = ok && isIdent && fn.Case == cc.PrimaryExpressionIdent &&
					(harmlessCalls[fn.Token.SrcStr()] || pureLibrary(fn.Token.SrcStr())) && rg.library(fn)
			}
		case *cc.JumpStatement:
			ok = ok && x.Case != cc.JumpStatementGoto && x.Case != cc.JumpStatementGotoExpr && x.Case != cc.JumpStatementReturn
		case *cc.LabeledStatement:
			ok = ok && x.Case != cc.LabeledStatementLabel
		}
		return ok
	})
	return ok
}

// A certainRead is a read of a variable that runs whenever its kernel
// does, with the line of its statement.
type certainRead struct {
	acc  *ir.Access
	stmt *ir.Stmt
	line int
	// loops are the kernel's loops around it, outermost first.
	loops []*ir.Loop
}

// readFirst returns a read of v's data in the first of the construct's
// kernels (in launch order) that touches v, as undefinedReads needs one,
// or nil: the kernel runs once when the construct does, no kernel before
// it touches v or stores through a name that may reach its data, and a
// read of v runs whenever the kernel does before any store to the
// element it reads.
func (rg *region) readFirst(f *funcFacts, v *ir.Var, order []*ir.Kernel, once map[*ir.Kernel]bool) *certainRead {
	decl := map[*ir.Var]*cc.Declarator{}
	for d, w := range rg.vars {
		decl[w] = d
	}
	// mayStore reports whether store a may write v's data: a store to v,
	// or through a name that may reach its data; two variables whose
	// data only their own names reach (an array, an allocation) do not
	// share them.
	mayStore := func(a *ir.Access) bool {
		if !a.Write {
			return false
		}
		if a.Var != nil && a.Var != v && !a.Unknown && decl[a.Var] != nil && rg.ownedData(f, decl[a.Var]) {
			return false
		}
		return a.Unknown || rg.mayReadData(v, a)
	}
	for _, k := range order {
		as := kernelAccesses(k)
		touches := false
		for _, a := range as {
			touches = touches || a.Var == v
		}
		if !touches {
			for _, a := range as {
				if mayStore(a) {
					return nil
				}
			}
			continue
		}
		if !once[k] || opt.GotoIn(k.Body) {
			return nil
		}
		var writes []*ir.Access
		for _, a := range as {
			if a.Var == v && a.Write {
				writes = append(writes, a)
			}
			if a.Var != v && mayStore(a) {
				return nil
			}
		}
		for _, r := range certainReads(k.Body, nil) {
			if r.acc.Var == v && readsBeforeWrites(r, writes) {
				return &r
			}
		}
		return nil
	}
	return nil
}

// readsBeforeWrites reports whether every store of writes comes after
// read r in r's statement and stores to the element r reads.
func readsBeforeWrites(r certainRead, writes []*ir.Access) bool {
	after := map[*ir.Access]bool{}
	seen := false
	for _, a := range r.stmt.Accesses {
		if seen {
			after[a] = true
		}
		seen = seen || a == r.acc
	}
	for _, w := range writes {
		if !after[w] || !sameElement(w, r.acc) {
			return false
		}
	}
	return true
}

// certainReads returns the element reads of ns that run whenever ns
// does: those of the plain statements of ns, and of the loops of ns
// (nested the same way) whose every level runs at least once as the
// program runs them (a constant trip count of one or more, or one the
// data decide) and whose body holds no break, continue or return; reads
// of statements after one that may jump out are not.
func certainReads(ns []ir.Node, loops []*ir.Loop) []certainRead {
	var out []certainRead
	for _, n := range ns {
		switch x := n.(type) {
		case *ir.Loop:
			if x.Break || x.Continue || jumpsOut(x.Body) || !entered(x) {
				return out
			}
			out = append(out, certainReads(x.Body, append(loops[:len(loops):len(loops)], x))...)
		case *ir.Stmt:
			if x.Break || x.Continue || jumpsOut([]ir.Node{x}) {
				return out
			}
			if x.Head == nil && x.Tree == nil {
				out = append(out, certainReads(x.Body, loops)...) // a plain block
				continue
			}
			if !opt.PlainStmt(x) {
				continue
			}
			for _, a := range x.Accesses {
				if !a.Write && a.Element && !a.Unknown && a.Var != nil {
					out = append(out, certainRead{acc: a, stmt: x, line: x.Line, loops: loops})
				}
			}
		}
	}
	return out
}

// jumpsOut reports whether ns hold a return, a goto or a label: code
// after them in the kernel may not run.
func jumpsOut(ns []ir.Node) bool {
	if opt.GotoIn(ns) {
		return true
	}
	return ir.Any(ns, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return false
		}
		found := false
		for _, t := range []ir.Statement{s.Tree, s.Head} {
			ir.InspectStatement(t, func(x ir.Statement) bool {
				if j, ok := x.(*ir.Jump); ok && j.Kind == ir.Return {
					found = true
				}
				return !found
			}, nil)
		}
		return found
	})
}

// entered reports whether every level of loop l runs at least once as
// the program runs it: bounds the tests read whose difference is not a
// negative constant (a symbolic trip count is taken to be one or more).
func entered(l *ir.Loop) bool {
	for _, iv := range l.Nest {
		if iv.Never || iv.Var == nil {
			return false
		}
		lv := opt.LevelOf(iv)
		if !lv.Min.OK || !lv.Max.OK {
			return false
		}
		if span, ok := lv.Max.Sub(lv.Min).IntConst(); ok && span < 0 {
			return false
		}
	}
	return true
}
