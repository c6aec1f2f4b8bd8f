package kernel

import (
	"fmt"
	"math"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// GridParams declares the parameters of k's CUDA launch stub that give
// the grid and block (ir.Grid): the gangs along x and y, and along z for
// a grid of three dimensions; the block's threads where AdaptVector
// makes them vary, and its rows where Rows does.
func GridParams(k *ir.Kernel) string {
	p := "unsigned gangs, unsigned gangs_y"
	if k.Grid.Z {
		p += ", unsigned gangs_z"
	}
	if k.Grid.AdaptVector {
		p += ", unsigned vector"
	}
	if k.Grid.Rows {
		p += ", unsigned workers"
	}
	return p
}

// Name is the name of kernel k's function in dialect d: the CPU
// dialects' end in ir.CPUKernelSuffix (main_12_cpu).
func Name(k *ir.Kernel, d Dialect) string { return dialectOf(d).kernelName(k) }

// CellType is the C type of a reduction's device cell: narrow integer
// types reduce in int (accrt_device.h).
func CellType(t *ir.Type) string {
	switch t.Name {
	case "char", "signed char", "unsigned char", "short", "unsigned short", "_Bool", "bool":
		return "int"
	}
	return t.Name
}

// InPlace reports whether a reduction variable combines into its own
// device copy rather than into a runtime cell.
func InPlace(v *ir.Var) bool { return v.Class == ir.Reduced && v.Map != nil }

// isArrayReduction reports whether a construct-level reduction variable
// reduces an array or a section (OpenACC 2.7+) rather than a scalar.
func isArrayReduction(v *ir.Var) bool {
	return v.Class == ir.Reduced && (v.Type.Kind == ir.Array || v.Type.Kind == ir.Pointer)
}

// GangCombined reports whether the CUDA kernels of a construct-level
// scalar reduction combine the gangs' partial results themselves: every
// gang stores its result, the last gang to finish combines them with the
// start value and writes the variable's result into host memory mapped
// for the device (accrt_red_result), so the start value needs no copy to
// the device, the values no atomics, and the result no copy back; and
// the order of the combination, so a floating-point sum, is the same in
// every run. Variables reduced in their device copy (InPlace) and arrays
// combine with atomics instead (ir.Var.ReducedInCell, which the launch
// pass reads too: the grid of such a kernel holds no more gangs than the
// device runs at once).
func GangCombined(v *ir.Var) bool { return v.ReducedInCell() }

// cellPtrType is the element type of a reduction's cell parameter.
func cellPtrType(v *ir.Var) string {
	if InPlace(v) {
		return v.Type.Name
	}
	return CellType(v.Type)
}

// arrayParam declares the parameter of an array or pointer whose data are
// mapped: the device address of its elements, const when the kernel only
// reads them, restrict when no other name reaches them (restrict:
// Var.Restrict, or distinct: see distinctUpdated).
func arrayParam(d dialect, v *ir.Var, readOnly, restrict bool) string {
	t := v.Type.Decay()
	if v.FlatElem != nil {
		t = &ir.Type{Kind: ir.Pointer, Elem: v.FlatElem, Size: 8, Len: -1}
	}
	name := d.printer().Ident(v.Name)
	if restrict {
		name = d.restrict() + name
	}
	decl := d.printer().Decl(t, name)
	if readOnly && t.Kind == ir.Pointer && t.Elem.Base().Kind != ir.Pointer && t.Elem.Kind != ir.Pointer {
		decl = "const " + decl
	}
	return decl
}

// ParamDecl declares the kernel parameter of a region variable.
func ParamDecl(v *ir.Var, d Dialect) string { return paramDecl(dialectOf(d), v) }

// paramDecl is ParamDecl in dialect d.
func paramDecl(d dialect, v *ir.Var) string {
	sp := d.printer()
	switch v.Class {
	case ir.ByPointer:
		return sp.Decl(v.Type, "*"+sp.Ident(v.Name))
	case ir.ArrayData:
		return arrayParam(d, v, false, v.Restrict)
	case ir.Reduced:
		if isArrayReduction(v) {
			// The device copy of the reduced elements and the index of
			// the first one (§2.5.15: the implied copy).
			return sp.Decl(v.Type.Base(), "*"+ir.RedCellName(v.Name)) + ", long long " + ir.RedLoName(v.Name)
		}
		return d.reductionParam(v)
	case ir.PrivateSection:
		// The gangs' copies (sectionSlab), the section's length and
		// start, and for firstprivate the original elements.
		p := "long long " + ir.PrivLenName(v.Name) + ", long long " + ir.PrivLoName(v.Name)
		if slab := d.sectionSlab(v); slab != "" {
			p = slab + ", " + p
		}
		if v.Section.First {
			p += ", const void *" + ir.PrivSrcName(v.Name)
		}
		return p
	case ir.FirstArray:
		// CPU: the host's array (Function passes CUDA kernels a copy).
		return "const void *" + ir.FirstArrayName(v.Name)
	}
	return sp.Decl(v.Type, sp.Ident(v.Name))
}

// ref prints a use of a variable in kernel code, with names spelled by
// p; e.ref, inside a loop whose control variable it is, the loop's own
// copy.
func ref(p ir.Printer, v *ir.Var) string {
	if v.Class == ir.ByPointer {
		return "(*" + p.Ident(v.Name) + ")"
	}
	return p.Ident(v.Name)
}

// Function prints the kernel: its parameter structs (CUDA firstprivate
// arrays), signature and body; lines maps its lines to the user's (#line).
func Function(d Dialect, lines Lines, r *ir.Region, k *ir.Kernel) string {
	return newEmitter(d, d, lines, r, k).function()
}

// function prints the emitter's kernel, as Function does.
func (e *emitter) function() string {
	r, k := e.r, e.k
	var params []string
	var firsts []*ir.Var
	srcs := map[*ir.Var]string{} // the original elements of firstprivate arrays
	distinct := e.dl.distinct(k)
	for _, v := range k.Params {
		if v.Class == ir.ArrayData {
			if e.plainArrays {
				params = append(params, arrayParam(e.dl, v, false, false))
				continue
			}
			params = append(params, arrayParam(e.dl, v, isIn(k.ReadOnly, v), v.Restrict || distinct[v]))
			continue
		}
		if v.Class == ir.ByValue && e.dl.place(e, v, 0) == perGang {
			// A firstprivate scalar that atomic constructs update: the
			// gang's copy (§2.5.14) in shared memory, which the
			// parameter initialises.
			params = append(params, e.decl(v.Type, ir.FirstValueName(v.Name)))
			firsts = append(firsts, v)
			continue
		}
		if v.Class == ir.FirstArray {
			var param string
			param, srcs[v] = e.dl.firstArray(e, v)
			params = append(params, param)
			continue
		}
		params = append(params, paramDecl(e.dl, v))
	}
	params = append(params, e.dl.combineParams(k)...)
	if len(params) == 0 {
		params = []string{"void"}
	}
	if e.lines.Generated {
		e.place() // the kernel's entry, the code before its body's
	}
	e.b.WriteString(e.dl.signature(k, params))
	e.depth = 1
	for _, v := range firsts {
		p := e.declarePrivate(v, 0)
		e.dl.once(e, p, fmt.Sprintf("%s = %s;", v.Name, ir.FirstValueName(v.Name)))
	}
	// Construct-level private and firstprivate variables have one copy
	// per gang (§2.5.13, §2.5.14); implicit privates (loop indices,
	// scalars a kernels construct writes) are the thread's own.
	for _, v := range k.Privates {
		lv := ir.Level(0)
		if !isIn(r.Privates, v) {
			lv = ir.Gang | ir.Worker | ir.Vector
		}
		e.declarePrivate(v, lv)
		e.scope = append(e.scope, scoped{v.Name, true})
	}
	for _, v := range r.Privates {
		if v.Class == ir.FirstArray && used(k, v) {
			n := e.id(v.Name)
			p := e.declarePrivate(v, 0)
			e.dl.once(e, p, fmt.Sprintf("memcpy(%s, %s, sizeof %s);", n, srcs[v], n))
			e.scope = append(e.scope, scoped{name: v.Name})
		}
	}
	for _, v := range k.Params {
		if v.Class == ir.PrivateSection {
			e.dl.privateSection(e, v)
		}
	}
	for _, p := range k.Params {
		if p.Class != ir.Reduced {
			e.scope = append(e.scope, scoped{name: p.Name})
		}
		if p.Class == ir.FirstArray {
			e.scope = append(e.scope, scoped{name: ir.FirstArrayName(p.Name)})
		}
	}
	for _, red := range k.Reductions {
		if red.Section != nil {
			e.dl.arrayCopy(e, red, ir.RedBufName(red.Name), ir.RedCellName(red.Name))
			e.line("%s;", e.redView(red, ir.RedBufName(red.Name), ir.RedLoName(red.Name)))
			e.scope = append(e.scope, scoped{name: ir.RedBufName(red.Name)}, scoped{name: red.Name})
			continue
		}
		t := CellType(red.Type)
		e.line("%s %s = %s;", t, e.id(red.Name), e.dl.start(red.Op, t, "*"+ir.RedCellName(red.Name)))
		e.scope = append(e.scope, scoped{name: red.Name})
	}
	e.nodes(k.Body, 0, true)
	e.dl.combineConstruct(e)
	if e.lines.Generated {
		e.place() // the kernel's exit
	}
	e.b.WriteString("}\n")
	e.dl.kernelEnd(e, k, params)
	return e.b.String()
}

func used(k *ir.Kernel, v *ir.Var) bool { return isIn(k.Params, v) }

// atomicVars returns the scalars the atomic constructs of ns update.
func atomicVars(ns []ir.Node) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	ir.Visit(ns, func(n ir.Node) {
		if s, ok := n.(*ir.Stmt); ok {
			ir.InspectStatement(s.Tree, func(t ir.Statement) bool {
				if a, ok := t.(*ir.Atomic); ok {
					if r, ok := a.X.(*ir.Ref); ok && r.Var.Type.Kind == ir.Scalar {
						out[r.Var] = true
					}
				}
				return true
			}, nil)
		}
	})
	return out
}

