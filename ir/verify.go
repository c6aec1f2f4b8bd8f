package ir

import (
	"fmt"
	"slices"
	"strings"
)

// Facts are what the lowering of a compute construct has established so
// far: the properties its passes require and provide (GCC's
// properties_required/provided). Each holds from the pass that provides
// it on; Verify checks the invariants of those it has invariants for.
type Facts uint32

const (
	// FactVars: Region.Vars lists the variables from outside the
	// region that its code names.
	FactVars Facts = 1 << iota
	// FactClauses: the construct's clauses are applied: if, async, wait,
	// explicit data maps, private, firstprivate, construct reductions.
	FactClauses
	// FactNests: the kernels and their loop nests exist.
	FactNests
	// FactSource: what the C source says of the construct's variables
	// that the IR does not (liveness after the construct, restrict,
	// device pointers) is recorded for the IR-only passes.
	FactSource
	// FactAccesses: each statement lists its references (Stmt.Accesses).
	FactAccesses
	// FactIndependence: the loops the compiler may schedule are known
	// parallel or not, with the scalars and arrays they privatise and the
	// reductions they perform.
	FactIndependence
	// FactCollapsed: kernels constructs' parallel nests are collapsed.
	FactCollapsed
	// FactHostLoops: kernels constructs' sequential outer loops run on
	// the host.
	FactHostLoops
	// FactCoalesce: the loops the compiler may give gang and vector
	// together know whether they should (Loop.Coalesce).
	FactCoalesce
	// FactLevels: every loop has its partitioning levels.
	FactLevels
	// FactSplit: kernels that run a reduction loop split over the block's
	// rows have their Split loop.
	FactSplit
	// FactLoopReductions: the reductions the dependence pass recognised
	// are clauses of the loops that partition them.
	FactLoopReductions
	// FactConstructReductions: gang-loop reductions are the construct's.
	FactConstructReductions
	// FactShape: every kernel has its block shape and gang loop.
	FactShape
	// FactClasses: every region variable has its data attribute and,
	// where it needs one, its Map.
	FactClasses
	// FactParams: every kernel has its parameters and privates.
	FactParams
	// FactVersions: kernels that assume pointers do not alias have their
	// serial fallback.
	FactVersions
	// FactNames: every kernel has its name.
	FactNames
	// FactGrid: every kernel has its launch geometry.
	FactGrid
	// FactIndexWidths: the loops that count in 32 bits are marked.
	FactIndexWidths
	// FactStaged: tiled kernels have their shared-memory staging.
	FactStaged
	// FactBlockLoops: host loops that one block of threads may run in
	// one launch have their one-block form (HostLoop.Block).
	FactBlockLoops
)

// A Problem is one broken invariant of the IR: the line of the construct,
// kernel, loop or statement it is about (a line of Program.Src), and
// what is wrong.
type Problem struct {
	Line int
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("line %d: %s", p.Line, p.Msg) }

