package lower

import (
	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// Gotos in device code. checkJumps keeps a construct's gotos inside its
// statement; there each is C's goto as long as the code between the goto
// and its label runs the way C runs it. A goto may not leave the
// iteration of a partitioned loop (§2.9: its trip count is computable
// when it starts, as for break) nor enter any loop the IR counts
// (ir.Loop: its index comes from the iteration number). A goto and its
// label are in one kernel: kernelsBody joins the statements of a kernels
// construct between them into one serial kernel, and hostLoops leaves
// loops with gotos on the device. On the GPU, code that the threads of a
// gang or worker run redundantly puts each statement with effects under
// a one-thread guard: a goto from or to such a statement would split the
// threads, so it must stay inside one statement.

// gotoSite is a goto or a label in kernel k: the nodes around it,
// outermost first, ending with the statement that holds it.
type gotoSite struct {
	k    *ir.Kernel
	path []ir.Node
	line int
}

// gotoProblem says why a goto at from cannot jump to its label at to, or
// "".
func (rg *region) gotoProblem(from, to gotoSite) string {
	c := 0
	for c < len(from.path) && c < len(to.path) && from.path[c] == to.path[c] {
		c++
	}
	for _, n := range from.path[c:] {
		if l, ok := n.(*ir.Loop); ok {
			switch {
			case l.Levels != 0:
				return "cannot leave a partitioned loop (" + opt.LevelNames(l.Levels) + "): the trip count of a loop construct must be computable when the loop starts (OpenACC 3.4 §2.9); jump within the iteration, or add 'seq' to the loop directive"
			case len(l.Reduce) > 0:
				return "cannot leave a loop with a reduction clause: the reduction would not combine"
			}
		}
	}
	for _, n := range to.path[c:] {
		switch x := n.(type) {
		case *ir.Loop:
			return "cannot enter a loop from outside it: the loop's index comes from its iteration"
		case *ir.Stmt:
			if x.Loops() && x != to.path[len(to.path)-1] {
				return "cannot enter a loop from outside it: the loop's index comes from its iteration"
			}
		}
	}
	if rg.b.opts.Target != "gpu" || len(from.path) == c && len(to.path) == c {
		return ""
	}
	// Different statements: on the GPU, at a level whose threads run the
	// code redundantly, statements with effects run on one thread.
	var ctx ir.Level
	for _, n := range from.path[:c] {
		if l, ok := n.(*ir.Loop); ok {
			ctx |= l.Levels
		}
	}
	k := from.k
	leaf := func(s gotoSite) *ir.Stmt { return s.path[len(s.path)-1].(*ir.Stmt) }
	if (k.Vector > 1 && !ctx.Has(ir.Vector) || k.Workers > 1 && !ctx.Has(ir.Worker)) && (leaf(from).Shared() || leaf(to).Shared()) {
		return "goes from one statement to another in code that the threads of a gang or worker run redundantly, where the GPU runs each statement with effects on one thread; this is not supported yet: put the goto and its label in one block"
	}
	return ""
}

// gotosLeave reports whether a goto in n jumps to a label outside n.
func gotosLeave(n cc.Node) bool {
	inside := labelsIn(n)
	found := false
	walk(n, func(m cc.Node) bool {
		if js, ok := m.(*cc.JumpStatement); ok && (js.Case == cc.JumpStatementGoto && !inside[js.Token2.SrcStr()] || js.Case == cc.JumpStatementGotoExpr) {
			found = true
		}
		return !found
	})
	return found
}

// gotoBypass finds the declarations with an initializer that a goto of
// the region jumps past: in scope where its label is and not where the
// goto is. C allows the jump (the variable's value is then
// indeterminate); C++, in which CUDA compiles kernels, does not. On the
// GPU such a local of scalar or pointer type is declared first and
// assigned where its declaration was (ir.Local.Assign), which is the same
// C; an array, struct or for loop variable cannot be, and is an error.
func (rg *region) gotoBypass() {
	if rg.b.opts.Target != "gpu" {
		return
	}
	type scoped struct {
		d          *cc.Declarator
		start, end int // token sequence numbers: the declarator to the end of its scope
		inFor      bool
	}
	var decls []scoped
	labels := map[string]int{}
	type jump struct {
		js  *cc.JumpStatement
		seq int
	}
	var gotos []jump
	// The last token of each for loop, from the ends of its parts: not
	// cc.NodeTokens per loop, whose work is the nest's depth squared.
	seqs := &spanCache{ends: map[cc.Node]int{}, seqs: true}
	lastSeq := seqs.end
	add := func(decl *cc.Declaration, end int, inFor bool) {
		for l := decl.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if id := l.InitDeclarator; id != nil && id.Initializer != nil && id.Declarator.StorageDuration() == cc.Automatic {
				name := id.Declarator.NameTok()
				decls = append(decls, scoped{id.Declarator, name.Seq(), end, inFor})
			}
		}
	}
	walk(rg.p.Stmt, func(n cc.Node) bool {
		switch x := n.(type) {
		case *cc.CompoundStatement:
			for l := x.BlockItemList; l != nil; l = l.BlockItemList {
				if l.BlockItem.Case == cc.BlockItemDecl {
					add(l.BlockItem.Declaration, x.Token2.Seq(), false)
				}
			}
		case *cc.IterationStatement:
			if x.Case == cc.IterationStatementForDecl {
				add(x.Declaration, lastSeq(x), true)
			}
		case *cc.LabeledStatement:
			if x.Case == cc.LabeledStatementLabel {
				labels[x.Token.SrcStr()] = x.Token.Seq()
			}
		case *cc.JumpStatement:
			if x.Case == cc.JumpStatementGoto {
				gotos = append(gotos, jump{x, x.Token.Seq()})
			}
		}
		return true
	})
	for _, g := range gotos {
		l, ok := labels[g.js.Token2.SrcStr()]
		if !ok {
			continue
		}
		for _, d := range decls {
			if !(d.start < l && l < d.end) || d.start < g.seq && g.seq < d.end {
				continue
			}
			if t := d.d.Type(); !d.inFor && cc.IsScalarType(t) && !hasVLA(t) {
				rg.assigned[d.d] = true
			} else {
				rg.errorf(posOf(g.js), diag.CodeUnsupported, "'goto %s' jumps past the initialization of '%s', which CUDA C++ does not allow for an array, a struct or a for loop's variable; declare '%s' without an initializer and assign it", g.js.Token2.SrcStr(), d.d.Name(), d.d.Name())
			}
		}
	}
}