func isIn(vs []*ir.Var, v *ir.Var) bool {
	for _, p := range vs {
		if p == v {
			return true
		}
	}
	return false
}

// declarePrivate declares the private copy of v for threads at levels lv
// and returns where it lives.
func (e *emitter) declarePrivate(v *ir.Var, lv ir.Level) placement {
	p := e.dl.place(e, v, lv)
	if e.placed == nil {
		e.placed = map[*ir.Var]placement{}
	}
	e.placed[v] = p
	e.dl.declare(e, v, p)
	return p
}

// sharedLocals prints a declaration of arrays or structs in gang-redundant
// or worker-single code, whose variables the threads of the gang (worker)
// share, one variable at a time: the shared ones as private copies at
// their level (declarePrivate), initialised by one thread. It returns
// false, printing nothing, when every variable is the thread's own.
func (e *emitter) sharedLocals(s *ir.Stmt, ctx ir.Level) bool {
	shared := false
	for _, l := range s.Locals {
		shared = shared || e.dl.place(e, l.Var, ctx) != perThread
	}
	if !shared {
		return false
	}
	e.lineDirective(s.Line)
	for _, l := range s.Locals {
		v := l.Var
		p := e.dl.place(e, v, ctx)
		switch {
		case p == perThread && l.Init != nil:
			e.line("%s = %s;", e.decl(v.Type, e.id(v.Name)), e.expr(l.Init))
		case p == perThread:
			e.line("%s;", e.decl(v.Type, e.id(v.Name)))
		default:
			e.declarePrivate(v, ctx)
			if l.Init != nil {
				e.dl.once(e, p, fmt.Sprintf("%s = %s;", e.decl(v.Type, ir.SharedInitName(v.Name)), e.expr(l.Init)),
					fmt.Sprintf("memcpy(&%s, &%s, sizeof %s);", e.id(v.Name), ir.SharedInitName(v.Name), e.id(v.Name)))
			}
		}
		e.scope = append(e.scope, scoped{name: v.Name})
	}
	return true
}