// Verify checks the invariants of compute construct c that facts says
// hold, and returns those it finds broken: none for IR that lowering built
// correctly. The invariants, by fact:
//
//   - FactNests: each kernel's body is Loops and Stmts, each node once; a
//     loop has a canonical control for each loop collapse folds in, with
//     distinct variables, and a positive tile size for each or none
//     (§2.9.8: tile folds in as many loops as it has sizes); a statement that holds
//     nested items (Body) has no tree of its own; a kernels construct's
//     host code launches each kernel once, and its host loops are
//     outside the kernels.
//   - FactVars: every variable kernel code names (in an expression, a
//     loop's bounds, a declaration's text) and every variable a loop's
//     reduction clause names (whose result updates it) is a region
//     variable (Region.Vars) or one the kernel declares (Var.Local).
//   - FactCoalesce: a loop marked Coalesce is not seq and holds a loop;
//     with FactLevels, it has the vector level wherever it has the gang
//     level.
//   - FactLevels: gang outside worker outside vector, each level once in
//     a nest (§2.9.2–§2.9.4; a gang(dim:d) loop holds gang loops of
//     lower dimensions only); no seq loop, no loop of a serial kernel and
//     no host loop partitioned. The one exception is a kernel's Split
//     loop, a worker loop directly inside the gang vector loop.
//   - FactShape: a block of at least one thread; the gang loop, the split
//     and staged loops and the loops that size grid dimensions are loops
//     of the kernel, the gang loop and those sizing dimensions gang
//     loops; serial kernels have no gang loop.
//   - FactClasses: each region variable once; a variable's Map is one of
//     the construct's and maps it; ByPointer and ArrayData variables are
//     mapped (or stand for a member, or hold a length the host passes);
//     a data clause that moves a region variable's data makes it
//     ByPointer, ArrayData or Reduced, a private or firstprivate clause
//     of the construct ByValue, PrivateVar, FirstArray or
//     PrivateSection; a variable is Reduced exactly
//     when a construct-level reduction names it; private sections have
//     their section, firstprivate arrays are the construct's privates.
//   - FactParams: a kernel's parameters are region variables, each once,
//     none PrivateVar; every region variable the kernel uses (outside the
//     loops whose private clause covers it) is a parameter, or, when
//     PrivateVar, a private of the kernel unless only loops it controls
//     use it (each loop declares its own control, §2.6.1); every
//     parameter is used or brings what a used one needs (the lengths of
//     its rows, the struct of a member); the kernel's reductions are the
//     construct's, its read-only arrays and alias pairs its parameters.
//   - FactNames: the region's kernels have distinct names.
//   - FactGrid: every dimension of a kernel's grid has gangs, sized by
//     the trip counts of the kernel's loops or a count of at least one;
//     the block's rows vary exactly for a split kernel (grid.go).
//   - FactBlockLoops: a host loop's one-block form calls the kernels its
//     body launches, in order, each with its lanes, and passes the
//     loop's control to its kernel, a block of BlockThreads threads.
func Verify(c *Construct, facts Facts) []Problem {
	v := &verifier{facts: facts}
	if c.Region == nil {
		v.add(c.Line, "compute construct without a region")
		return v.probs
	}
	v.region(c, c.Region)
	return v.probs
}

// VerifyRoutine checks a routine's device version as Verify checks a
// compute construct's kernels after the levels are known: its body's
// nests, variables (its parameters are declared) and levels, where the
// routine partitions only its own level and finer ones (§2.15.1; a seq
// routine none).
func VerifyRoutine(rt *Routine) []Problem {
	v := &verifier{facts: FactVars | FactNests | FactCoalesce | FactLevels}
	if rt.Kernel == nil || rt.Region == nil {
		v.add(rt.Line, fmt.Sprintf("routine %s without a body", rt.Name))
		return v.probs
	}
	v.vars = map[*Var]bool{}
	for _, x := range append(slices.Clip(rt.Region.Vars), rt.Globals...) {
		v.vars[x] = true
	}
	v.declared = map[*Var]bool{}
	for _, p := range rt.Params {
		v.declared[p] = true
	}
	v.kernel(rt.Kernel, rt.Level.Ctx())
	return v.probs
}

// VerifyProgram checks what holds across a file's constructs: its kernels
// and device routines have distinct names (each is a function of the
// generated files).
func VerifyProgram(p *Program) []Problem {
	v := &verifier{}
	names := map[string]bool{}
	add := func(line int, name string) {
		if names[name] {
			v.add(line, fmt.Sprintf("two device functions are named %s", name))
		}
		names[name] = true
	}
	for _, c := range p.Constructs {
		if c.Region != nil {
			for _, k := range c.Region.AllKernels() {
				add(k.Line, k.Name)
			}
		}
	}
	for _, rt := range p.Routines {
		add(rt.Line, DeviceName(rt.Name))
	}
	return v.probs
}

type verifier struct {
	facts Facts
	probs []Problem
	// vars are the region's variables; declared the variables the
	// kernel being checked declares (and a routine's parameters), and
	// declaredNames the names its declarations declare: those the IR
	// does not split into variables (DeclStmt.Opaque) declare names
	// only.
	vars, declared map[*Var]bool
	declaredNames  map[string]bool
	// seen are the nodes of the kernel being checked.
	seen map[Node]bool
}

func (v *verifier) add(line int, msg string) {
	v.probs = append(v.probs, Problem{Line: line, Msg: msg})
}

func (v *verifier) has(f Facts) bool { return v.facts&f == f }

