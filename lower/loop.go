package lower

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// loopInfo is what lowering learns of a loop beyond its IR, for the
// passes (opt.Loop).
type loopInfo = opt.Loop

// sharedLocals keeps the Locals of the declarations in ns that code
// generators may have to place where several threads share them: those
// of arrays and structs, and of scalars that atomic constructs update
// (the threads' updates must reach one copy, §2.12). Each thread keeps
// its own copy of the other scalars.
func sharedLocals(ns []ir.Node) {
	atomic := map[*ir.Var]bool{}
	var decls []*ir.Stmt
	ir.Visit(ns, func(n ir.Node) {
		s, ok := n.(*ir.Stmt)
		if !ok {
			return
		}
		if s.Decl && len(s.Locals) > 0 {
			decls = append(decls, s)
		}
		ir.InspectStatement(s.Tree, func(t ir.Statement) bool {
			if a, ok := t.(*ir.Atomic); ok {
				if v := opt.AtomicTarget(a); v != nil {
					atomic[v] = true
				}
			}
			return true
		}, nil)
	})
	for _, s := range decls {
		keep := false
		for _, l := range s.Locals {
			k := l.Var.Type.Kind
			keep = keep || k == ir.Array || k == ir.Record || atomic[l.Var]
		}
		if !keep {
			s.Locals = nil
		}
	}
}

// innerReductions gives each loop partitioned at the worker or vector
// level that updates a variable the construct reduces, and has no clause
// of its own for it, the construct's reduction (§2.5.15: the threads of
// the loop each update a private copy, §2.9.11: a loop's reduction
// combines the copies of the threads it spans; OpenACC 3.3 §2.9.11 asks
// for the clause on every loop a reduction spans, and NVHPC supplies it
// where the loop was left without). Without it each thread's partial
// result would stay in its own copy, of which one per gang combines into
// the construct's result.
func (rg *region) innerReductions(ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		x, ok := n.(*ir.Loop)
		if !ok || !x.Levels.Has(ir.Worker) && !x.Levels.Has(ir.Vector) {
			return
		}
		for _, c := range rg.r.Reductions {
			if opt.LoopClauseNames(x, c.Var) || !writes(x.Body, c.Var) {
				continue
			}
			x.Reduce = append(x.Reduce, &ir.Reduction{Op: c.Op, Var: c.Var, Name: c.Name, Type: c.Type,
				Section: c.Section, Len: c.Len, Implicit: true})
		}
	})
}

// writes reports whether a statement of ns may assign v or write its
// data.
func writes(ns []ir.Node, v *ir.Var) bool {
	return ir.Any(ns, func(n ir.Node) bool {
		s, ok := n.(*ir.Stmt)
		return ok && (opt.ContainsVar(s.Writes, v) || opt.ContainsVar(s.WritesThrough, v))
	})
}

// kernelsBody makes one kernel per loop nest of a kernels construct
// (§2.5.3) and one serial kernel per run of other statements, and of
// statements a goto joins (gotoJoined).
func (rg *region) kernelsBody(st *cc.Statement, name func(int) string) {
	// The block's items: statements, and the declarations of the
	// construct's variables (constructVars), whose initializers run in
	// order with the statements.
	var items []cc.Node
	if st.Case == cc.StatementCompound {
		for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			switch bi := l.BlockItem; bi.Case {
			case cc.BlockItemStmt:
				items = append(items, bi.Statement)
			case cc.BlockItemDecl:
				items = append(items, bi.Declaration)
			default:
				rg.errorf(posOf(bi), diag.CodeUnsupported, "this kind of block item is not supported in a compute region")
			}
		}
	} else {
		items = []cc.Node{st}
	}
	joined := gotoJoined(items)
	var serial *ir.Kernel
	for i, it := range items {
		line := it.Position().Line
		s, isStmt := it.(*cc.Statement)
		if isStmt && isFor(s) && !joined[i] {
			serial = nil
			k := &ir.Kernel{Name: name(line), Line: line}
			if p := rg.b.loopAt[s]; p != nil && !rg.seqAsWritten(s, p.Dir) {
				l := rg.loop(s, p.Dir, p.Pos)
				if l == nil {
					continue
				}
				k.Body = []ir.Node{l}
			} else {
				// Not marked: the depend pass decides (schedule makes the
				// kernel serial when no loop of it runs in parallel).
				k.Body = []ir.Node{rg.stmt(s)}
			}
			rg.r.Kernels = append(rg.r.Kernels, k)
			continue
		}
		var ns []ir.Node
		if isStmt {
			ns = []ir.Node{rg.stmt(s)}
		} else {
			ns = rg.constructInit(it.(*cc.Declaration))
		}
		if len(ns) == 0 {
			continue
		}
		if serial == nil {
			serial = &ir.Kernel{Name: name(line), Line: line, Serial: true}
			rg.r.Kernels = append(rg.r.Kernels, serial)
		}
		serial.Body = append(serial.Body, ns...)
	}
}