type scoped struct {
	name    string
	private bool // uninitialised: OpenMP private rather than firstprivate
}

// An emitter prints one kernel or routine in its dialect.
type emitter struct {
	dl    dialect // the dialect of the code
	at    dialect // the dialect of its atomic constructs
	lines Lines
	r     *ir.Region
	k     *ir.Kernel
	b     strings.Builder
	depth int
	scope []scoped // kernel-local names in scope, for OpenMP data-sharing clauses
	tmp   int
	// shared is set once a private copy lives in shared memory (CUDA):
	// loops in gang-redundant code then end each iteration with a
	// barrier, so that no thread writes the next iteration's copy while
	// another still reads this one.
	shared bool
	// sections are the PrivateSection pointers of a CPU kernel, which
	// each OpenMP gang points at its own buffer.
	sections []*ir.Var
	// lastFile and lastLine are the file and line of the last #line,
	// which ends at byte lastLineAt of b.
	lastFile             string
	lastLine, lastLineAt int
	// With Lines.Generated: pin is the line (of the IR) that the code
	// being printed stands for, a loop's or a statement's, 0 outside
	// them; gen is set while the lines map to the generated file;
	// noUser is set for a copy of the kernel that carries none of the
	// user's lines (emulate's race variant, which runs instead of the
	// kernel only under ACCC_CHECK=race).
	pin         int
	gen, noUser bool
	// shadow counts, per variable, the loops being printed that control
	// it: their copies hide the variable.
	shadow map[*ir.Var]int
	// private counts, per variable, the loops being printed that
	// privatise it: their copies hide the variable.
	private map[*ir.Var]int
	// atomicVars are the scalars the kernel's atomic constructs update:
	// a copy of one that several threads share lives in shared memory.
	atomicVars map[*ir.Var]bool
	// placed records where each private copy declared so far lives.
	placed map[*ir.Var]placement
	// routine is set while printing a routine's device version, whose
	// caller decides the block shape.
	routine bool
	// lanesOn is, while the gang loop of a Split kernel is printed
	// (CUDA), the condition false in the lanes past its trip count,
	// which repeat the last iteration without its effects.
	lanesOn string
	// subst are, while a staged loop's body is printed, its staged
	// references and the shared-memory elements that replace them.
	subst map[ir.Expr]string
	// inGuard is set while code printed inside one guard for a thread
	// (guardedTail) is printed: its statements need none of their own.
	inGuard bool
	// alone is set while one thread prints a loop for the others
	// (singleLoop): its iterations need no barriers.
	alone bool
	// plainArrays declares the array parameters without const and
	// restrict: in the device function a one-block kernel calls
	// (BlockLoop), whose other calls write what this one reads, const
	// __restrict__ would let nvcc load them through the non-coherent
	// read-only cache.
	plainArrays bool
}

// newEmitter returns an emitter of kernel k of region r in dialect d,
// with its atomic constructs in dialect atomics.
func newEmitter(d, atomics Dialect, lines Lines, r *ir.Region, k *ir.Kernel) *emitter {
	return &emitter{dl: dialectOf(d), at: dialectOf(atomics), lines: lines, r: r, k: k, atomicVars: atomicVars(k.Body)}
}