func (v *verifier) region(c *Construct, r *Region) {
	v.vars = map[*Var]bool{}
	for _, x := range r.Vars {
		if v.vars[x] && v.has(FactClasses) {
			v.add(c.Line, fmt.Sprintf("region variable %s is listed twice", x.Name))
		}
		v.vars[x] = true
	}
	if !v.has(FactNests) {
		return
	}
	if v.has(FactClasses) {
		v.classes(c, r)
	}
	for _, k := range r.AllKernels() {
		v.declared = map[*Var]bool{}
		v.kernel(k, 0)
		if v.has(FactParams) {
			v.params(r, k)
		}
	}
	v.host(c, r)
	if v.has(FactNames) {
		names := map[string]bool{}
		for _, k := range r.AllKernels() {
			if k.Name == "" || names[k.Name] {
				v.add(k.Line, fmt.Sprintf("kernel name %q is empty or taken", k.Name))
			}
			names[k.Name] = true
		}
	}
}

// kernel checks k's body (its nests, variables and levels; ctx is what
// the caller of a routine partitions) and its shape.
func (v *verifier) kernel(k *Kernel, ctx Level) {
	v.seen = map[Node]bool{}
	vars, names := declaredIn(k.Body)
	for x := range vars {
		v.declared[x] = true
	}
	v.declaredNames = names
	v.nodes(k, k.Body, ctx, 0)
	if !v.has(FactShape) {
		return
	}
	if k.Vector < 1 || k.Workers < 1 {
		v.add(k.Line, fmt.Sprintf("kernel %s has a block of %d vector lanes by %d workers", k.Name, k.Vector, k.Workers))
	}
	loops := []*Loop{k.GangLoop, k.Split}
	if k.Stage != nil {
		loops = append(loops, k.Stage.Loop)
	}
	for _, l := range append(loops, k.DimLoops[:]...) {
		if l != nil && !v.seen[l] {
			v.add(l.Line, fmt.Sprintf("kernel %s names a loop that is not in its body", k.Name))
		}
	}
	for _, l := range append([]*Loop{k.GangLoop}, k.DimLoops[:]...) {
		if l != nil && !l.Levels.Has(Gang) {
			v.add(l.Line, fmt.Sprintf("kernel %s sizes its grid by a %s loop", k.Name, l.Levels))
		}
	}
	if k.Serial && k.GangLoop != nil {
		v.add(k.Line, fmt.Sprintf("serial kernel %s has a gang loop", k.Name))
	}
	if v.has(FactGrid) {
		v.grid(k)
	}
}

// declaredIn returns the variables the code of ns declares (in
// declarations, for headers, and loops' controls, private and reduction
// clauses) and the names its statements declare.
func declaredIn(ns []Node) (map[*Var]bool, map[string]bool) {
	vars, names := map[*Var]bool{}, map[string]bool{}
	decl := func(s Statement) {
		InspectStatement(s, func(t Statement) bool {
			if ds, ok := t.(*DeclStmt); ok {
				for _, l := range ds.Locals {
					vars[l.Var] = true
				}
			}
			return true
		}, nil)
	}
	Visit(ns, func(n Node) {
		switch x := n.(type) {
		case *Stmt:
			decl(x.Tree)
			decl(x.Head)
			for _, n := range x.Names {
				names[n] = true
			}
		case *Loop:
			for _, iv := range x.Nest {
				vars[iv.Var] = true
			}
			for _, p := range x.Private {
				vars[p] = true
			}
			for _, red := range x.Reduce {
				if red.Local {
					vars[red.Var] = true
				}
			}
		}
	})
	return vars, names
}

// nodes checks ns, nodes of kernel k inside loops that partition ctx and
// inside a gang(dim:gangDim) loop (0: none).
func (v *verifier) nodes(k *Kernel, ns []Node, ctx Level, gangDim int) {
	type around struct {
		ctx     Level
		gangDim int
	}
	InspectWith(ns, around{ctx, gangDim}, func(n Node, a around) (around, bool) {
		if v.seen[n] {
			v.add(k.Line, fmt.Sprintf("a node appears twice in kernel %s", k.Name))
			return a, false
		}
		v.seen[n] = true
		switch x := n.(type) {
		case *Stmt:
			v.stmt(x)
		case *Loop:
			v.loop(k, x, a.ctx, a.gangDim)
			if x.Levels == Gang && x.GangDim > 1 {
				// gang(dim:d) holds gang loops of dimensions below d.
				return around{a.ctx, x.GangDim}, true
			}
			a.ctx |= x.Levels
		}
		return a, true
	})
}