// gotoJoined returns which statements of a kernels construct a goto
// joins into one serial kernel: a goto in one and its label in another,
// and the statements between them (a kernel cannot jump to another).
func gotoJoined(items []cc.Node) []bool {
	joined := make([]bool, len(items))
	at := map[string]int{}
	for i, s := range items {
		for name := range labelsIn(s) {
			at[name] = i
		}
	}
	for i, s := range items {
		walk(s, func(n cc.Node) bool {
			if js, ok := n.(*cc.JumpStatement); ok && js.Case == cc.JumpStatementGoto {
				if j, ok := at[js.Token2.SrcStr()]; ok && j != i {
					for k := min(i, j); k <= max(i, j); k++ {
						joined[k] = true
					}
				}
			}
			return true
		})
	}
	return joined
}

// declaredVars returns the variables a declaration declares: not its
// typedef names, functions, struct members or parameter names.
func declaredVars(decl *cc.Declaration) []string {
	var names []string
	for l := decl.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if id := l.InitDeclarator; id != nil && id.Declarator != nil && !id.Declarator.IsTypename() &&
			id.Declarator.Type().Kind() != cc.Function {
			names = append(names, id.Declarator.Name())
		}
	}
	return names
}

// localDecls returns the locals of a declaration of arrays, structs or
// scalars that code generators may place where the threads sharing them
// see them (a local declared in gang-redundant code is private to the
// gang, §2.5.13; sharedLocals keeps those that need it), or nil when the
// declaration declares something else (a typedef, a tag, a static, a
// function, a variable-length array) that must stay as written.
func (rg *region) localDecls(decl *cc.Declaration, ds *ir.DeclStmt) []*ir.Local {
	if ds.Opaque != nil || decl.InitDeclaratorList == nil {
		return nil
	}
	i := 0
	for l := decl.InitDeclaratorList; l != nil; l, i = l.InitDeclaratorList, i+1 {
		d := l.InitDeclarator.Declarator
		if d.StorageDuration() != cc.Automatic || hasVLA(d.Type()) {
			return nil
		}
		v := ds.Locals[i].Var
		switch v.Type.Kind {
		case ir.Array, ir.Record:
			if v.Type.Size <= 0 || v.Type.Base().Kind == ir.Record && v.Type.Base().Def == nil {
				return nil
			}
		case ir.Scalar, ir.Pointer:
		default:
			return nil
		}
	}
	return ds.Locals
}

func isFor(s *cc.Statement) bool {
	return s.Case == cc.StatementIteration && (s.IterationStatement.Case == cc.IterationStatementFor ||
		s.IterationStatement.Case == cc.IterationStatementForDecl)
}

// items lowers a statement into the nodes of a body. A compound
// statement that is an atomic construct's (the structured capture form,
// the unbraced body of a loop) stays one statement: its items are not
// the body's.
func (rg *region) items(st *cc.Statement) []ir.Node {
	if st.Case != cc.StatementCompound || rg.b.atomicAt[st] != nil {
		return []ir.Node{rg.stmt(st)}
	}
	var ns []ir.Node
	for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		if n := rg.blockItem(l.BlockItem); n != nil {
			ns = append(ns, n)
		}
	}
	return ns
}

// blockItem lowers an item of a block, or returns nil.
func (rg *region) blockItem(bi *cc.BlockItem) ir.Node {
	switch bi.Case {
	case cc.BlockItemDecl:
		if names := declaredVars(bi.Declaration); rg.fn != nil && len(names) == 1 && names[0] == "__func__" {
			return nil // cc/v4's implicit declaration in a function body (C11 6.4.2.2)
		}
		ds := rg.declStmt(bi.Declaration)
		s := &ir.Stmt{Line: bi.Position().Line, Tree: ds, Decl: true,
			Names: declaredVars(bi.Declaration), Locals: rg.localDecls(bi.Declaration, ds)}
		effects(s)
		rg.parCallForm(s, bi.Declaration)
		return s
	case cc.BlockItemStmt:
		return rg.stmt(bi.Statement)
	}
	rg.errorf(posOf(bi), diag.CodeUnsupported, "this kind of block item is not supported in a compute region")
	return nil
}