// enter and leave mark the control variables of l as hidden by the
// loop's copies, and then no longer.
func (e *emitter) enter(l *ir.Loop) {
	if e.shadow == nil {
		e.shadow = map[*ir.Var]int{}
	}
	for _, iv := range l.Nest {
		e.shadow[iv.Var]++
	}
}

func (e *emitter) leave(l *ir.Loop) {
	for _, iv := range l.Nest {
		e.shadow[iv.Var]--
	}
}

// barrier prints a barrier statement unless the previous line is the same
// barrier.
func (e *emitter) barrier(stmt, why string) {
	out := e.b.String()
	prev := out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:]
	if strings.HasPrefix(strings.TrimSpace(prev), stmt) {
		return
	}
	if why != "" {
		e.line("%s /* %s */", stmt, why)
	} else {
		e.line("%s", stmt)
	}
}

func (e *emitter) line(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	if e.lines.Generated && codeLine(text) {
		e.place()
	}
	if !strings.HasPrefix(text, "#") {
		// Directives (#pragma omp) start their line: preprocessed text
		// (the host file of a preprocessed unit) has no others.
		e.b.WriteString(strings.Repeat("    ", e.depth))
	}
	e.b.WriteString(text)
	e.b.WriteByte('\n')
}

// lineDirective maps the next line to line n of the user's file, unless
// the last #line already does.
func (e *emitter) lineDirective(n int) {
	if n <= 0 || e.noUser {
		return
	}
	f, m := e.lines.At(n)
	if f == e.lastFile && m == e.mapped() {
		return
	}
	e.b.WriteString(e.lines.DirectiveAt(f, m))
	e.lastFile, e.lastLine, e.lastLineAt, e.gen = f, m, e.b.Len(), false
}

// place maps the next line, code of the kernel's, as Lines.Generated
// says: to the user's line e.pin, or without one to the generated file.
func (e *emitter) place() {
	if e.pin > 0 && !e.noUser {
		e.lineDirective(e.pin)
		return
	}
	if !e.gen {
		e.b.WriteString(GenMarker)
		e.gen, e.lastFile, e.lastLine = true, "", 0
	}
}

// pinTo makes n, when it is a line, the line code printed until the
// returned function runs stands for (emitter.pin).
func (e *emitter) pinTo(n int) func() {
	if n <= 0 {
		n = e.pin
	}
	return e.pinSet(n)
}

// pinSet is pinTo that takes 0 too: code that stands for no line.
func (e *emitter) pinSet(n int) func() {
	old := e.pin
	e.pin = n
	return func() { e.pin = old }
}

// userLine returns the number of the user's line that line n of the
// program's text is, for comments.
func (e *emitter) userLine(n int) int {
	_, m := e.lines.At(n)
	return m
}

// mapped returns the user's line the next printed line maps to, or 0
// before the first #line.
func (e *emitter) mapped() int {
	if e.lastLine == 0 {
		return 0
	}
	return e.lastLine + strings.Count(e.b.String()[e.lastLineAt:], "\n")
}

// Quote returns s as a C string literal, as #line directives and the
// runtime's messages need file names, which may hold any byte but '/'
// and NUL: quotes and backslashes escaped, control characters (a
// carriage return ends a line for the compiler) in octal, and the second
// of two question marks escaped, so that no trigraph forms (C89 modes
// replace them).
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		case c == '?' && i > 0 && s[i-1] == '?':
			b.WriteString(`\?`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// CommentName returns a file name as a generated comment shows it: as
// it is, or when it holds a character that would end or split the
// comment (a line end, a control character, */) as a C string literal
// (Quote) with */ written *\/.
func CommentName(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f || s[i] == '*' && i+1 < len(s) && s[i+1] == '/' {
			return strings.ReplaceAll(Quote(s), "*/", `*\/`)
		}
	}
	return s
}

// code prints a statement at the current depth, with #line where its
// lines leave the user's numbering.
func (e *emitter) code(s ir.Statement) {
	p := e.printer()
	p.Atomic, p.Subst = atomicPrinter(e.at, p, e.threadOwn), e.subst
	p.Subst = e.dl.subst(e, s, p)
	defer e.pinTo(0)()
	for _, l := range p.Statement(s) {
		if l.Line > 0 {
			e.pin = l.Line // a line without its own is its block's first line's
		}
		e.lineDirective(l.Line)
		if strings.HasPrefix(l.Text, "#") {
			e.line("%s", l.Text)
			continue
		}
		e.line("%s%s", strings.Repeat("    ", l.Depth), l.Text)
	}
}

// nodes prints a body. ctx is the set of levels partitioned by the
// enclosing loops; top is set for the kernel's own body.
func (e *emitter) nodes(ns []ir.Node, ctx ir.Level, top bool) {
	for i, n := range ns {
		switch x := n.(type) {
		case *ir.Stmt:
			e.stmt(x, ctx)
		case *ir.Loop:
			last := top && i == len(ns)-1
			e.loop(x, ctx, last)
		}
	}
}