func (v *verifier) stmt(s *Stmt) {
	if s.Tree != nil && (s.Head != nil || len(s.Body) > 0) {
		v.add(s.Line, "a statement with nested items has a tree of its own")
	}
	if !v.has(FactVars) {
		return
	}
	s.Exprs(func(e Expr) {
		for _, x := range ExprVars(e) {
			v.known(s.Line, x)
		}
	})
	for _, t := range []Statement{s.Tree, s.Head} {
		InspectStatement(t, func(t Statement) bool {
			switch x := t.(type) {
			case *DeclStmt:
				v.code(s.Line, x.Opaque)
				for _, l := range x.Locals {
					v.code(s.Line, l.Spec)
					v.code(s.Line, l.Declarator)
				}
			case *OpaqueStmt:
				v.code(s.Line, x.Code)
			}
			return true
		}, nil)
	}
}

// code checks the variables that C text names (a declaration's array
// bounds, an asm statement's operands).
func (v *verifier) code(line int, c Code) {
	for _, x := range c.Vars() {
		v.known(line, x)
	}
}

// known checks that x, which kernel code names, is a region variable or
// one the kernel declares.
func (v *verifier) known(line int, x *Var) {
	switch {
	case x == nil:
		v.add(line, "a reference names no variable")
	case x.Local:
		if !v.declared[x] && !v.declaredNames[x.Name] {
			v.add(line, fmt.Sprintf("local variable %s is not declared in the kernel", x.Name))
		}
	case !v.vars[x]:
		v.add(line, fmt.Sprintf("variable %s is neither a region variable nor declared in the kernel", x.Name))
	}
}

func (v *verifier) loop(k *Kernel, l *Loop, ctx Level, gangDim int) {
	if len(l.Nest) == 0 {
		v.add(l.Line, "loop without a control")
	}
	if len(l.Tile) > 0 && len(l.Tile) != len(l.Nest) {
		v.add(l.Line, fmt.Sprintf("tile with %d sizes on a nest of %d loops", len(l.Tile), len(l.Nest)))
	}
	for _, s := range l.Tile {
		if s <= 0 {
			v.add(l.Line, fmt.Sprintf("tile size %d is not positive", s))
		}
	}
	if !l.Why.isWhy() || l.Detail.Kind != NoReason && l.Detail.isWhy() {
		v.add(l.Line, fmt.Sprintf("reason %s with detail %s", l.Why.Kind, l.Detail.Kind))
	}
	var idx []*Var
	for _, iv := range l.Nest {
		switch {
		case iv.Var == nil:
			v.add(iv.Line, "loop control without a variable")
			continue
		case iv.Lo == nil || iv.Hi == nil || iv.Step == nil:
			v.add(iv.Line, fmt.Sprintf("loop over %s without a bound or step", iv.Var.Name))
		case iv.Cmp < Less || iv.Cmp > GreaterEq:
			v.add(iv.Line, fmt.Sprintf("loop over %s compares with operator %d", iv.Var.Name, iv.Cmp))
		}
		if slices.Contains(idx, iv.Var) {
			v.add(iv.Line, fmt.Sprintf("%s controls two loops of one nest", iv.Var.Name))
		}
		idx = append(idx, iv.Var)
		if v.has(FactVars) {
			v.known(iv.Line, iv.Var)
			for _, e := range []Expr{iv.Lo, iv.Hi, iv.Step} {
				for _, x := range ExprVars(e) {
					v.known(iv.Line, x)
				}
			}
		}
	}
	if v.has(FactVars) {
		// (The variables of a private clause need not be: the loop
		// declares its own, §2.9.10.)
		for _, red := range l.Reduce {
			v.known(l.Line, red.Var)
		}
	}
	if v.has(FactCoalesce) && l.Coalesce {
		switch {
		case l.Seq || !Any(l.Body, func(n Node) bool { _, ok := n.(*Loop); return ok }):
			v.add(l.Line, "coalesce marks a seq loop or one without loops inside")
		case v.has(FactLevels) && l.Levels.Has(Gang) && !l.Levels.Has(Vector):
			v.add(l.Line, fmt.Sprintf("coalesce loop at %s, without the vector level", l.Levels))
		}
	}
	if v.has(FactLevels) {
		v.levels(k, l, ctx, gangDim)
	}
}