// stmt lowers one statement: a loop with a directive, a block or loop
// holding such loops, or opaque code.
func (rg *region) stmt(st *cc.Statement) ir.Node {
	if p := rg.b.loopAt[st]; p != nil && !rg.seqAsWritten(st, p.Dir) {
		if l := rg.loop(st, p.Dir, p.Pos); l != nil {
			return l
		}
		return &ir.Stmt{}
	}
	// The loops without a directive that the compiler may partition: in
	// a kernels construct, all of them (§2.5.3); in a parallel construct,
	// all of them as NVHPC's autopar does, those outside every loop over
	// the workers and vector lanes of each gang only, since each gang
	// runs that code redundantly (§2.5.1).
	var seqWhy ir.Reason
	if isFor(st) && rg.routine == nil && (rg.r.Kind == ir.Kernels || rg.r.Kind == ir.Parallel && !rg.b.opts.NoAutopar) {
		redundant := rg.r.Kind == ir.Parallel && rg.gangDepth == 0
		if l := rg.implicitLoop(st); l != nil {
			rg.info[l].Redundant = redundant
			return l
		}
		if rg.r.Kind == ir.Kernels {
			seqWhy = ir.Reason{Kind: ir.NoTripCount}
		}
	}
	if rg.holdsLoopDirective(st) || rg.callsParRoutine(st) && st.Case != cc.StatementExpr {
		line := st.Position().Line
		switch {
		case st.Case == cc.StatementCompound:
			return &ir.Stmt{Line: line, Body: rg.items(st)}
		case st.Case == cc.StatementIteration && st.IterationStatement.Case != cc.IterationStatementDo:
			is := st.IterationStatement
			s := &ir.Stmt{Line: line, Head: rg.loopHead(is), Body: rg.items(is.Statement)}
			if is.Declaration != nil {
				s.Names = declaredVars(is.Declaration)
			}
			effects(s)
			s.SeqLoops = []int{line}
			return s
		case st.Case == cc.StatementSelection:
			return rg.selection(st)
		case st.Case == cc.StatementLabeled:
			return &ir.Stmt{Line: line, Head: rg.label(st.LabeledStatement), Body: rg.items(st.LabeledStatement.Statement)}
		default:
			rg.errorf(posOf(st), diag.CodeUnsupported, "a loop directive or a call of a gang, worker or vector routine inside this statement is not supported yet; blocks, for and while loops, if, switch and labeled statements may enclose one in device code")
			return &ir.Stmt{}
		}
	}
	s := &ir.Stmt{Line: st.Position().Line, Tree: rg.statement(st), SeqLoops: loopLines(st), Why: seqWhy}
	brk, cont := jumpsOf(st)
	s.Break, s.Continue = len(brk) > 0, len(cont) > 0
	effects(s)
	rg.parCallForm(s, st)
	return s
}

// seqAsWritten reports whether st, a for loop with the loop directive
// dir, runs as the statement it is: a seq loop (no other clause) that is
// not in the canonical form (a zero step, i *= 2, no condition) or
// whose step is not a positive constant. OpenACC asks for the form and a
// trip count computable on entry only of loops that may be partitioned
// (§2.9); a sequential loop runs as C runs it, also where a zero step
// leaves it by a break.
func (rg *region) seqAsWritten(st *cc.Statement, dir *directives.Directive) bool {
	seq := false
	for _, cl := range dir.Clauses {
		if cl.Kind != directives.ClauseSeq || cl.Group != nil {
			return false
		}
		seq = true
	}
	if !seq {
		return false
	}
	rg.probing = true
	iv, _, _, ok := rg.canonical(st)
	rg.probing = false
	if !ok || iv.Never {
		return true
	}
	n, isConst := ir.IntValue(iv.Step)
	return !isConst || n <= 0
}

// selection lowers an if or switch statement whose branches hold loop
// directives (or calls of gang, worker or vector routines): Body
// statements under the if's or switch's header. An if with an else is
// { const int c = cond != 0; if (c) { then } if (!c) { else } }: the
// condition is evaluated once, as C evaluates it, and the else branch
// does not run when the then branch changes what it reads.
func (rg *region) selection(st *cc.Statement) ir.Node {
	ss := st.SelectionStatement
	line := st.Position().Line
	body := func(head ir.Statement, s *cc.Statement) *ir.Stmt {
		b := &ir.Stmt{Line: s.Position().Line, Head: head, Body: rg.items(s)}
		effects(b)
		return b
	}
	cond := rg.expr(ss.ExpressionList)
	switch ss.Case {
	case cc.SelectionStatementSwitch:
		s := &ir.Stmt{Line: line, Head: &ir.Switch{Line: line, Tag: cond}, Body: rg.switchItems(ss.Statement)}
		effects(s)
		return s
	case cc.SelectionStatementIf:
		s := body(&ir.If{Line: line, Cond: cond}, ss.Statement)
		s.Line = line
		return s
	}
	rg.conds++
	t := ir.IntConst(0).Type()
	c := &ir.Var{Name: ir.CondName(rg.conds), Type: t, Local: true, Class: ir.PrivateVar}
	decl := &ir.Stmt{Line: line, Decl: true, Names: []string{c.Name}, Tree: &ir.DeclStmt{Line: line, Locals: []*ir.Local{{
		Var: c, Spec: ir.Code{{Text: "const int"}}, Declarator: ir.Code{{Text: c.Name}},
		Init: &ir.Binary{Op: "!=", X: cond, Y: ir.IntConst(0), T: t}}}}}
	effects(decl)
	then := body(&ir.If{Line: line, Cond: &ir.Ref{Var: c}}, ss.Statement)
	then.Line = line
	els := body(&ir.If{Line: ss.Statement2.Position().Line, Cond: &ir.Unary{Op: "!", X: &ir.Ref{Var: c}, T: t}}, ss.Statement2)
	return &ir.Stmt{Line: line, Body: []ir.Node{decl, then, els}}
}