func (e *emitter) stmt(s *ir.Stmt, ctx ir.Level) {
	defer e.pinTo(s.Line)()
	if s.Body != nil {
		e.lineDirective(s.Line)
		hp := e.printer()
		hp.Subst = e.dl.subst(e, s.Head, hp)
		if h := hp.Header(s.Head); h != "" {
			e.line("%s", h)
		}
		e.line("{")
		e.depth++
		mark := len(e.scope)
		for _, n := range s.Names {
			e.scope = append(e.scope, scoped{name: n})
		}
		e.nodes(s.Body, ctx, false)
		e.scope = e.scope[:mark]
		e.depth--
		e.line("}")
		return
	}
	if s.Tree == nil {
		return
	}
	if s.Decl && e.sharedLocals(s, ctx) {
		return
	}
	e.lineDirective(s.Line)
	if e.dl.stmt(e, s, ctx) {
		return
	}
	e.code(s.Tree)
	for _, n := range s.Names {
		e.scope = append(e.scope, scoped{name: n})
	}
}

// Trip returns a C expression for the number of iterations of iv, with
// variables printed by refFn. A step that is not a positive constant,
// and an increment that goes away from the bound (IndexVar.Never), are
// checked where the loop starts (accrt_trip_checked): the loop, written
// where lines maps iv's line, stops the program if its condition holds.
func Trip(iv *ir.IndexVar, lines Lines, refFn func(*ir.Var) string) string {
	return trip(iv, lines, ir.Printer{Ref: refFn})
}

// trip is Trip printed by p.
func trip(iv *ir.IndexVar, lines Lines, p ir.Printer) string {
	lo := "(long long)(" + p.Expr(iv.Lo) + ")"
	hi := "(long long)(" + p.Expr(iv.Hi) + ")"
	step := "(long long)(" + p.Expr(iv.Step) + ")"
	incl := "0"
	if iv.Cmp.Inclusive() {
		incl = "1"
	}
	// The span runs from lo up to hi, or for a condition > or >= from
	// hi up to lo.
	if iv.Cmp.Descending() {
		lo, hi = hi, lo
	}
	file, line := lines.At(iv.Line)
	if iv.Never {
		// The step moves the index away from the bound.
		return fmt.Sprintf("accrt_trip_checked(%s, %s, -%s, %s, %s, %d)", lo, hi, step, incl, Quote(file), line)
	}
	if n, ok := ir.IntValue(iv.Step); ok && n > 0 {
		return fmt.Sprintf("accrt_trip(%s, %s, %s, %s)", lo, hi, step, incl)
	}
	return fmt.Sprintf("accrt_trip_checked(%s, %s, %s, %s, %s, %d)", lo, hi, step, incl, Quote(file), line)
}

// ref prints a use of v: the loop's copy where a loop the emitter is in
// controls v (indexVar declares it), else as ref does.
func (e *emitter) ref(v *ir.Var) string {
	if e.shadow[v] > 0 || e.private[v] > 0 {
		return e.id(v.Name)
	}
	return ref(e.dl.printer(), v)
}

// Ref prints a variable as C kernel code uses it.
func Ref(v *ir.Var) string { return ref(cDialect{}.printer(), v) }

// printer prints the IR in the emitter's dialect, variables by e.ref.
func (e *emitter) printer() ir.Printer {
	p := e.dl.printer()
	p.Ref = e.ref
	return p
}

// expr prints an expression of the kernel's code.
func (e *emitter) expr(x ir.Expr) string { return e.printer().Expr(x) }

// id spells a name of the user's program (a variable's) in the dialect.
func (e *emitter) id(name string) string { return e.dl.printer().Ident(name) }

// decl declares name, printed as given, with type t in the dialect.
func (e *emitter) decl(t *ir.Type, name string) string { return e.dl.printer().Decl(t, name) }

// sharedCopy reports whether v, as the code being printed names it, is
// a private copy in shared memory (a gang's or worker's, declarePrivate)
// rather than one of the thread's own or the variable's device copy.
func (e *emitter) sharedCopy(v *ir.Var) bool {
	p, ok := e.placed[v]
	return ok && p != perThread && e.shadow[v] == 0
}

// threadOwn reports whether the variable atomic construct a updates is
// one each thread has a copy of (a local of the thread, a private or
// firstprivate copy of its own, its reduction copy): no other thread can
// race with the update, which is then a plain one, as CUDA has no
// atomics on local memory. Copies in shared memory and data in device
// memory are updated atomically.
func (e *emitter) threadOwn(a *ir.Atomic) bool {
	x := a.X
	for {
		switch y := x.(type) {
		case *ir.Index:
			if t := y.X.Type(); t != nil && t.Kind == ir.Array {
				x = y.X // an element of the array itself
				continue
			}
			return false
		case *ir.Member:
			if !y.Arrow {
				x = y.X
				continue
			}
			return false
		case *ir.Ref:
			v := y.Var
			if e.sharedCopy(v) {
				return false
			}
			if e.shadow[v] > 0 || e.private[v] > 0 || v.Local {
				return true
			}
			switch v.Class {
			case ir.PrivateVar, ir.FirstArray, ir.ByValue, ir.Reduced:
				return true
			}
		}
		return false
	}
}