// levels checks loop l's levels, inside loops that partition ctx and
// inside a gang(dim:gangDim) loop (0: none).
func (v *verifier) levels(k *Kernel, l *Loop, ctx Level, gangDim int) {
	lv := l.Levels
	switch {
	case l == k.Split:
		// A gang vector loop's inner loop that also runs over the
		// block's rows (Kernel.Split).
		if lv != Worker || ctx != Gang|Vector {
			v.add(l.Line, fmt.Sprintf("split loop at %s inside loops at %s, not worker inside gang|vector", lv, ctx))
		}
	case lv&^(Gang|Worker|Vector) != 0 || l.GangDim < 0 || l.GangDim > 3:
		v.add(l.Line, fmt.Sprintf("loop levels %#x, gang dimension %d", uint8(lv), l.GangDim))
	case lv == 0:
	case l.Seq:
		v.add(l.Line, fmt.Sprintf("seq loop partitioned at %s", lv))
	case k.Serial:
		v.add(l.Line, fmt.Sprintf("loop of serial kernel %s partitioned at %s", k.Name, lv))
	case lv.Has(Gang) && gangDim > 0 && max(l.GangDim, 1) >= gangDim:
		v.add(l.Line, fmt.Sprintf("gang(dim:%d) loop inside a gang(dim:%d) loop", max(l.GangDim, 1), gangDim))
	case lv&ctx != 0:
		v.add(l.Line, fmt.Sprintf("loop at %s inside a loop already partitioned at %s", lv, lv&ctx))
	case rank(lv, false) < rank(ctx, true):
		v.add(l.Line, fmt.Sprintf("%s loop inside a %s loop (gang outside worker outside vector)", lv, [...]string{"", "gang", "worker", "vector"}[rank(ctx, true)]))
	}
}

// rank returns the rank of the coarsest (or, with finest, the finest)
// level of l: gang 1, worker 2, vector 3; 0 for none.
func rank(l Level, finest bool) int {
	r := 0
	for i, x := range []Level{Gang, Worker, Vector} {
		if l.Has(x) {
			r = i + 1
			if !finest {
				break
			}
		}
	}
	return r
}

// blockLoop checks the one-block form of host loop hl (FactBlockLoops).
func (v *verifier) blockLoop(hl *HostLoop) {
	b, line := hl.Block, hl.Loop.Line
	if len(b.Kernels) != len(hl.Body) || len(b.Lanes) != len(b.Kernels) {
		v.add(line, fmt.Sprintf("one-block form of %d kernels and %d lanes for a body of %d steps", len(b.Kernels), len(b.Lanes), len(hl.Body)))
		return
	}
	for i, n := range hl.Body {
		if l, ok := n.(*Launch); !ok || l.Kernel != b.Kernels[i] {
			v.add(line, fmt.Sprintf("one-block form: kernel %d is not the body's launch", i))
		}
	}
	if b.Kernel == nil || b.Kernel.Vector != BlockThreads || !slices.Contains(b.Kernel.Params, hl.Loop.Nest[0].Var) {
		v.add(line, "one-block kernel without a block of BlockThreads threads or the loop's control")
	}
}

// host checks a kernels construct's host code: every kernel launched
// once, host loops sequential, outside the kernels, their controls passed
// by value.
func (v *verifier) host(c *Construct, r *Region) {
	if r.Host == nil {
		return
	}
	launched := map[*Kernel]int{}
	InspectHost(r.Host, func(n HostNode) bool {
		switch x := n.(type) {
		case *Launch:
			launched[x.Kernel]++
		case *HostLoop:
			l := x.Loop
			if len(l.Nest) != 1 {
				v.add(l.Line, fmt.Sprintf("host loop with %d controls", len(l.Nest)))
				return false
			}
			if v.has(FactLevels) && l.Levels != 0 {
				v.add(l.Line, fmt.Sprintf("host loop partitioned at %s", l.Levels))
			}
			if v.has(FactClasses) && l.Nest[0].Var.Class != ByValue {
				v.add(l.Line, fmt.Sprintf("host loop control %s is %s, not passed by value", l.Nest[0].Var.Name, l.Nest[0].Var.Class))
			}
			for _, k := range r.Kernels {
				if Any(k.Body, func(n Node) bool { return n == Node(l) }) {
					v.add(l.Line, fmt.Sprintf("host loop inside kernel %s", k.Name))
				}
			}
			if v.has(FactBlockLoops) && x.Block != nil {
				v.blockLoop(x)
			}
		}
		return true
	})
	for _, k := range r.Kernels {
		if launched[k] != 1 {
			v.add(k.Line, fmt.Sprintf("kernel %s is launched %d times by the host code", k.Name, launched[k]))
		}
	}
	for k := range launched {
		if !slices.Contains(r.Kernels, k) {
			v.add(c.Line, fmt.Sprintf("the host code launches kernel %s, which is not the region's", k.Name))
		}
	}
}