// switchItems lowers the body of a switch statement that selection
// lowers: its statements with case and default labels are Body
// statements under their labels, so that a code generator that runs a
// statement on one thread for the others never puts a label the switch
// jumps to under that guard.
func (rg *region) switchItems(st *cc.Statement) []ir.Node {
	if isCaseLabel(st) {
		ls := st.LabeledStatement
		s := &ir.Stmt{Line: st.Position().Line, Head: rg.label(ls), Body: rg.switchItems(ls.Statement)}
		effects(s)
		return []ir.Node{s}
	}
	if st.Case != cc.StatementCompound || rg.b.atomicAt[st] != nil {
		return rg.items(st)
	}
	var ns []ir.Node
	for l := st.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		if bi := l.BlockItem; bi.Case == cc.BlockItemStmt && isCaseLabel(bi.Statement) {
			ns = append(ns, rg.switchItems(bi.Statement)...)
		} else if n := rg.blockItem(bi); n != nil {
			ns = append(ns, n)
		}
	}
	return ns
}

// isCaseLabel reports whether st has a case or default label.
func isCaseLabel(st *cc.Statement) bool {
	return st.Case == cc.StatementLabeled && st.LabeledStatement.Case != cc.LabeledStatementLabel
}

// loopLines returns the lines of the loops in n, outermost first.
func loopLines(n cc.Node) []int {
	var lines []int
	walk(n, func(m cc.Node) bool {
		if is, ok := m.(*cc.IterationStatement); ok {
			line := is.Position().Line
			if len(lines) == 0 || lines[len(lines)-1] != line {
				lines = append(lines, line)
			}
		}
		return true
	})
	return lines
}

func (rg *region) holdsLoopDirective(st *cc.Statement) bool {
	found := false
	walk(st, func(n cc.Node) bool {
		if s, ok := n.(*cc.Statement); ok && s != st && rg.b.loopAt[s] != nil {
			found = true
		}
		return !found
	})
	return found
}

// loop lowers a for statement with a loop directive (or the loop of a
// combined construct) and the loops collapse or tile folds into it.
func (rg *region) loop(st *cc.Statement, dir *directives.Directive, pos diag.Pos) *ir.Loop {
	l := &ir.Loop{Pos: pos, Line: st.Position().Line}
	info := &loopInfo{Marked: true}
	rg.info[l] = info
	depth := 1
	force := false
	tile, folded := "", "collapsed" // for messages: the tile clause as written, and what its nest is
	for _, cl := range dir.Clauses {
		if cl.Group != nil {
			info.DeviceTypes = true
			continue
		}
		switch cl.Kind {
		case directives.ClauseGang:
			info.Explicit |= ir.Gang
			for _, g := range cl.Gang {
				if g.Kind == directives.GangDim {
					if n, ok := rg.p.ConstValue(g.X); ok { // directives.Check: 1, 2 or 3
						l.GangDim = int(n)
					}
				}
			}
		case directives.ClauseWorker:
			info.Explicit |= ir.Worker
		case directives.ClauseVector:
			info.Explicit |= ir.Vector
			if len(cl.Args) > 0 {
				if n, ok := rg.p.ConstValue(cl.Args[0]); ok && n > 0 {
					l.VectorLength = int(n)
				}
			}
		case directives.ClauseSeq:
			l.Seq = true
		case directives.ClauseAuto:
			info.Auto = true
		case directives.ClauseIndependent:
			info.Indep, info.IndepClause = true, true
		case directives.ClauseCollapse:
			if n, ok := rg.p.ConstValue(cl.Args[0]); ok && n > 0 {
				depth = int(n)
			}
			force = cl.Force
		case directives.ClauseTile:
			depth = len(cl.Args)
			tile, folded = "tile("+clauseArgs(cl)+")", "tiled"
			l.Tile = rg.tileSizes(dir, cl)
		}
	}
	cur := st
	var body *cc.Statement
	var decls []*cc.Declarator
	var intervening []ir.Node
	for i := 0; i < depth; i++ {
		iv, b, d, ok := rg.canonical(cur)
		if !ok {
			return nil
		}
		for _, od := range decls {
			if rg.mentions(cur, od) {
				rg.errorf(posOf(cur), diag.CodeUnsupported, "%s loops must be rectangular: the bounds of this loop depend on '%s'", folded, od.Name())
				return nil
			}
		}
		decls = append(decls, d)
		l.Nest = append(l.Nest, iv)
		brk, cont := jumpsOf(b)
		for _, js := range brk {
			info.Breaks = append(info.Breaks, posOf(js))
		}
		l.Break = l.Break || len(brk) > 0
		l.Continue = l.Continue || len(cont) > 0
		body = b
		if i < depth-1 {
			next, pre := nestedLoop(b, force)
			if next == nil {
				switch {
				case force:
					rg.errorf(posOf(b), diag.CodeLoopNest, "collapse(force:%d) needs a for loop as the last statement of each of the %d loops", depth, depth)
				case tile != "":
					rg.errorf(posOf(b), diag.CodeLoopNest, "%s needs %d tightly nested for loops (§2.9.8)", tile, depth)
				default:
					rg.errorf(posOf(b), diag.CodeLoopNest, "collapse(%d) needs %d tightly nested for loops (collapse(force:%d) moves the code between them into the innermost loop)", depth, depth, depth)
				}
				return nil
			}
			// collapse(force:n): the code between the loops runs for each
			// iteration of the collapsed nest (OpenACC 3.4 §2.9.1).
			for _, p := range pre {
				intervening = append(intervening, rg.items(p)...)
			}
			cur = next
		}
	}
	for _, cl := range dir.Clauses {
		if cl.Group != nil {
			continue
		}
		switch cl.Kind {
		case directives.ClausePrivate:
			for _, x := range cl.Vars {
				if v := rg.loopVar(x); v != nil {
					if _, ds := dims(x); len(ds) > 0 && v.Type.Kind != ir.Array {
						rg.errorf(x.Pos(), diag.CodeUnsupported, "private section of pointer '%s' is not supported yet; declare an array", v.Name)
						continue
					}
					if controls(l, v) || opt.ContainsVar(l.Private, v) {
						// The loop's own index (of any loop collapse or
						// tile folds in) is private already (§2.6.1):
						// each iteration declares it; a variable named
						// twice gets one copy.
						continue
					}
					l.Private = append(l.Private, v)
				}
			}
		case directives.ClauseReduction:
			for _, x := range cl.Vars {
				v := rg.loopVar(x)
				if v == nil {
					continue
				}
				red := rg.reductionItem(cl, x, v)
				if red == nil {
					continue
				}
				if r := loopReduction(l, red.Var); r != nil {
					rg.sameReduction(x, r, red)
					continue
				}
				_, red.Local = rg.localOf(v)
				if !red.Local {
					rg.reductionVar(red.Var)
				}
				l.Reduce = append(l.Reduce, red)
			}
		}
	}
	info.Exits = rg.gotosLeave(body)
	// A loop that may take the gang level ends the gang-redundant code
	// around it (§2.5.1).
	mayGang := !l.Seq && (info.Explicit == 0 || info.Explicit.Has(ir.Gang) || info.DeviceTypes)
	if mayGang {
		rg.gangDepth++
	}
	rg.loopDepth++
	l.Body = append(intervening, rg.items(body)...)
	rg.loopDepth--
	if mayGang {
		rg.gangDepth--
	}
	return l
}