// loop prints loop l at levels ctx: a block with its trip counts, its
// reductions' start, the for statement that spreads its iterations (a
// tiled loop's tiles, then their elements: tile.go) over the threads of
// its levels (dialect.head), each iteration's indices decoded from the
// counter, its body, and the reductions' combine. last is set for the
// kernel's last statement.
func (e *emitter) loop(l *ir.Loop, ctx ir.Level, last bool) {
	// The loop's code stands for no line but for the indices of each
	// iteration, which stand for their loops' lines (indexVar): a
	// breakpoint on a loop's line then stops at each iteration, with
	// the index set, and has one place (the for statements, in other
	// blocks than the indices, would be a second).
	defer e.pinSet(0)()
	e.lineDirective(l.Line)
	if e.dl.loop(e, l, ctx) {
		return
	}
	desc := describe(l, e.k)
	if l == e.k.Split {
		desc += ", split over the block's rows below the lanes"
	}
	trips := e.openLoop(l, desc, l.Index32)
	count := "long long"
	if l.Index32 {
		count = "unsigned int"
	}
	total := strings.Join(trips, " * ")
	if l.Tiled() {
		total = e.tileCounts(l, trips, count) // the loop runs over the tiles
	}
	e.dl.counter(e, count, ir.LoopCountName)
	// Reductions combine into the variable's value before the loop
	// (§2.9.11): save it, reduce from the identity, then combine. Array
	// reductions reduce into a private copy of their elements instead,
	// which each iteration sees under the variable's name.
	var arrays []arrayReduction
	var shared []*ir.Reduction
	own := map[*ir.Reduction]bool{} // an enclosing loop's private copy, the thread's own
	for _, red := range l.Reduce {
		if red.Section != nil {
			arrays = append(arrays, e.arrayLoopStart(red))
			continue
		}
		if e.sharedReduction(red) {
			// The variable is the device copy every thread reaches: each
			// reduces into a private copy of its own under the
			// variable's name (§2.9.11), which combineShared combines.
			own[red] = e.shadow[red.Var] > 0
			e.line("%s = &%s;", e.decl(red.Type, "*"+ir.RedPtrName(red.Name)), e.ref(red.Var))
			e.line("%s = %s;", e.decl(red.Type, e.id(red.Name)), e.dl.start(red.Op, red.Type.Name, "*"+ir.RedPtrName(red.Name)))
			if e.shadow == nil {
				e.shadow = map[*ir.Var]int{}
			}
			e.shadow[red.Var]++
			shared = append(shared, red)
			continue
		}
		t := CellType(red.Type)
		if !red.Local && red.Var.Class != ir.Reduced {
			t = red.Type.Name
		}
		e.line("const %s %s = %s;", t, ir.RedSaveName(red.Name), e.ref(red.Var))
		e.line("%s = %s;", e.ref(red.Var), e.dl.start(red.Op, t, ir.RedSaveName(red.Name)))
	}
	e.dl.head(e, l, ctx, loopHead{total: total, count: count, index32: l.Index32, arrays: arrays})
	for _, a := range arrays {
		e.line("%s;", e.redView(a.red, a.buf, a.lo))
	}
	mark := len(e.scope)
	if l.Tiled() {
		e.tileElements(l, trips, ir.LoopCountName, count)
	} else {
		e.decodeIndices(l, trips, ir.LoopCountName)
	}
	e.enter(l)
	e.dl.iteration(e, l, ctx)
	e.loopBody(l, ctx)
	e.leave(l)
	e.scope = e.scope[:mark]
	if l.Tiled() {
		e.closeTile()
	}
	e.depth--
	e.line("}")
	e.finalIndices(l, trips)
	for _, a := range arrays {
		e.dl.combineArray(e, a, ctx)
	}
	for _, red := range shared {
		e.shadow[red.Var]--
		e.dl.combineShared(e, l, red, ctx, own[red])
	}
	for _, red := range l.Reduce {
		if red.Section != nil || e.sharedReduction(red) {
			continue
		}
		v := e.ref(red.Var)
		e.line("%s = %s;", v, combine(red.Op, ir.RedSaveName(red.Name), e.dl.partial(e, l, red, v)))
	}
	e.dl.loopEnd(e, l, ctx, last)
	e.depth--
	e.line("}")
}

// openLoop opens the block of loop l, described by desc, and declares
// the trip counts of its levels, which it returns: 64-bit unless the
// launch pass proved 32 bits exact (index32: Loop.Index32,
// opt/index32.go), as are the counter and the index decoding.
func (e *emitter) openLoop(l *ir.Loop, desc string, index32 bool) []string {
	if index32 {
		desc += ", 32-bit indices"
	}
	e.line("{ /* loop at line %d: %s */", e.userLine(l.Line), desc)
	e.depth++
	trips := make([]string, len(l.Nest))
	for i, iv := range l.Nest {
		trips[i] = ir.TripCountName(i)
		if index32 {
			e.line("const unsigned int %s = (unsigned int)%s;", trips[i], trip(iv, e.lines, e.printer()))
		} else {
			e.line("const long long %s = %s;", trips[i], trip(iv, e.lines, e.printer()))
		}
	}
	return trips
}