// classes checks the region variables' data attributes against the
// construct's maps, reductions and privates.
func (v *verifier) classes(c *Construct, r *Region) {
	maps := map[*Map]bool{}
	for _, m := range c.Maps {
		maps[m] = true
		if m.Var == nil || !v.vars[m.Var] || m.Var.Of != nil {
			continue // data the region's code does not name, or a member's
		}
		switch m.Clause {
		case Copy, Copyin, Copyout, Create, NoCreate, Present:
			switch m.Var.Class {
			case ByPointer, ArrayData, Reduced:
			default:
				v.add(c.Line, fmt.Sprintf("%s(%s) maps %s, which is %s", m.Clause, m.Text, m.Var.Name, m.Var.Class))
			}
		}
	}
	reduced := map[*Var]bool{}
	for _, red := range r.Reductions {
		switch {
		case !v.vars[red.Var]:
			v.add(c.Line, fmt.Sprintf("reduction(%s:%s) of a variable that is not the region's", red.Op, red.Name))
		case red.Var.Class != Reduced:
			v.add(c.Line, fmt.Sprintf("reduction(%s:%s) of a variable of class %s", red.Op, red.Name, red.Var.Class))
		}
		reduced[red.Var] = true
	}
	for _, p := range r.Privates {
		switch {
		case !v.vars[p]:
			// Unused: no kernel has a copy.
		case p.Class != ByValue && p.Class != PrivateVar && p.Class != FirstArray && p.Class != PrivateSection:
			v.add(c.Line, fmt.Sprintf("construct-level private %s is %s", p.Name, p.Class))
		}
	}
	for _, x := range r.Vars {
		switch {
		case x.Class > PrivateSection:
			v.add(c.Line, fmt.Sprintf("variable %s of class %d", x.Name, x.Class))
		case x.Class == Reduced && !reduced[x]:
			v.add(c.Line, fmt.Sprintf("variable %s is reduced, but no reduction names it", x.Name))
		case x.Class == PrivateSection && x.Section == nil:
			v.add(c.Line, fmt.Sprintf("private section %s without its section", x.Name))
		case x.Class == FirstArray && !slices.Contains(r.Privates, x):
			v.add(c.Line, fmt.Sprintf("firstprivate array %s is not among the construct's privates", x.Name))
		}
		switch {
		case x.Of != nil:
			// A member's variable uses its struct's map.
		case x.Map != nil && !maps[x.Map]:
			v.add(c.Line, fmt.Sprintf("the map of %s is not the construct's", x.Name))
		case x.Map != nil && x.Map.Var != x:
			v.add(c.Line, fmt.Sprintf("the map of %s maps another variable", x.Name))
		case x.Map == nil && (x.Class == ByPointer || x.Class == ArrayData) && x.Host == "":
			v.add(c.Line, fmt.Sprintf("%s is %s but not mapped", x.Name, x.Class))
		}
	}
}