// loopReduction returns l's reduction of v, or nil.
func loopReduction(l *ir.Loop, v *ir.Var) *ir.Reduction {
	for _, r := range l.Reduce {
		if r.Var == v {
			return r
		}
	}
	return nil
}

// controls reports whether v is the index of one of the loops of l's
// nest.
func controls(l *ir.Loop, v *ir.Var) bool {
	for _, iv := range l.Nest {
		if iv.Var == v {
			return true
		}
	}
	return false
}

// loopVar resolves a variable of a loop clause.
func (rg *region) loopVar(x directives.Expr) *ir.Var {
	name := baseName(x)
	var d *cc.Declarator
	// The loop's clause is checked in the loop's scope, where locals of
	// the region are visible: find the declaration by name among the
	// region's declarations first.
	var in cc.Node = rg.p.Stmt
	if rg.fn != nil {
		in = rg.fn // a routine: its parameters too
	}
	walk(in, func(n cc.Node) bool {
		if dd, ok := n.(*cc.Declarator); ok && dd.Name() == name && rg.inside(dd) {
			d = dd
		}
		return true
	})
	if d != nil && rg.isLocal(d) {
		return rg.localVar(d)
	}
	if d != nil {
		return rg.varOf(d) // a variable of a kernels construct
	}
	if d = rg.p.Lookup(name); d != nil {
		v := rg.varOf(d)
		return v
	}
	rg.errorf(x.Pos(), diag.CodeUndeclared, "'%s' is not declared", name)
	return nil
}

func (rg *region) localOf(v *ir.Var) (*cc.Declarator, bool) {
	for d, lv := range rg.locals {
		if lv == v {
			return d, true
		}
	}
	return nil, false
}

// mentions reports whether n refers to d.
func (rg *region) mentions(n cc.Node, d *cc.Declarator) bool {
	found := false
	if is := n.(*cc.Statement).IterationStatement; is != nil {
		for _, part := range []cc.Node{is.Declaration, is.ExpressionList, is.ExpressionList2, is.ExpressionList3} {
			walk(part, func(m cc.Node) bool {
				if pe, ok := m.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && declOf(pe) == d {
					found = true
				}
				return !found
			})
		}
	}
	return found
}