// decodeIndices declares the index variables of l's nest for iteration
// k of the collapsed loop, whose trip counts are trips: a collapsed
// nest recovers each with / and %.
func (e *emitter) decodeIndices(l *ir.Loop, trips []string, k string) {
	rest := k
	for i, iv := range l.Nest {
		idx := rest
		if i < len(l.Nest)-1 {
			inner := strings.Join(trips[i+1:], " * ")
			if l.Index32 {
				// Unsigned 32-bit division: the fast one on GPUs.
				idx = fmt.Sprintf("%s / %s", paren(rest), paren(inner))
				rest = fmt.Sprintf("%s %% %s", paren(rest), paren(inner))
			} else {
				idx = fmt.Sprintf("accrt_div(%s, %s)", rest, inner)
				rest = fmt.Sprintf("accrt_mod(%s, %s)", rest, inner)
			}
		}
		e.indexVar(iv, idx, l.Index32)
	}
}

// indexVar declares a loop's index variable for the iteration number idx,
// an unsigned int when index32 is set.
func (e *emitter) indexVar(iv *ir.IndexVar, idx string, index32 bool) {
	defer e.pinTo(iv.Line)()
	op := "+"
	if iv.Down {
		op = "-"
	}
	step := e.expr(iv.Step)
	if t := iv.Var.Type; index32 && t.Kind == ir.Scalar && !t.Float && t.Size == 4 {
		// lo + idx * step modulo 2^32, converted to the variable's
		// 32-bit type: the value the sequential loop gives it, which
		// fits, with no signed overflow on the way. (idx is a name, a
		// quotient or a remainder: it binds tighter than + and -.)
		v := idx
		if step != "1" {
			v = paren(idx) + " * (unsigned int)" + paren(step)
		}
		lo := "(unsigned int)" + paren(e.expr(iv.Lo))
		if c, ok := ir.IntValue(iv.Lo); ok && c >= 0 && c <= math.MaxUint32 {
			lo = fmt.Sprintf("%du", c)
		}
		if lo != "0u" || iv.Down {
			v = lo + " " + op + " " + v
		}
		e.line("%s = (%s)%s;", e.decl(t, e.id(iv.Var.Name)), e.dl.printer().Type(t), paren(v))
		e.scope = append(e.scope, scoped{name: iv.Var.Name})
		return
	}
	if index32 {
		idx = "(long long)" + paren(idx) // as wide as the 64-bit loops' counter
	}
	if step == "1" {
		e.line("%s = %s %s %s;", e.decl(iv.Var.Type, e.id(iv.Var.Name)), paren(e.expr(iv.Lo)), op, idx)
	} else {
		e.line("%s = %s %s %s * %s;", e.decl(iv.Var.Type, e.id(iv.Var.Name)), paren(e.expr(iv.Lo)), op, idx, paren(step))
	}
	e.scope = append(e.scope, scoped{name: iv.Var.Name})
}

// finalIndices gives the control variables of l that the for statements
// do not declare the values the sequential loops leave in them (C11
// 6.8.5.3: the last increment fails the test), for code after the loop
// that reads them: lo + trip*step, each inner variable only when the
// loops around it ran. The loop's own copies are out of scope here; the
// variables are the kernel's (or the region's locals).
func (e *emitter) finalIndices(l *ir.Loop, trips []string) {
	for i, iv := range l.Nest {
		if iv.Declare || iv.Var == nil || !e.inScope(iv.Var.Name) {
			continue
		}
		op := "+"
		if iv.Down {
			op = "-"
		}
		v := fmt.Sprintf("%s = (%s)(%s %s (long long)%s * %s);", e.ref(iv.Var), e.dl.printer().Type(iv.Var.Type),
			paren(e.expr(iv.Lo)), op, trips[i], paren(e.expr(iv.Step)))
		if i > 0 {
			v = fmt.Sprintf("if (%s > 0) %s", strings.Join(trips[:i], " * "), v)
		}
		e.line("%s /* the value loop %d leaves in %s */", v, l.Line, iv.Var.Name)
	}
}

// inScope reports whether the kernel code at this point has a variable
// of that name.
func (e *emitter) inScope(name string) bool {
	for _, s := range e.scope {
		if s.name == name {
			return true
		}
	}
	return false
}

