package lower

import (
	"fmt"
	"io"
	"sort"
	"strconv"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// Options select target-dependent choices of lowering.
type Options struct {
	// Target is "gpu", "multicore", "host" or "emulate"; it only changes
	// the wording of -Minfo remarks.
	Target string
	// NoAlias is -Msafeptr: pointers in compute regions do not alias
	// one another.
	NoAlias bool
	// OpenMPOff leaves the program's own omp directives out of the host
	// file: a multicore build compiles accc's kernels with OpenMP, which
	// the program did not ask for.
	OpenMPOff bool
	// NoAutopar is -acc=noautopar: loops without a directive inside a
	// loop of a parallel construct are not parallelised.
	NoAutopar bool
	// DumpIR names the pass after which each compute construct's IR is
	// printed to DumpTo ("all": after every pass); data directives, built
	// in one step, are printed with any pass.
	DumpIR string
	DumpTo io.Writer
	// VerifyIR checks the IR after each pass (ir.Verify): a broken
	// invariant is an internal error of the pass (diag.InternalError).
	VerifyIR bool
	// Memory is the memory mode of -gpu=mem: that shares the heap with
	// the device ("managed" or "unified"), or "": it only adds the
	// -Minfo remark that says so (memoryRemark).
	Memory string
	// PassTimes, when set, receives the time of each pass.
	PassTimes *PassTimes
}

// Build lowers the OpenACC directives of u's main file. Problems are
// reported to sink; the Program is then incomplete and must not be used
// for code generation (check the sink for errors).
func Build(u *frontend.Unit, opts Options, sink diag.Sink) *ir.Program {
	b := &builder{
		u: u, opts: opts, sink: sink, conv: newTypeConv(sourceFiles{u.File, u.Lines}),
		prog:     &ir.Program{File: u.File, Src: u.Src[u.File], Lines: u.Lines},
		loopAt:   map[*cc.Statement]*frontend.Pragma{},
		atomicAt: map[*cc.Statement]*frontend.Pragma{},
		entered:  map[*cc.Declarator]bool{},
	}
	b.kernelNames.Reserved = kernelNameClashes(u)
	b.collect()
	b.routines()
	for _, p := range u.Pragmas {
		if p.Dir == nil || b.handled[p] {
			continue
		}
		if p.Pos.File != u.File {
			b.elsewhere(p)
			continue
		}
		b.directive(p)
	}
	for _, p := range u.Pragmas {
		if p.Pos.File == u.File {
			b.prog.Pragmas = append(b.prog.Pragmas, [2]int{p.Start, p.End})
		}
	}
	if opts.OpenMPOff {
		b.prog.Pragmas = append(b.prog.Pragmas, u.OpenMP...)
	}
	sort.Slice(b.prog.Pragmas, func(i, j int) bool { return b.prog.Pragmas[i][0] < b.prog.Pragmas[j][0] })
	b.verify("lower", diag.Pos{File: u.File}, func() []ir.Problem { return ir.VerifyProgram(b.prog) })
	return b.prog
}

// elsewhere reports a directive outside the main file's text that would
// otherwise be left out silently: without a preprocessed unit (a host
// compiler that cannot expand acc pragmas, frontend.Load), the host file is
// the main file, and a construct in a header has no code.
func (b *builder) elsewhere(p *frontend.Pragma) {
	switch p.Dir.Kind {
	case directives.DirRoutine, directives.DirDeclare, directives.DirLoop, directives.DirCache, directives.DirAtomic:
		return // declarations, and the parts of routines' bodies
	}
	b.errorf(p.Pos, diag.CodeDirectiveElsewhere, "%s in %s is not compiled: the host compiler cannot preprocess OpenACC directives (-fopenacc), so only those of %s itself are; use gcc as the host compiler (CC=gcc)",
		"#pragma acc "+p.Dir.Kind.String(), p.Pos.File, b.u.File)
}

type builder struct {
	u      *frontend.Unit
	opts   Options
	sink   diag.Sink
	prog   *ir.Program
	conv   *typeConv
	loopAt map[*cc.Statement]*frontend.Pragma
	// atomicAt indexes atomic constructs by their statement.
	atomicAt map[*cc.Statement]*frontend.Pragma
	handled  map[*frontend.Pragma]bool
	data     []dataScope
	entered  map[*cc.Declarator]bool
	// enteredMembers are the members enter data directives map by a
	// path of members (memberPath), with the item that maps each.
	enteredMembers map[memberKey]directives.Expr
	// hostVars are the variables clause expressions name outside
	// compute regions' variables, one per declaration.
	hostVars map[*cc.Declarator]*ir.Var
	// funcs caches what extent inference knows of each function
	// (extent_func.go).
	funcs map[*cc.FunctionDefinition]*funcFacts
	// spans caches the ends of statements in the main file (spans.go).
	spans *spanCache
	// reads caches the identifiers and assignments of each function
	// for readsAfter (coverscan.go).
	reads map[*cc.FunctionDefinition]*funcReads
	// routineByName are the functions with device versions, or routine
	// directives, by name, in routineOrder (routine.go).
	routineByName map[string]*routineDecl
	routineOrder  []*routineDecl
	// constructIDs and kernelNames give the constructs' IDs and the
	// kernels' names (names.go).
	constructIDs, kernelNames opt.Namer
	// memoryNoted: the file's memory mode remark was given (memoryRemark).
	memoryNoted bool
}

// A dataScope is the body of a data construct and the variables its
// clauses make present, for deciding which pointers a compute region may
// use without a clause of its own.
type dataScope struct {
	start, end int
	decls      map[*cc.Declarator]bool
	// deviceptrs are the pointers of its deviceptr clauses: they hold
	// device addresses inside the scope.
	deviceptrs map[*cc.Declarator]bool
	// members are the members its clauses map by a path of members,
	// with the item that maps each.
	members map[memberKey]directives.Expr
}

// A memberKey is a member named by a path of members from a variable
// (memberPath): s.p, p->q.
type memberKey struct {
	d    *cc.Declarator
	path string
}

// with records the variables that p's clauses name, the members they
// map, and its deviceptr pointers.
func (ds dataScope) with(p *frontend.Pragma) dataScope {
	ds.members = map[memberKey]directives.Expr{}
	for _, cl := range p.Dir.Clauses {
		for _, x := range cl.Vars {
			if isMember(x) {
				// The data of a member, not its struct's.
				if k, ok := memberKeyOf(p, x); ok {
					ds.members[k] = x
				}
				continue
			}
			if d := p.Lookup(baseName(x)); d != nil {
				ds.decls[d] = true
				if cl.Kind == directives.ClauseDeviceptr {
					ds.deviceptrs[d] = true
				}
			}
		}
	}
	return ds
}

// memberKeyOf returns the member a clause item x maps by a path of
// members: s.p of s.p[0:n].
func memberKeyOf(p *frontend.Pragma, x directives.Expr) (memberKey, bool) {
	base, _ := dims(x)
	root, path, ok := memberPath(base)
	if !ok {
		return memberKey{}, false
	}
	d := p.Lookup(root)
	return memberKey{d, path}, d != nil
}

func (b *builder) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	b.sink.Report(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// remark reports an -Minfo remark whose code its words say: a data
// movement remark ("Generating copyin(a[:n]) [if not already present]",
// mapRemark's) gets its data-* code, any other accel-other. The remarks
// pass reports its own with their codes (rg.note).
func (b *builder) remark(pos diag.Pos, fn string, region diag.Pos, nested bool, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	code, ok := diag.DataCodeOf(msg)
	if !ok {
		code = diag.CodeAccelOther
	}
	b.remarkCode(code, pos, fn, region, nested, msg)
}

// remarkCode reports a remark of a given code.
func (b *builder) remarkCode(code diag.Code, pos diag.Pos, fn string, region diag.Pos, nested bool, msg string) {
	b.sink.Report(diag.Diagnostic{Pos: pos, Severity: diag.Remark, Code: code, Func: fn, Region: region,
		Nested: nested, Msg: msg})
}

// collect indexes loop directives by their statement and records what the
// data constructs and enter data directives make present.
func (b *builder) collect() {
	b.handled = map[*frontend.Pragma]bool{}
	for _, p := range b.u.Pragmas {
		if p.Dir != nil && p.Pos.File != b.u.File && p.Stmt != nil {
			// The loops of routines defined in headers.
			switch p.Dir.Kind {
			case directives.DirLoop:
				b.loopAt[p.Stmt] = p
			case directives.DirAtomic:
				b.atomicAt[p.Stmt] = p
			}
		}
		if p.Dir == nil || p.Pos.File != b.u.File {
			continue
		}
		switch p.Dir.Kind {
		case directives.DirLoop:
			if p.Stmt != nil {
				b.loopAt[p.Stmt] = p
			}
		case directives.DirAtomic:
			if p.Stmt != nil {
				b.atomicAt[p.Stmt] = p
			}
		case directives.DirData:
			if p.Stmt == nil {
				continue
			}
			start, end := b.stmtRange(p.Stmt)
			ds := dataScope{start: start, end: end, decls: map[*cc.Declarator]bool{}, deviceptrs: map[*cc.Declarator]bool{}}
			b.data = append(b.data, ds.with(p))
		case directives.DirDeclare:
			// Declared data is visible to the rest of the function (or
			// the file) as if a data construct enclosed it (§2.13).
			ds := dataScope{start: p.End, end: len(b.prog.Src), decls: map[*cc.Declarator]bool{}, deviceptrs: map[*cc.Declarator]bool{}}
			for _, f := range b.u.Funcs {
				if f.File == b.u.File && f.Start <= p.Start && p.Start < f.End {
					ds.end = f.End
				}
			}
			b.data = append(b.data, ds.with(p))
		case directives.DirEnterData:
			for _, cl := range p.Dir.Clauses {
				for _, x := range cl.Vars {
					if isMember(x) {
						if k, ok := memberKeyOf(p, x); ok {
							if b.enteredMembers == nil {
								b.enteredMembers = map[memberKey]directives.Expr{}
							}
							b.enteredMembers[k] = x
						}
						continue
					}
					if d := p.Lookup(baseName(x)); d != nil {
						b.entered[d] = true
					}
				}
			}
		}
	}
}

// presentAround reports whether a data construct or declare directive
// around off (or an enter data directive) maps d.
func (b *builder) presentAround(d *cc.Declarator, off int) bool {
	return b.entered[d] || b.visibleClause(d, off)
}

// memberAround returns the item with which the innermost data construct
// or declare directive around off, else an enter data directive, maps
// member k, or nil.
func (b *builder) memberAround(k memberKey, off int) directives.Expr {
	var x directives.Expr
	start := -1
	for _, ds := range b.data {
		if y := ds.members[k]; y != nil && ds.start <= off && off < ds.end && ds.start > start {
			x, start = y, ds.start
		}
	}
	if x == nil {
		x = b.enteredMembers[k]
	}
	return x
}

// visibleDeviceptr reports whether d is in a deviceptr clause of a data
// construct or declare directive around off.
func (b *builder) visibleDeviceptr(d *cc.Declarator, off int) bool {
	for _, ds := range b.data {
		if ds.start <= off && off < ds.end && ds.deviceptrs[d] {
			return true
		}
	}
	return false
}

// visibleClause reports whether d has a visible data clause at off: one of
// an enclosing data construct or a declare directive in scope (§2.6.2).
// Unlike enter data, that makes a scalar shared with the device instead
// of firstprivate.
func (b *builder) visibleClause(d *cc.Declarator, off int) bool {
	for _, ds := range b.data {
		if ds.start <= off && off < ds.end && ds.decls[d] {
			return true
		}
	}
	return false
}

func (b *builder) funcName(p *frontend.Pragma) string {
	if p.Func != nil {
		return p.Func.Declarator.Name()
	}
	return ""
}

func (b *builder) construct(p *frontend.Pragma, kind ir.ConstructKind) *ir.Construct {
	c := &ir.Construct{Kind: kind, Pos: p.Pos, Func: b.funcName(p), Line: p.Pos.Line,
		ID: b.constructIDs.Unique(strconv.Itoa(p.Pos.Line), ""), DirStart: p.Start, DirEnd: p.End, CodeAt: p.Start,
		Finalize: p.Dir.Clause(directives.ClauseFinalize) != nil}
	if p.Stmt != nil {
		c.StmtStart, c.StmtEnd = b.stmtRange(p.Stmt)
	}
	for _, f := range b.u.Funcs {
		if f.File == b.u.File && f.Start <= p.Start && p.Start < f.End {
			c.FuncStart = f.Start
		}
	}
	return c
}

// stackedOn returns, for a standalone or declarative directive p written
// between the directive of a construct and the statement the construct
// applies to, the first directive of that stack ("#pragma acc data ...",
// p, "{ ... }"); nil for a directive anywhere else.
func (b *builder) stackedOn(p *frontend.Pragma) *frontend.Pragma {
	var first *frontend.Pragma
	for _, q := range b.u.Pragmas {
		if q.Dir == nil || q.Stmt == nil || q.Pos.File != p.Pos.File || q.End > p.Start {
			continue
		}
		// The statement's start only: stmtRange's end walks its tokens.
		if start := q.Stmt.Position().Offset; start > p.Start && (first == nil || q.Start < first.Start) {
			first = q
		}
	}
	return first
}

// directive lowers one directive that is not inside a compute construct.
func (b *builder) directive(p *frontend.Pragma) {
	defer diag.Guard("lower", b.userPos(p.Pos))
	d := p.Dir
	name := d.Kind.String()
	if q := b.stackedOn(p); q != nil && p.Stmt == nil && d.Kind != directives.DirDeclare && d.Kind != directives.DirCache {
		// A construct applies to a statement (§2.6.5, §2.8: a structured
		// block); an executable directive is none, and running it inside
		// or before the construct would both be guesses.
		b.errorf(p.Pos, diag.CodeDirectivePlacement, "'#pragma acc %s' is written between '#pragma acc %s' and the statement it applies to; move it before the construct or into its block", name, q.Dir.Kind)
		return
	}
	switch {
	case d.Kind.IsCompute():
		if c := b.compute(p); c != nil {
			b.prog.Constructs = append(b.prog.Constructs, c)
		}
	case d.Kind == directives.DirData, d.Kind == directives.DirEnterData, d.Kind == directives.DirExitData:
		kind := map[directives.DirKind]ir.ConstructKind{directives.DirData: ir.Data,
			directives.DirEnterData: ir.EnterData, directives.DirExitData: ir.ExitData}[d.Kind]
		c := b.construct(p, kind)
		b.queueClauses(c, p)
		for _, cl := range d.Clauses {
			if !cl.Kind.IsData() {
				continue
			}
			for _, x := range cl.Vars {
				m := b.mapItem(p, cl, x, nil)
				if m == nil {
					continue
				}
				if kind != ir.ExitData && m.Section != nil && !m.Section.Rows {
					m.Pin = b.updatedAsync(p, c, x)
				}
				// A section of a pointer member attaches the member on
				// entry and detaches it on exit (§2.7.2); exit data
				// detaches before the target goes.
				a := implicitAttach(p, m, x)
				switch {
				case a == nil:
					c.Maps = append(c.Maps, m)
				case kind == ir.ExitData:
					c.Maps = append(c.Maps, a, m)
				default:
					c.Maps = append(c.Maps, m, a)
				}
			}
		}
		if kind != ir.ExitData {
			c.Maps = entryOrder(c.Maps)
		}
		if kind == ir.Data {
			b.dataRemarks(c)
			b.checkJumps(p, "data")
		}
		if kind == ir.EnterData {
			for _, m := range c.Maps {
				b.pinRemark(c, m)
			}
		}
		b.prog.Constructs = append(b.prog.Constructs, c)
		b.dump("", c)
	case d.Kind == directives.DirUpdate:
		c := b.construct(p, ir.Update)
		b.queueClauses(c, p)
		ifPresent := d.Clause(directives.ClauseIfPresent) != nil
		for _, cl := range d.Clauses {
			var dev bool
			switch cl.Kind {
			case directives.ClauseDevice:
				dev = true
			case directives.ClauseSelf, directives.ClauseHost:
			default:
				continue
			}
			for _, x := range cl.Vars {
				s, ok := b.section(p, cl, x, nil)
				if !ok {
					continue
				}
				c.Updates = append(c.Updates, &ir.UpdateItem{Device: dev, Text: directives.ExprString(x),
					IfPresent: ifPresent, Section: s})
			}
		}
		b.prog.Constructs = append(b.prog.Constructs, c)
		b.dump("", c)
	case d.Kind == directives.DirWait:
		c := b.construct(p, ir.Wait)
		b.queueClauses(c, p)
		if d.Wait == nil {
			c.WaitAll = true
		} else {
			if d.Wait.DevNum != nil {
				c.DevNum = b.hostExpr(p, d.Wait.DevNum)
			}
			for _, x := range d.Wait.List {
				c.Waits = append(c.Waits, b.hostExpr(p, x))
			}
		}
		b.prog.Constructs = append(b.prog.Constructs, c)
		b.dump("", c)
	case d.Kind == directives.DirHostData:
		b.hostData(p)
	case d.Kind == directives.DirDeclare:
		b.declare(p)
	case d.Kind == directives.DirInit, d.Kind == directives.DirShutdown, d.Kind == directives.DirSet:
		b.runtimeDirective(p)
	case d.Kind == directives.DirAtomic:
		// Outside compute constructs the host runs the statement: the
		// program's host code is sequential.
	case d.Kind == directives.DirCache:
		// A hint about a host loop (§2.10): the host's own caches serve
		// its references.
	case d.Kind == directives.DirLoop:
		b.errorf(p.Pos, diag.CodeUnsupported, "orphaned 'loop' directive (outside a compute construct) is not supported yet; it needs 'routine'")
	default:
		b.errorf(p.Pos, diag.CodeUnsupported, "'#pragma acc %s' is not supported yet", name)
	}
}

// queueClauses reads if, async and wait.
func (b *builder) queueClauses(c *ir.Construct, p *frontend.Pragma) {
	for _, cl := range p.Dir.Clauses {
		if cl.Group != nil {
			continue // device_type-specific clauses: NVIDIA is the only type
		}
		switch cl.Kind {
		case directives.ClauseIf:
			c.If = b.hostExpr(p, cl.Args[0])
		case directives.ClauseSelf:
			if len(cl.Vars) == 0 && p.Dir.Kind != directives.DirUpdate {
				c.Self = ir.IntConst(1)
				if len(cl.Args) > 0 {
					c.Self = b.hostExpr(p, cl.Args[0])
				}
			}
		case directives.ClauseAsync:
			c.Async = &ir.Async{}
			if len(cl.Args) > 0 {
				c.Async.Queue = b.hostExpr(p, cl.Args[0])
			}
		case directives.ClauseWait:
			if cl.Wait == nil || len(cl.Wait.List) == 0 {
				c.WaitAll = true
				continue
			}
			if cl.Wait.DevNum != nil {
				c.DevNum = b.hostExpr(p, cl.Wait.DevNum)
			}
			for _, x := range cl.Wait.List {
				c.Waits = append(c.Waits, b.hostExpr(p, x))
			}
		}
	}
}

// checkJumps rejects return and goto out of a structured construct whose
// exit code must run, and goto into it from the rest of its function,
// which would skip its entry: a construct's statement is a structured
// block, with one entry at the top and one exit at the bottom (OpenACC
// 3.4 glossary). A goto to a label of the construct's statement stays in
// it (a compute construct's device code checks its gotos further, in
// checkGotos).
func (b *builder) checkJumps(p *frontend.Pragma, what string) {
	inside := labelsIn(p.Stmt)
	walk(p.Stmt, func(n cc.Node) bool {
		if js, ok := n.(*cc.JumpStatement); ok && (js.Case == cc.JumpStatementReturn || js.Case == cc.JumpStatementGotoExpr ||
			js.Case == cc.JumpStatementGoto && !inside[js.Token2.SrcStr()]) {
			b.errorf(posOf(js), diag.CodeUnsupported, "'%s' out of a %s construct is not supported: the construct's exit (copy-out, release) would be skipped", js.Token.SrcStr(), what)
		}
		return true
	})
	if p.Func == nil || len(inside) == 0 {
		return
	}
	walk(p.Func.CompoundStatement, func(n cc.Node) bool {
		if n == cc.Node(p.Stmt) {
			return false
		}
		if js, ok := n.(*cc.JumpStatement); ok && js.Case == cc.JumpStatementGoto && inside[js.Token2.SrcStr()] {
			b.errorf(posOf(js), diag.CodeUnsupported, "'goto %s' into a %s construct is not supported: the construct's entry (data mapping, launch) would be skipped", js.Token2.SrcStr(), what)
		}
		return true
	})
}

// labelsIn returns the names of the labels of statements in n.
func labelsIn(n cc.Node) map[string]bool {
	names := map[string]bool{}
	walk(n, func(m cc.Node) bool {
		if ls, ok := m.(*cc.LabeledStatement); ok && ls.Case == cc.LabeledStatementLabel {
			names[ls.Token.SrcStr()] = true
		}
		return true
	})
	return names
}

// updatedAsync reports whether an update directive with an async clause
// transfers data of item x of data directive p (construct c): inside the
// construct's statement, or for enter data after it in its function. The
// runtime then page-locks the item's host memory while it is present
// (ir.Map.Pin): the asynchronous transfers overlap with other work only
// from page-locked memory, and otherwise go through a staging copy.
func (b *builder) updatedAsync(p *frontend.Pragma, c *ir.Construct, x directives.Expr) bool {
	d := p.Lookup(baseName(x))
	if d == nil {
		return false
	}
	start, end := c.StmtStart, c.StmtEnd
	if c.Kind == ir.EnterData {
		start, end = p.End, 0
		for _, f := range b.u.Funcs {
			if f.File == b.u.File && f.Start <= p.Start && p.Start < f.End {
				end = f.End
			}
		}
	}
	for _, u := range b.u.Pragmas {
		if u.Dir == nil || u.Dir.Kind != directives.DirUpdate || u.Pos.File != b.u.File ||
			u.Start < start || u.Start >= end || u.Dir.Clause(directives.ClauseAsync) == nil {
			continue
		}
		for _, cl := range u.Dir.Clauses {
			if cl.Kind != directives.ClauseSelf && cl.Kind != directives.ClauseHost && cl.Kind != directives.ClauseDevice {
				continue
			}
			for _, v := range cl.Vars {
				if u.Lookup(baseName(v)) == d {
					return true
				}
			}
		}
	}
	return false
}

// dataRemarks reports a data construct's transfers in NVHPC's words.
func (b *builder) dataRemarks(c *ir.Construct) {
	for _, m := range c.Maps {
		b.mapRemark(c, m)
	}
}

func (b *builder) mapRemark(c *ir.Construct, m *ir.Map) {
	if b.opts.Target == "host" || b.opts.Target == "multicore" {
		return
	}
	var msg string
	minfo := m.Section.MinfoText()
	switch m.Clause {
	case ir.Copy, ir.Copyin, ir.Copyout, ir.Create:
		msg = fmt.Sprintf("Generating %s(%s) [if not already present]", m.Clause, minfo)
		if m.Implicit {
			msg = fmt.Sprintf("Generating implicit %s(%s) [if not already present]", m.Clause, minfo)
		}
	case ir.Present, ir.NoCreate, ir.Attach, ir.Deviceptr:
		msg = fmt.Sprintf("Generating %s(%s)", m.Clause, minfo)
		if m.Implicit {
			msg = fmt.Sprintf("Generating implicit %s(%s)", m.Clause, minfo)
		}
	case ir.Delete, ir.Detach:
		msg = fmt.Sprintf("Generating %s(%s)", m.Clause, minfo)
	default:
		return
	}
	b.remark(c.Pos, c.Func, diag.Pos{}, false, "%s", msg)
	b.pinRemark(c, m)
	b.memoryRemark(c, m)
}

// memoryRemark says, once per file, at the first clause that would move
// data, that heap data is shared in the memory mode (Options.Memory): the
// runtime moves none of it (§2.6.1: data in shared memory is not copied),
// unless the clause has the capture modifier (§2.7.4).
func (b *builder) memoryRemark(c *ir.Construct, m *ir.Map) {
	if b.opts.Memory == "" || b.memoryNoted || m.Clause == ir.Deviceptr || m.Clause == ir.Attach || m.Clause == ir.Detach {
		return
	}
	b.memoryNoted = true
	b.remarkCode(diag.CodeDataShared, c.Pos, c.Func, diag.Pos{}, false, fmt.Sprintf(
		"Heap data is in %s memory (-gpu=mem:%s): data clauses move none of it unless captured; globals and local data are copied",
		b.opts.Memory, b.opts.Memory))
}

// pinRemark says that the runtime page-locks m's host memory (ir.Map.Pin).
func (b *builder) pinRemark(c *ir.Construct, m *ir.Map) {
	if m.Pin && b.opts.Target == "gpu" {
		b.remarkCode(diag.CodeDataPin, c.Pos, c.Func, diag.Pos{}, false,
			fmt.Sprintf("Page-locking the host memory of %s while present: async updates transfer it", m.Section.MinfoText()))
	}
}

// posOf converts a cc/v4 node's position.
func posOf(n cc.Node) diag.Pos {
	p := n.Position()
	return diag.Pos{File: p.Filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// baseName returns the variable an item of a clause names: "a" for a,
// a[0:n], a.b[2], *a.
func baseName(x directives.Expr) string {
	for {
		switch e := x.(type) {
		case *directives.Ident:
			return e.Name
		case *directives.Section:
			x = e.X
		case *directives.Index:
			x = e.X
		case *directives.Member:
			x = e.X
		case *directives.Paren:
			x = e.X
		case *directives.Unary:
			x = e.X
		default:
			return ""
		}
	}
}