// nestedLoop returns the for statement that is s or the only statement of
// the block s; with force, the last statement of the block, and the
// statements before it.
func nestedLoop(s *cc.Statement, force bool) (*cc.Statement, []*cc.Statement) {
	var pre []*cc.Statement
	for s != nil && s.Case == cc.StatementCompound {
		var items []*cc.BlockItem
		for l := s.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			items = append(items, l.BlockItem)
		}
		if len(items) == 0 {
			return nil, nil
		}
		last := items[len(items)-1]
		if last.Case != cc.BlockItemStmt || (len(items) > 1 && !force) {
			return nil, nil
		}
		for _, it := range items[:len(items)-1] {
			if it.Case != cc.BlockItemStmt && it.Case != cc.BlockItemDecl {
				return nil, nil
			}
			pre = append(pre, blockItemStmt(it))
		}
		s = last.Statement
	}
	if s != nil && isFor(s) {
		return s, pre
	}
	return nil, nil
}

// blockItemStmt wraps a block item as a statement for items().
func blockItemStmt(it *cc.BlockItem) *cc.Statement {
	if it.Case == cc.BlockItemStmt {
		return it.Statement
	}
	return &cc.Statement{Case: cc.StatementCompound, CompoundStatement: &cc.CompoundStatement{
		BlockItemList: &cc.BlockItemList{BlockItem: it}}}
}

// bound lowers a loop bound or step, noting in iv whether it uses a
// variable declared inside the region (which the host cannot evaluate).
func (rg *region) bound(n cc.ExpressionNode, iv *ir.IndexVar) ir.Expr {
	e := rg.expr(n)
	if ir.AnyExpr(e, func(x ir.Expr) bool {
		switch x := x.(type) {
		case *ir.Ref:
			return x.Var.Local || x.Var.Construct
		case *ir.Opaque:
			return true // what it names is not known
		}
		return false
	}) {
		iv.Local = true
	}
	return e
}

// implicitLoop returns a for loop of a kernels construct that has no
// directive as a Loop the depend pass may partition (§2.5.3: the compiler
// finds the parallelism of a kernels construct), or nil when the loop is
// not in the canonical form of §2.9, breaks, or its body assigns its
// index or a variable of its bounds: it then stays a statement that runs
// sequentially.
func (rg *region) implicitLoop(st *cc.Statement) *ir.Loop {
	rg.probing = true
	iv, body, _, ok := rg.canonical(st)
	rg.probing = false
	if !ok || iv.Never {
		return nil
	}
	if brk, _ := jumpsOf(body); len(brk) > 0 || rg.gotosLeave(body) {
		return nil
	}
	is := st.IterationStatement
	control := map[*cc.Declarator]bool{}
	for _, part := range []cc.Node{is.Declaration, is.ExpressionList, is.ExpressionList2, is.ExpressionList3} {
		walk(part, func(n cc.Node) bool {
			if pe, ok := n.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent {
				if d := declOf(pe); d != nil {
					control[d] = true
				}
			}
			if id, ok := n.(*cc.InitDeclarator); ok && id.Declarator != nil {
				control[id.Declarator] = true
			}
			return true
		})
	}
	if rg.assigns(body, control) {
		return nil
	}
	_, cont := jumpsOf(body)
	l := &ir.Loop{Pos: posOf(st), Line: st.Position().Line, Nest: []*ir.IndexVar{iv}, Continue: len(cont) > 0}
	rg.info[l] = &loopInfo{Implicit: true}
	rg.loopDepth++
	l.Body = rg.items(body)
	rg.loopDepth--
	return l
}

// assigns reports whether n assigns (or takes the address of) one of
// the variables of ds.
func assigns(n cc.Node, ds map[*cc.Declarator]bool) bool {
	found := false
	walk(n, func(m cc.Node) bool {
		assigned(m, func(e cc.Node) {
			if id := rootIdent(e); id != nil && ds[declOf(id)] {
				found = true
			}
		})
		return !found
	})
	return found
}