// loopBody prints the private copies and the body of one iteration of l.
// A private copy hides the variable in the body, whatever the variable's
// class elsewhere in the kernel (a scalar in device memory outside the
// loop is a plain local in it).
func (e *emitter) loopBody(l *ir.Loop, ctx ir.Level) {
	in := ctx | l.Levels
	if e.private == nil {
		e.private = map[*ir.Var]int{}
	}
	outer := map[*ir.Var]placement{}
	for _, v := range l.Private {
		if p, ok := e.placed[v]; ok {
			outer[v] = p
		}
		e.declarePrivate(v, in)
		e.scope = append(e.scope, scoped{v.Name, true})
		e.private[v]++
	}
	defer func() {
		for _, v := range l.Private {
			e.private[v]--
			if p, ok := outer[v]; ok {
				e.placed[v] = p // the copy around the loop again
			} else {
				delete(e.placed, v)
			}
		}
	}()
	if m := retileMask(l); m != nil && (e.k.Stage == nil || l != e.k.GangLoop) {
		// A re-tiled nest that is not staged: its points outside the
		// triangle are skipped (stagedBlocks masks the staged ones).
		e.line("if (%s) { /* a point of the triangle */", e.expr(m))
		e.depth++
		defer func() {
			e.depth--
			e.line("}")
		}()
	}
	e.dl.body(e, l, in)
}

// describe says what loop l of kernel k is, for its comment: the levels
// as OpenACC clauses would state them.
func describe(l *ir.Loop, k *ir.Kernel) string {
	if l.Levels == 0 {
		return "seq"
	}
	var parts []string
	if l.Levels.Has(ir.Gang) && l.GangDim > 1 {
		parts = append(parts, fmt.Sprintf("gang(dim:%d)", l.GangDim))
	} else if l.Levels.Has(ir.Gang) {
		parts = append(parts, "gang")
	}
	if l.Levels.Has(ir.Worker) {
		parts = append(parts, fmt.Sprintf("worker(%d)", k.Workers))
	}
	if l.Levels.Has(ir.Vector) {
		parts = append(parts, fmt.Sprintf("vector(%d)", k.Vector))
	}
	s := strings.Join(parts, " ")
	if l.Tiled() {
		s += " " + l.TileText()
	} else if len(l.Nest) > 1 {
		s += fmt.Sprintf(" collapse(%d)", len(l.Nest))
	}
	return s
}

func paren(s string) string {
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "(" + s + ")"
		}
	}
	return s
}

// combine returns op(a, b) in C.
func combine(op ir.ReductionOp, a, b string) string {
	switch op {
	case "max":
		return fmt.Sprintf("(%s < %s ? %s : %s)", a, b, b, a)
	case "min":
		return fmt.Sprintf("(%s < %s ? %s : %s)", b, a, b, a)
	}
	return fmt.Sprintf("(%s %s %s)", a, op, b)
}

// An arrayReduction is a loop's reduction of an array or a section
// (OpenACC 2.7+, §2.9.11) while the loop is printed: buf is the private
// copy of its elements, orig points at the original elements, lo is the
// index of the first one.
type arrayReduction struct {
	red           *ir.Reduction
	buf, orig, lo string
}

// arrayLoopStart prints, before a loop with an array reduction, the
// pointer to the elements the reduction combines into and the private
// copy it reduces in.
func (e *emitter) arrayLoopStart(red *ir.Reduction) arrayReduction {
	e.tmp++
	a := arrayReduction{red: red, buf: ir.LoopRedBufName(e.tmp, red.Name), orig: ir.LoopRedOrigName(e.tmp, red.Name)}
	lo := red.Lo()
	switch n, ok := ir.IntValue(lo); {
	case ok:
		a.lo = fmt.Sprint(n)
	case red.Var.Class == ir.Reduced:
		a.lo = ir.RedLoName(red.Name) // the construct's section (lower checks that they agree)
	default:
		a.lo = e.expr(lo)
	}
	ptr := e.decl(red.Type, "*")
	orig := "(" + ptr + ")" + paren(e.ref(red.Var))
	if a.lo != "0" {
		orig += " + " + paren(a.lo)
	}
	e.line("%s = %s;", e.decl(red.Type, "*"+a.orig), orig)
	e.dl.arrayCopy(e, red, a.buf, a.orig)
	return a
}

// redView declares the variable of an array reduction as a pointer into
// its private copy buf, whose first element has index lo: the code of
// the loop (or kernel) indexes it as it indexes the variable.
func (e *emitter) redView(red *ir.Reduction, buf, lo string) string {
	pt := red.Var.Type.Decay()
	view := buf
	if lo != "0" {
		view += " - " + paren(lo)
	}
	if pt.Elem.Kind == ir.Array {
		view = "(" + e.dl.printer().Type(pt) + ")" + paren(view)
	}
	return e.decl(pt, e.id(red.Name)) + " = " + view
}

// sharedReduction reports whether a loop's reduction of a scalar is of
// a variable in device memory that every thread reaches (a scalar in a
// data clause, a reduced struct member) or of a copy in shared memory
// (sharedCopy): the loop's threads reduce into private copies, combined
// into it when the loop ends (dialect.combineShared).
func (e *emitter) sharedReduction(red *ir.Reduction) bool {
	if red.Section != nil {
		return false
	}
	if e.sharedCopy(red.Var) {
		return true
	}
	return !red.Local && red.Var.Class == ir.ByPointer && e.private[red.Var] == 0
}

// deviceData reports whether v's data live in device memory that every
// gang reaches (mapped data, device pointers) rather than in a private
// copy.
func deviceData(v *ir.Var) bool {
	switch v.Class {
	case ir.ArrayData, ir.DevicePtr, ir.ByPointer:
		return true
	}
	return false
}