// params checks kernel k's parameters and privates against the region
// variables its code uses.
func (v *verifier) params(r *Region, k *Kernel) {
	params := map[*Var]bool{}
	for _, p := range k.Params {
		switch {
		case !v.vars[p]:
			v.add(k.Line, fmt.Sprintf("parameter %s of kernel %s is not a region variable", p.Name, k.Name))
		case params[p]:
			v.add(k.Line, fmt.Sprintf("parameter %s of kernel %s is listed twice", p.Name, k.Name))
		case p.Class == PrivateVar:
			v.add(k.Line, fmt.Sprintf("parameter %s of kernel %s is private", p.Name, k.Name))
		}
		params[p] = true
	}
	used, outside := usedVars(k, false), usedVars(k, true)
	// What a used variable brings along: the lengths of its rows, the
	// struct of a member.
	needed := map[*Var]bool{}
	for x := range used {
		for _, row := range x.Rows {
			needed[row] = true
		}
		if x.Of != nil {
			needed[x.Of] = true
		}
	}
	for _, x := range r.Vars {
		switch {
		case !used[x]:
		case x.Class == PrivateVar:
			if outside[x] && !slices.Contains(k.Privates, x) {
				v.add(k.Line, fmt.Sprintf("kernel %s uses private variable %s but does not declare it", k.Name, x.Name))
			}
		case !params[x]:
			v.add(k.Line, fmt.Sprintf("kernel %s uses %s (%s) but has no parameter for it", k.Name, x.Name, x.Class))
		}
	}
	for _, p := range k.Params {
		if !used[p] && !needed[p] {
			v.add(k.Line, fmt.Sprintf("parameter %s of kernel %s is not used", p.Name, k.Name))
		}
	}
	for _, p := range k.Privates {
		if p.Class != PrivateVar || !used[p] {
			v.add(k.Line, fmt.Sprintf("private %s of kernel %s is %s, used: %v", p.Name, k.Name, p.Class, used[p]))
		}
	}
	for _, red := range k.Reductions {
		if !slices.Contains(r.Reductions, red) || !params[red.Var] {
			v.add(k.Line, fmt.Sprintf("kernel %s contributes to reduction(%s:%s), which is not the construct's or not a parameter", k.Name, red.Op, red.Name))
		}
	}
	for _, p := range k.ReadOnly {
		if !params[p] || p.Class != ArrayData {
			v.add(k.Line, fmt.Sprintf("read-only array %s of kernel %s is not an array parameter", p.Name, k.Name))
		}
	}
	for _, pair := range k.Disjoint {
		for _, p := range pair {
			if !params[p] {
				v.add(k.Line, fmt.Sprintf("kernel %s tests the overlap of %s, which is not a parameter", k.Name, p.Name))
			}
		}
	}
}

// usedVars returns the region variables kernel k's code uses: those its
// statements and loop bounds name, loops' controls, and the loops'
// reduction variables (combined into the copy around the loop), except
// inside the loops that privatise them (§2.9.10: there the loops' copies
// stand for them). With own, a loop's controls are its own too (each
// loop declares them, §2.6.1): only their uses outside count.
func usedVars(k *Kernel, own bool) map[*Var]bool {
	used := map[*Var]bool{}
	use := func(x *Var, priv map[*Var]bool) {
		if x != nil && !x.Local && !priv[x] {
			used[x] = true
		}
	}
	code := func(e Expr, priv map[*Var]bool) {
		for _, x := range ExprVars(e) {
			use(x, priv)
		}
	}
	InspectWith(k.Body, map[*Var]bool(nil), func(n Node, priv map[*Var]bool) (map[*Var]bool, bool) {
		switch x := n.(type) {
		case *Stmt:
			x.Exprs(func(e Expr) { code(e, priv) })
		case *Loop:
			inner := map[*Var]bool{}
			for p := range priv {
				inner[p] = true
			}
			for _, p := range x.Private {
				inner[p] = true
			}
			for _, iv := range x.Nest {
				if own {
					inner[iv.Var] = true
				} else {
					use(iv.Var, priv)
				}
				code(iv.Lo, priv)
				code(iv.Hi, priv)
				code(iv.Step, priv)
			}
			for _, red := range x.Reduce {
				if !red.Local {
					use(red.Var, priv)
				}
				if red.Section != nil && red.Var != nil && red.Var.Class != Reduced {
					code(red.Lo(), priv)
				}
			}
			return inner, true
		}
		return priv, true
	})
	return used
}

var factNames = [...]string{"vars", "clauses", "nests", "source", "accesses", "independence", "collapsed", "host-loops", "coalesce", "levels",
	"split", "loop-reductions", "construct-reductions", "shape", "classes", "params", "versions", "names", "grid",
	"index-widths", "staged", "block-loops"}

// String names the facts of f, separated by "+".
func (f Facts) String() string {
	var s []string
	for i, n := range factNames {
		if f&(1<<i) != 0 {
			s = append(s, n)
		}
	}
	if rest := f &^ (1<<len(factNames) - 1); rest != 0 {
		s = append(s, fmt.Sprintf("%#x", uint32(rest)))
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "+")
}