// canonical reads a loop in the canonical form of OpenACC 3.4 §2.9:
// for (i = lo; i < hi; i += step) with <, <=, >, >= and ++, --, +=, -=.
func (rg *region) canonical(st *cc.Statement) (*ir.IndexVar, *cc.Statement, *cc.Declarator, bool) {
	fail := func(what string) (*ir.IndexVar, *cc.Statement, *cc.Declarator, bool) {
		if !rg.probing {
			rg.errorf(posOf(st), diag.CodeLoopForm, "this loop cannot be partitioned: %s (OpenACC loops need the form 'for (i = lo; i < hi; i += step)')", what)
		}
		return nil, nil, nil, false
	}
	if !isFor(st) {
		return fail("it is not a for loop")
	}
	is := st.IterationStatement
	iv := &ir.IndexVar{Line: st.Position().Line}
	var d *cc.Declarator
	var lo cc.ExpressionNode
	cond, incr := is.ExpressionList2, is.ExpressionList3
	if is.Case == cc.IterationStatementForDecl {
		cond, incr = is.ExpressionList, is.ExpressionList2
		idl := is.Declaration.InitDeclaratorList
		if idl == nil || idl.InitDeclaratorList != nil || idl.InitDeclarator.Initializer == nil ||
			idl.InitDeclarator.Initializer.Case != cc.InitializerExpr {
			return fail("the initialisation must declare one variable with a value")
		}
		d = idl.InitDeclarator.Declarator
		lo = idl.InitDeclarator.Initializer.AssignmentExpression
		iv.Declare = true
	} else {
		id := assignedIdent(is.ExpressionList)
		if id == nil {
			return fail("the initialisation is not 'i = lo'")
		}
		d = declOf(id)
		a := unwrapList(is.ExpressionList).(*cc.AssignmentExpression)
		lo = a.AssignmentExpression
	}
	if d == nil {
		return fail("the loop variable is not a variable")
	}
	if !cc.IsIntegerType(d.Type()) {
		return fail(fmt.Sprintf("the loop variable '%s' is not an integer", d.Name()))
	}
	if rg.isLocal(d) {
		iv.Var = rg.local(d)
	} else {
		iv.Var = rg.varOf(d)
		rg.indexVars[d] = true
	}
	iv.Lo = rg.bound(lo, iv)
	rel, ok := unwrapList(cond).(*cc.RelationalExpression)
	if !ok {
		return fail("the condition is not a comparison with <, <=, > or >=")
	}
	cmp := map[cc.RelationalExpressionCase]ir.CmpOp{cc.RelationalExpressionLt: ir.Less, cc.RelationalExpressionGt: ir.Greater,
		cc.RelationalExpressionLeq: ir.LessEq, cc.RelationalExpressionGeq: ir.GreaterEq}[rel.Case]
	if cmp == 0 {
		return fail("the condition is not a comparison with <, <=, > or >=")
	}
	if id := rootIdent(rel.RelationalExpression); id != nil && declOf(id) == d {
		iv.Hi = rg.bound(rel.ShiftExpression, iv)
	} else if id := rootIdent(rel.ShiftExpression); id != nil && declOf(id) == d {
		iv.Hi = rg.bound(rel.RelationalExpression, iv)
		cmp = map[ir.CmpOp]ir.CmpOp{ir.Less: ir.Greater, ir.Greater: ir.Less, ir.LessEq: ir.GreaterEq, ir.GreaterEq: ir.LessEq}[cmp]
	} else {
		return fail(fmt.Sprintf("the condition does not compare '%s'", d.Name()))
	}
	iv.Cmp = cmp
	switch x := unwrapList(incr).(type) {
	case *cc.PostfixExpression:
		if (x.Case != cc.PostfixExpressionInc && x.Case != cc.PostfixExpressionDec) || !isIdentOf(x.PostfixExpression, d) {
			return fail("the increment is not i++, i--, i += step or i -= step")
		}
		iv.Step = rg.one()
		iv.Down = x.Case == cc.PostfixExpressionDec
	case *cc.UnaryExpression:
		if (x.Case != cc.UnaryExpressionInc && x.Case != cc.UnaryExpressionDec) || !isIdentOf(x.UnaryExpression, d) {
			return fail("the increment is not i++, i--, i += step or i -= step")
		}
		iv.Step = rg.one()
		iv.Down = x.Case == cc.UnaryExpressionDec
	case *cc.AssignmentExpression:
		if (x.Case != cc.AssignmentExpressionAdd && x.Case != cc.AssignmentExpressionSub) || !isIdentOf(x.UnaryExpression, d) {
			return fail("the increment is not i++, i--, i += step or i -= step")
		}
		if !cc.IsIntegerType(x.AssignmentExpression.Type()) {
			return fail("the step is not an integer")
		}
		iv.Step = rg.bound(x.AssignmentExpression, iv)
		iv.Down = x.Case == cc.AssignmentExpressionSub
		switch v, ok := x.AssignmentExpression.Value().(cc.Int64Value); {
		case ok && v < 0:
			return fail("the step must be positive with += and -=")
		case ok && v == 0:
			if !rg.probing {
				rg.errorf(posOf(st), diag.CodeLoopForm, "this loop cannot be partitioned: its step is zero, so in C it never ends once it starts (a loop's trip count must be computable when it starts, OpenACC 3.4 §2.9); add 'seq' to run it as written")
			}
			return nil, nil, nil, false
		}
		// A step the compiler does not know is checked when the loop
		// starts (kernel.Trip, accrt_trip_checked).
	default:
		return fail("the increment is not i++, i--, i += step or i -= step")
	}
	if iv.Down != cmp.Descending() {
		// for (i = 0; i > n; i++): zero iterations when the condition is
		// false at the start; otherwise the loop would never end.
		iv.Never = true
		if rg.probing {
			return fail("the condition and the increment go in opposite directions")
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: posOf(st), Severity: diag.Warning, Code: diag.CodeLoopForm,
			Msg: "the loop's condition and increment go in opposite directions: it runs zero times, or never ends if the condition holds at the start, where the program stops with an error"})
	}
	return iv, is.Statement, d, true
}

func unwrapList(n cc.ExpressionNode) cc.ExpressionNode {
	if l, ok := n.(*cc.ExpressionList); ok && l != nil && l.ExpressionList == nil {
		return l.AssignmentExpression
	}
	return n
}

func isIdentOf(n cc.Node, d *cc.Declarator) bool {
	id := rootIdent(n)
	return id != nil && declOf(id) == d
}

// jumpsOf returns the break and continue statements in n that leave it:
// those not inside a loop in n, nor, for break, inside a switch in n.
func jumpsOf(n cc.Node) (breaks, continues []*cc.JumpStatement) {
	var visit func(n cc.Node, inSwitch bool)
	visit = func(n cc.Node, inSwitch bool) {
		walk(n, func(m cc.Node) bool {
			switch x := m.(type) {
			case *cc.IterationStatement:
				return false
			case *cc.SelectionStatement:
				if x.Case == cc.SelectionStatementSwitch && !inSwitch {
					visit(x, true)
					return false
				}
			case *cc.JumpStatement:
				switch x.Case {
				case cc.JumpStatementBreak:
					if !inSwitch {
						breaks = append(breaks, x)
					}
				case cc.JumpStatementContinue:
					continues = append(continues, x)
				}
			}
			return true
		})
	}
	visit(n, false)
	return breaks, continues
}

// reductions decides where loop reductions combine: a reduction on a loop
// that spans gangs goes through a device cell, like a construct-level one
// (§2.9.11); others combine inside the gang.
func (rg *region) reductions(ns []ir.Node) {
	ir.Visit(ns, func(n ir.Node) {
		x, ok := n.(*ir.Loop)
		if !ok {
			return
		}
		for _, r := range x.Reduce {
			if r.Section != nil && !r.Implicit && (r.Local || !x.Levels.Has(ir.Gang)) {
				// (An implicit one reduces an element the loop's own
				// statement names: opt's elementReductions.)
				rg.kernelBound(x, r)
			}
			if c, ok := rg.reduced[r.Var]; ok && !r.Local && sectionText(c) != sectionText(r) {
				// The loop's copies index the construct's section.
				rg.errorf(x.Pos, diag.CodeReduction, "reduction on '%s' at the loop and on '%s' at the construct: a loop inside a construct that reduces an array must reduce the same elements", sectionText(r), sectionText(c))
				continue
			}
			if r.Local || !x.Levels.Has(ir.Gang) {
				continue
			}
			if _, ok := rg.reduced[r.Var]; !ok {
				red := &ir.Reduction{Op: r.Op, Var: r.Var, Name: r.Name, Type: r.Type, Section: r.Section, Len: r.Len}
				r.Var.Class = ir.Reduced
				rg.explicit[r.Var] = true
				rg.reduced[r.Var] = red
				rg.r.Reductions = append(rg.r.Reductions, red)
			}
		}
	})
}

// sectionText spells the elements a reduction reduces, "" for a scalar.
func sectionText(r *ir.Reduction) string {
	if r.Section == nil {
		return ""
	}
	return r.Section.String()
}

// kernelBound checks that the kernel can evaluate the first index of a
// section a loop inside the gang reduces (the construct passes the
// bounds of its own reductions): a constant, or variables of the region.
func (rg *region) kernelBound(l *ir.Loop, r *ir.Reduction) {
	for _, w := range ir.ExprVars(r.Lo()) {
		known := false
		for _, v := range rg.r.Vars {
			known = known || v == w
		}
		for d, v := range rg.b.hostVars {
			known = known || v == w && rg.inside(d)
		}
		if !known {
			rg.errorf(l.Pos, diag.CodeReduction, "reduction on '%s': the section's bounds may use only constants and variables the compute region uses", r.Section)
			return
		}
	}
}

// kernelsScalars decides, for a kernels construct, which written scalars
// stay in device memory: those written outside partitioned loops, those
// atomic constructs update, and those an outermost partitioned loop
// reduces (its threads combine into the variable). A scalar written only
// inside partitioned loops is otherwise private to their iterations (the
// depend pass and sharedScalars privatise a scalar only so).
func (rg *region) kernelsScalars() {
	// inPar: n is inside a partitioned loop.
	visit := func(n ir.Node, inPar bool) (bool, bool) {
		switch x := n.(type) {
		case *ir.Stmt:
			if !inPar {
				for _, v := range x.Writes {
					rg.kernelsShared[v] = true
				}
			}
			// A scalar that atomic constructs update is shared by
			// the threads that update it (§2.12).
			ir.InspectStatement(x.Tree, func(t ir.Statement) bool {
				if a, ok := t.(*ir.Atomic); ok {
					if v := opt.AtomicTarget(a); v != nil && !v.Local {
						rg.kernelsShared[v] = true
					}
				}
				return true
			}, nil)
		case *ir.Loop:
			if !inPar && x.Levels != 0 {
				for _, r := range x.Reduce {
					if r.Var != nil && !r.Local && r.Section == nil {
						rg.kernelsShared[r.Var] = true
					}
				}
			}
			return inPar || x.Levels != 0, true
		}
		return inPar, true
	}
	for _, k := range rg.r.Kernels {
		ir.InspectWith(k.Body, false, visit)
	}
}
