package kernel

import (
	"fmt"
	"math"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// Dialect selects the target language and parallelism.
type Dialect uint8

const (
	CPU    Dialect = iota // sequential C (-acc=host, -acc=emulate)
	OpenMP                // C with OpenMP threads over gang loops (-acc=multicore)
	CUDA                  // CUDA C++, gang/worker/vector on blocks and threads
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

// Suffix is the kernel name suffix of the CPU dialects: main_12_cpu.
func Name(k *ir.Kernel, d Dialect) string {
	if d == CUDA {
		return k.Name
	}
	return ir.CPUKernelName(k.Name)
}

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
// reads them, restrict when no other name reaches them (Var.Restrict).
func arrayParam(v *ir.Var, d Dialect, readOnly bool) string {
	t := v.Type.Decay()
	if v.FlatElem != nil {
		t = &ir.Type{Kind: ir.Pointer, Elem: v.FlatElem, Size: 8, Len: -1}
	}
	name := spelling(d).Ident(v.Name)
	if v.Restrict {
		if d == CUDA {
			name = "__restrict__ " + name
		} else {
			name = "__restrict " + name // C89 and C99 alike
		}
	}
	decl := spelling(d).Decl(t, name)
	if readOnly && t.Kind == ir.Pointer && t.Elem.Base().Kind != ir.Pointer && t.Elem.Kind != ir.Pointer {
		decl = "const " + decl
	}
	return decl
}

// ParamDecl declares the kernel parameter of a region variable.
func ParamDecl(v *ir.Var, d Dialect) string {
	sp := spelling(d)
	switch v.Class {
	case ir.ByPointer:
		return sp.Decl(v.Type, "*"+sp.Ident(v.Name))
	case ir.ArrayData:
		return arrayParam(v, d, false)
	case ir.Reduced:
		if isArrayReduction(v) {
			// The device copy of the reduced elements and the index of
			// the first one (§2.5.15: the implied copy).
			return sp.Decl(v.Type.Base(), "*"+ir.RedCellName(v.Name)) + ", long long " + ir.RedLoName(v.Name)
		}
		if d == CUDA && GangCombined(v) {
			// The gangs' partial results, the result in mapped host
			// memory, the start value.
			t := CellType(v.Type)
			return fmt.Sprintf("%s *%s, %s *%s, %s %s", t, ir.RedCellName(v.Name), t, ir.RedMappedName(v.Name), t, ir.RedInitName(v.Name))
		}
		return cellPtrType(v) + " *" + ir.RedCellName(v.Name)
	case ir.PrivateSection:
		// The gangs' copies (CUDA: one slab per gang in device scratch;
		// CPU: a local array), the section's length and start, and for
		// firstprivate the original elements.
		t := v.Type.Elem
		p := "long long " + ir.PrivLenName(v.Name) + ", long long " + ir.PrivLoName(v.Name)
		if d == CUDA {
			p = sp.Decl(t, "*"+ir.PrivSlabsName(v.Name)) + ", " + p
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

// spelling is the printer of names and types in dialect d: C, or C++
// for CUDA, where the identifiers of the user's program that C++ reserves
// are renamed (ir.CXXName) in kernels, routines and type definitions
// alike. Host code keeps the C names, and passes kernel arguments by
// position.
func spelling(d Dialect) ir.Printer { return ir.Printer{CXX: d == CUDA} }

// ref prints a use of a variable in kernel code; e.ref, inside a loop
// whose control variable it is, the loop's own copy.
func ref(d Dialect, v *ir.Var) string {
	if v.Class == ir.ByPointer {
		return "(*" + spelling(d).Ident(v.Name) + ")"
	}
	return spelling(d).Ident(v.Name)
}

// Function prints the kernel: its parameter structs (CUDA firstprivate
// arrays), signature and body; lines maps its lines to the user's (#line).
func Function(d Dialect, lines Lines, r *ir.Region, k *ir.Kernel) string {
	e := &emitter{d: d, lines: lines, r: r, k: k, atomicVars: atomicVars(k.Body)}
	var params []string
	var firsts []*ir.Var
	for _, v := range k.Params {
		if v.Class == ir.ArrayData {
			params = append(params, arrayParam(v, d, isIn(k.ReadOnly, v)))
			continue
		}
		if v.Class == ir.ByValue && e.placement(v, 0) == perGang {
			// A firstprivate scalar that atomic constructs update: the
			// gang's copy (§2.5.14) in shared memory, which the
			// parameter initialises.
			params = append(params, e.decl(v.Type, ir.FirstValueName(v.Name)))
			firsts = append(firsts, v)
			continue
		}
		if v.Class == ir.FirstArray && d == CUDA {
			// The array by value, in a struct of the kernel's own: another
			// kernel of the file may have a firstprivate array of that
			// name and another type.
			tag := ir.FirstArrayTag(k.Name, v.Name)
			fmt.Fprintf(&e.b, "struct %s { %s; };\n", tag, e.decl(v.Type, "a"))
			params = append(params, tag+" "+ir.FirstArrayName(v.Name))
			continue
		}
		params = append(params, ParamDecl(v, d))
	}
	if d == CUDA && GangCombines(k) {
		// The gangs finished (the last one combines), and whether this
		// is the construct's first kernel: later ones combine with the
		// result of those before.
		params = append(params, "unsigned *"+ir.RedCountName, "int "+ir.RedFirstName)
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	switch d {
	case CUDA:
		// static: kernels of other files may have the same name (the
		// launch stub, which the host file calls, is made local when
		// the two objects are combined).
		fmt.Fprintf(&e.b, "static __global__ void __launch_bounds__(%d)\n%s(%s)\n{\n", k.Vector*k.Workers, k.Name, strings.Join(params, ", "))
	default:
		fmt.Fprintf(&e.b, "static void %s(%s)\n{\n", Name(k, d), strings.Join(params, ", "))
	}
	e.depth = 1
	for _, v := range firsts {
		e.declarePrivate(v, 0)
		e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
		e.line("    %s = %s;", v.Name, ir.FirstValueName(v.Name))
		e.line("__syncthreads();")
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
			src := ir.FirstArrayName(v.Name)
			if d == CUDA {
				src = ir.FirstArrayName(v.Name) + ".a"
			}
			n := e.id(v.Name)
			if e.declarePrivate(v, 0) == perGang {
				e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
				e.line("    memcpy(%s, %s, sizeof %s);", n, src, n)
				e.line("__syncthreads();")
			} else {
				e.line("memcpy(%s, %s, sizeof %s);", n, src, n)
			}
			e.scope = append(e.scope, scoped{name: v.Name})
		}
	}
	for _, v := range k.Params {
		if v.Class == ir.PrivateSection {
			e.privateSection(v)
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
			e.arrayCopy(red, ir.RedBufName(red.Name), ir.RedCellName(red.Name))
			e.line("%s;", e.redView(red, ir.RedBufName(red.Name), ir.RedLoName(red.Name)))
			e.scope = append(e.scope, scoped{name: ir.RedBufName(red.Name)}, scoped{name: red.Name})
			continue
		}
		t := CellType(red.Type)
		if d == CUDA {
			e.line("%s %s = %s::id<%s>();", t, e.id(red.Name), opStruct(red.Op), t)
		} else {
			e.line("%s %s = %s;", t, red.Name, cpuInit(red.Op, "*"+ir.RedCellName(red.Name)))
		}
		e.scope = append(e.scope, scoped{name: red.Name})
	}
	e.nodes(k.Body, 0, true)
	if d == CUDA && GangCombines(k) {
		e.gangCombine()
	}
	for _, red := range k.Reductions {
		if d == CUDA && GangCombined(red.Var) {
			continue
		}
		cell := ir.RedCellName(red.Name)
		if red.Section != nil {
			// Each gang's copy combines into the device copy, element by
			// element (§2.5.15).
			buf := ir.RedBufName(red.Name)
			if d == CUDA {
				e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
				e.line("    for (int %[1]s = 0; %[1]s < %[2]d; %[1]s++)", ir.ElemName, red.Len)
				e.line("        accrt_atomic<%s>(&%s[%s], %s[%s]);", opStruct(red.Op), cell, ir.ElemName, buf, ir.ElemName)
			} else {
				e.line("%s", cLoopJ(red.Len))
				e.line("    %s = %s;", elemOf(cell), combine(red.Op, elemOf(cell), elemOf(buf)))
				e.line("}")
			}
			continue
		}
		if d == CUDA {
			val := e.id(red.Name)
			if t := cellPtrType(red.Var); t != CellType(red.Type) {
				val = "(" + t + ")" + val
			}
			e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
			e.line("    %s::atomic(%s, %s);", opStruct(red.Op), cell, val)
		} else {
			e.line("*%s = %s;", cell, combine(red.Op, "*"+cell, red.Name))
		}
	}
	e.b.WriteString("}\n")
	return e.b.String()
}

// GangCombines reports whether k has GangCombined parameters.
func GangCombines(k *ir.Kernel) bool {
	for _, v := range k.Params {
		if GangCombined(v) {
			return true
		}
	}
	return false
}

// gangCombine ends a CUDA kernel with GangCombined reductions: thread 0
// of each gang holds the gang's result (§2.5.15); it stores it at the
// gang's index, and the last gang to finish reduces all of them, then
// combines the start value (the construct's first kernel) or the result
// of the kernels before with them into the mapped result.
func (e *emitter) gangCombine() {
	var reds []*ir.Reduction
	for _, red := range e.k.Reductions {
		if GangCombined(red.Var) {
			reds = append(reds, red)
		}
	}
	e.line("if (threadIdx.x == 0 && threadIdx.y == 0) {")
	for _, red := range reds {
		e.line("    %s[accrt_gang_rank()] = %s;", ir.RedCellName(red.Name), e.id(red.Name))
	}
	e.line("}")
	e.line("if (accrt_last_gang(%s)) {", ir.RedCountName)
	for _, red := range reds {
		t := CellType(red.Type)
		e.line("    %s = accrt_gangs_reduce<%s>(%s, %s ? %s : *(volatile %s *)%s);",
			e.id(red.Name), opStruct(red.Op), ir.RedCellName(red.Name), ir.RedFirstName, ir.RedInitName(red.Name), t, ir.RedMappedName(red.Name))
	}
	e.line("    if (threadIdx.x == 0 && threadIdx.y == 0) {")
	for _, red := range reds {
		e.line("        *%s = %s;", ir.RedMappedName(red.Name), e.id(red.Name))
	}
	e.line("    }")
	e.line("}")
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

// A placement says where a private copy lives on the device.
type placement uint8

const (
	perThread placement = iota // a local variable of each thread
	perGang                    // __shared__: one copy for the block
	perWorker                  // __shared__, one copy per threadIdx.y
)

// placement decides where the private copy of v lives when it is private
// to the threads of the levels lv (the levels partitioned where the copy
// is made). A copy that several threads of a block share must be one
// object they all see (§2.9.10: "a copy ... is created for and shared
// among the set of threads"): statements with effects in gang-redundant
// or worker-single code run on one thread, and the vector lanes read
// their results. Scalars stay per thread: every thread runs the
// assignments to them redundantly and keeps an equal copy, and reductions
// into them combine across the lanes; but the threads of a scalar that
// atomic constructs update see each other's updates (§2.12), so its
// shared copy is one object too.
func (e *emitter) placement(v *ir.Var, lv ir.Level) placement {
	if e.d != CUDA || (v.Type.Kind != ir.Array && v.Type.Kind != ir.Record && !e.atomicVars[v]) {
		return perThread
	}
	switch {
	case lv.Has(ir.Vector) || e.k.Vector*e.k.Workers == 1:
		return perThread
	case lv.Has(ir.Worker):
		if e.k.Vector == 1 {
			return perThread
		}
		return perWorker
	}
	return perGang
}

// declarePrivate declares the private copy of v for threads at levels lv
// and returns where it lives.
func (e *emitter) declarePrivate(v *ir.Var, lv ir.Level) placement {
	p := e.placement(v, lv)
	if e.placed == nil {
		e.placed = map[*ir.Var]placement{}
	}
	e.placed[v] = p
	switch p {
	case perGang:
		e.line("__shared__ %s;", e.decl(v.Type, e.id(v.Name)))
		e.shared = true
	case perWorker:
		slots := fmt.Sprintf("%s[%d]", ir.WorkerSlotsName(v.Name), e.k.Workers)
		e.line("__shared__ %s;", e.decl(v.Type, slots))
		e.line("%s = %s[threadIdx.y];", e.decl(v.Type, "(&"+e.id(v.Name)+")"), ir.WorkerSlotsName(v.Name))
		e.shared = true
	default:
		e.line("%s;", e.decl(v.Type, e.id(v.Name)))
	}
	return p
}

// privateSection points a PrivateSection pointer at the gang's copy of
// its section, filled from the original for firstprivate.
func (e *emitter) privateSection(v *ir.Var) {
	n, lo, elem := ir.PrivLenName(v.Name), ir.PrivLoName(v.Name), v.Type.Elem
	if e.d == CUDA {
		e.line("%s = %s + (((long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) * %s - %s;", e.decl(v.Type, e.id(v.Name)), ir.PrivSlabsName(v.Name), n, lo)
		if v.Section.First {
			e.line("for (long long %[1]s = threadIdx.y * blockDim.x + threadIdx.x; %[1]s < %[2]s; %[1]s += blockDim.x * blockDim.y)", ir.ElemName, n)
			e.line("    %s[%s + %s] = %s;", e.id(v.Name), lo, ir.ElemName, elemOf("((const "+e.decl(elem, "*")+")"+ir.PrivSrcName(v.Name)+")"))
			e.line("__syncthreads();")
		}
		return
	}
	buf := ir.PrivBufName(v.Name)
	e.line("%s;", elem.Decl(buf+"["+n+" > 0 ? "+n+" : 1]"))
	if v.Section.First {
		e.line("memcpy(%s, %s, (size_t)%s * sizeof *%s);", buf, ir.PrivSrcName(v.Name), n, buf)
	}
	e.line("%s = %s - %s;", v.Type.Decl(v.Name), buf, lo)
	// OpenMP threads are gangs: each gets its own buffer (a copy of the
	// original for firstprivate) and points the pointer at it.
	e.scope = append(e.scope, scoped{buf, !v.Section.First})
	e.sections = append(e.sections, v)
}

// sharedLocals prints a declaration of arrays or structs in gang-redundant
// or worker-single code, whose variables the threads of the gang (worker)
// share, one variable at a time: the shared ones as private copies at
// their level (declarePrivate), initialised by one thread. It returns
// false, printing nothing, when every variable is the thread's own.
func (e *emitter) sharedLocals(s *ir.Stmt, ctx ir.Level) bool {
	shared := false
	for _, l := range s.Locals {
		shared = shared || e.placement(l.Var, ctx) != perThread
	}
	if !shared {
		return false
	}
	e.lineDirective(s.Line)
	for _, l := range s.Locals {
		v := l.Var
		p := e.placement(v, ctx)
		switch {
		case p == perThread && l.Init != nil:
			e.line("%s = %s;", e.decl(v.Type, e.id(v.Name)), e.expr(l.Init))
		case p == perThread:
			e.line("%s;", e.decl(v.Type, e.id(v.Name)))
		default:
			e.declarePrivate(v, ctx)
			if l.Init != nil {
				guard := "threadIdx.x == 0 && threadIdx.y == 0"
				if p == perWorker {
					guard = "threadIdx.x == 0"
				}
				e.line("if (%s) {", guard)
				e.line("    %s = %s;", e.decl(v.Type, ir.SharedInitName(v.Name)), e.expr(l.Init))
				e.line("    memcpy(&%s, &%s, sizeof %s);", e.id(v.Name), ir.SharedInitName(v.Name), e.id(v.Name))
				e.line("}")
				if p == perWorker {
					e.workerSync()
				} else {
					e.barrier("__syncthreads();", "")
				}
			}
		}
		e.scope = append(e.scope, scoped{name: v.Name})
	}
	return true
}

// workerSync makes the writes of one lane of a worker visible to the
// worker's other lanes: a worker's vector lanes are consecutive lanes of
// one warp (vector lengths with workers are powers of two up to 32).
func (e *emitter) workerSync() {
	mask := "0xffffffffu"
	if e.routine {
		mask = "accrt_warp_mask()" // the caller's lanes, however many
	} else if e.k.Vector < 32 {
		mask = fmt.Sprintf("(0x%xu << ((threadIdx.y * %d) %% 32))", uint32(1)<<e.k.Vector-1, e.k.Vector)
	}
	e.barrier("__syncwarp("+mask+");", "")
}

type scoped struct {
	name    string
	private bool // uninitialised: OpenMP private rather than firstprivate
}

type emitter struct {
	d     Dialect
	lines Lines
	r     *ir.Region
	k     *ir.Kernel
	b     strings.Builder
	depth int
	scope []scoped // kernel-local names in scope, for OpenMP data-sharing clauses
	tmp   int
	// shared is set once a private copy lives in shared memory: loops in
	// gang-redundant code then end each iteration with a barrier, so that
	// no thread writes the next iteration's copy while another still
	// reads this one.
	shared bool
	// sections are the PrivateSection pointers of a CPU kernel, which
	// each OpenMP gang points at its own buffer.
	sections []*ir.Var
	// lastFile and lastLine are the file and line of the last #line,
	// which ends at byte lastLineAt of b.
	lastFile             string
	lastLine, lastLineAt int
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
	// atomics, when set, is the dialect atomic constructs are printed
	// in (a CPU routine called from OpenMP threads: OpenMP).
	atomics *Dialect
	// lanesOn is, while the gang loop of a Split kernel is printed, the
	// condition false in the lanes past its trip count, which repeat the
	// last iteration without its effects.
	lanesOn string
	// subst are, while a staged loop's body is printed, its staged
	// references and the shared-memory elements that replace them.
	subst map[ir.Expr]string
	// inGuard is set while code printed inside one guard for a thread
	// (guardedTail) is printed: its statements need none of their own.
	inGuard bool
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
	if n <= 0 {
		return
	}
	f, m := e.lines.At(n)
	if f == e.lastFile && m == e.mapped() {
		return
	}
	e.b.WriteString(e.lines.DirectiveAt(f, m))
	e.lastFile, e.lastLine, e.lastLineAt = f, m, e.b.Len()
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
	ad := e.d
	if e.atomics != nil {
		ad = *e.atomics
	}
	p := e.printer()
	p.Atomic, p.Subst = atomicPrinter(ad, p, e.threadOwn), e.subst
	for _, l := range p.Statement(s) {
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

// redundant returns the thread dimensions that execute code at ctx
// redundantly: those of the block the enclosing loops do not partition.
func (e *emitter) redundant(ctx ir.Level) (x, y bool) {
	return e.k.Vector > 1 && !ctx.Has(ir.Vector), e.k.Workers > 1 && !ctx.Has(ir.Worker)
}

func (e *emitter) stmt(s *ir.Stmt, ctx ir.Level) {
	if s.Body != nil {
		e.lineDirective(s.Line)
		if h := e.printer().Header(s.Head); h != "" {
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
	rx, ry := e.redundant(ctx)
	if e.d == CUDA && s.ParCall != nil {
		e.parCall(s, ctx, rx, ry)
		for _, n := range s.Names {
			e.scope = append(e.scope, scoped{name: n})
		}
		return
	}
	if e.inGuard {
		e.code(s.Tree)
		for _, n := range s.Names {
			e.scope = append(e.scope, scoped{name: n})
		}
		return
	}
	shared := s.Shared() || e.writesSharedCopy(s)
	if e.d == CUDA && !s.Decl && shared && !rx && !ry && e.lanesOn != "" {
		// A thread past the edge of a staged 2-D block or split loop.
		e.line("if (%s) {", e.lanesOn)
		e.depth++
		e.code(s.Tree)
		e.depth--
		e.line("}")
		return
	}
	if e.d == CUDA && !s.Decl && shared && (rx || ry) {
		// Gang-redundant or worker-/vector-single code with effects on
		// shared data runs on one thread (§2.5.1 execution modes).
		cond := singleThread(rx, ry)
		if e.lanesOn != "" {
			cond = e.lanesOn + " && " + cond
		}
		var sync func()
		switch {
		case !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector):
			sync = func() { e.barrier("__syncthreads();", "") }
		case rx && !ctx.Has(ir.Vector):
			sync = e.workerSync
		}
		if sync != nil && (s.Break || s.Continue) {
			e.singleJump(s, cond, ry, sync)
			return
		}
		e.line("if (%s) {", cond)
		e.depth++
		e.code(s.Tree)
		e.depth--
		e.line("}")
		if sync != nil {
			sync()
		}
		return
	}
	e.code(s.Tree)
	for _, n := range s.Names {
		e.scope = append(e.scope, scoped{name: n})
	}
}

// writesSharedCopy reports whether s assigns a scalar whose copy lives in
// shared memory (sharedCopy): an effect beyond the thread, like a store
// through a pointer.
func (e *emitter) writesSharedCopy(s *ir.Stmt) bool {
	found := false
	target := func(x ir.Expr) bool {
		r, ok := x.(*ir.Ref)
		return ok && e.sharedCopy(r.Var)
	}
	ir.InspectStatement(s.Tree, nil, func(x ir.Expr) {
		found = found || ir.AnyExpr(x, func(y ir.Expr) bool {
			switch z := y.(type) {
			case *ir.Assign:
				return target(z.L)
			case *ir.Unary:
				return (z.Op == "++" || z.Op == "--") && target(z.X)
			}
			return false
		})
	})
	return found
}

// singleJump prints a statement that one thread runs for the others
// (cond) and that may break or continue: the thread records which jump
// it took in shared memory, and every thread takes it. gang is set when
// one thread runs it for the whole block, else one per worker.
func (e *emitter) singleJump(s *ir.Stmt, cond string, gang bool, sync func()) {
	e.tmp++
	flag, size, slot := ir.JumpName(e.tmp), e.k.Workers, "[threadIdx.y]"
	if gang {
		size, slot = 1, "[0]"
	}
	e.line("{ /* the break or continue of the thread that runs the statement is everyone's */")
	e.depth++
	e.line("__shared__ int %s[%d];", flag, size)
	e.line("if (%s) {", cond)
	e.depth++
	e.line("%s%s = 2; /* break */", flag, slot)
	e.line("for (int %[1]s = 0; ; %[1]s = 1) {", ir.OnceName)
	e.depth++
	e.line("if (%s) { %s%s = 1; break; } /* continue */", ir.OnceName, flag, slot)
	e.code(s.Tree)
	e.line("%s%s = 0;", flag, slot)
	e.line("break;")
	e.depth--
	e.line("}")
	e.depth--
	e.line("}")
	sync()
	e.line("const int %s = %s%s;", ir.JumpedName(e.tmp), flag, slot)
	sync()
	if s.Continue {
		e.line("if (%s == 1) continue;", ir.JumpedName(e.tmp))
	}
	if s.Break {
		e.line("if (%s == 2) break;", ir.JumpedName(e.tmp))
	}
	e.depth--
	e.line("}")
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
	if iv.Cmp == "<=" || iv.Cmp == ">=" {
		incl = "1"
	}
	// The span runs from lo up to hi, or for a condition > or >= from
	// hi up to lo.
	if iv.Cmp == ">" || iv.Cmp == ">=" {
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
	return ref(e.d, v)
}

// Ref prints a variable as C kernel code uses it.
func Ref(v *ir.Var) string { return ref(CPU, v) }

// printer prints the IR in the emitter's dialect, variables by e.ref.
func (e *emitter) printer() ir.Printer {
	p := spelling(e.d)
	p.Ref = e.ref
	return p
}

// expr prints an expression of the kernel's code.
func (e *emitter) expr(x ir.Expr) string { return e.printer().Expr(x) }

// id spells a name of the user's program (a variable's) in the dialect.
func (e *emitter) id(name string) string { return spelling(e.d).Ident(name) }

// decl declares name, printed as given, with type t in the dialect.
func (e *emitter) decl(t *ir.Type, name string) string { return spelling(e.d).Decl(t, name) }

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

func (e *emitter) loop(l *ir.Loop, ctx ir.Level, last bool) {
	e.lineDirective(l.Line)
	if e.d == CUDA && e.k.Stage != nil && l == e.k.Stage.Loop {
		e.stagedLoop(l, ctx)
		return
	}
	rows, blocked := 0, false
	if e.d == CUDA && l == e.k.GangLoop && e.k.Block2DRows > 0 {
		rows, blocked = e.k.Block2DRows, true
	}
	desc := describe(l, e.k, e.d)
	if blocked {
		desc += fmt.Sprintf(", in %dx%d blocks", ir.Block2DWidth, rows)
	}
	if e.d == CUDA && l == e.k.Split {
		desc += ", split over the block's rows below the lanes"
	}
	// The counter, trip counts and index decoding are 64-bit unless the
	// launch pass proved 32 bits exact (Loop.Index32, lower/index32.go).
	index32 := l.Index32
	if blocked {
		index32 = e.k.Block2DIndex32
	}
	count := "long long"
	if index32 {
		count = "unsigned int"
		desc += ", 32-bit indices"
	}
	e.line("{ /* loop at line %d: %s */", e.userLine(l.Line), desc)
	e.depth++
	n := len(l.Nest)
	trips := make([]string, n)
	for i, iv := range l.Nest {
		trips[i] = ir.TripCountName(i)
		if index32 {
			e.line("const unsigned int %s = (unsigned int)%s;", trips[i], trip(iv, e.lines, e.printer()))
		} else {
			e.line("const long long %s = %s;", trips[i], trip(iv, e.lines, e.printer()))
		}
	}
	if blocked && e.k.Stage != nil {
		e.stagedBlocks(l, trips, rows, ctx)
		return
	}
	if blocked {
		e.block2DLoop(l, trips, rows, ctx)
		return
	}
	total := strings.Join(trips, " * ")
	if l.Tiled() {
		total = e.tileCounts(l, trips, count) // the loop runs over the tiles
	}
	if e.d != CUDA {
		// Declared before the for statement (C89 has no declarations
		// there: C kernels are compiled in the program's -std).
		e.line("%s %s;", count, ir.LoopCountName)
	}
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
			// variable's name (§2.9.11), which sharedLoopEnd combines.
			own[red] = e.shadow[red.Var] > 0
			e.line("%s = &%s;", e.decl(red.Type, "*"+ir.RedPtrName(red.Name)), e.ref(red.Var))
			init := cpuInit(red.Op, "*"+ir.RedPtrName(red.Name))
			if e.d == CUDA {
				init = e.identity(red, red.Type.Name)
			}
			e.line("%s = %s;", e.decl(red.Type, e.id(red.Name)), init)
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
		e.line("%s = %s;", e.ref(red.Var), e.identity(red, t))
	}
	levels := l.Levels
	if l.Tiled() {
		levels, _ = l.TileLevels()
	}
	rank, size := "0", "1"
	if e.d == CUDA && levels != 0 {
		rank, size = partition(levels, l.GangDim, l.Index32)
	}
	var gangReds []*ir.Reduction
	if e.d == OpenMP && l.Levels.Has(ir.Gang) && !ctx.Has(ir.Gang) {
		// The outermost gang loop (gang(dim:) loops nest) runs its
		// gangs on OpenMP threads; those inside run in each thread.
		gangReds = e.constructReductions(l)
		e.line("%s", e.ompPragma(l, arrays, gangReds))
	}
	k := ir.LoopCountName
	split := e.d == CUDA && l == e.k.GangLoop && e.k.Split != nil
	switch {
	case e.d != CUDA:
		e.line("for (%s = 0; %s < %s; %s++) {", k, k, total, k)
	case split:
		// The blocks stride over the iterations alike in all their
		// threads, which all reach the split loop's combine
		// (Kernel.Split).
		base := "(long long)blockIdx.x * blockDim.x"
		if index32 {
			base = "blockIdx.x * blockDim.x"
		}
		e.line("for (%[1]s %[5]s = %[2]s; %[5]s < %[3]s; %[5]s += %[4]s) {", count, base, total, size, ir.BlockBaseName)
	case rank == "0" && size == "1":
		if MemoryRecurrence(l) {
			// nvcc 13.0 (NVVM) unrolls some of these loops by two with
			// an exit test two iterations early, skipping the last
			// ones (docs/known-issues.md); a recurrence runs one
			// iteration after another anyway.
			e.line("#pragma unroll 1")
		}
		e.line("for (%s %s = 0; %s < %s; %s++) {", count, k, k, total, k)
	default:
		e.line("for (%s %s = %s; %s < %s; %s += %s) {", count, k, rank, k, total, k, size)
	}
	e.depth++
	if split {
		e.line("const bool %[2]s = %[3]s + threadIdx.x < %[1]s; /* lanes past the end repeat the last iteration, without its effects */", total, ir.LanesOnName, ir.BlockBaseName)
		e.line("const %s %s = %s ? %s + threadIdx.x : %s - 1;", count, k, ir.LanesOnName, ir.BlockBaseName, total)
		e.lanesOn = ir.LanesOnName
		defer func() { e.lanesOn = "" }()
	}
	for _, red := range gangReds {
		if red.Section != nil {
			e.line("%s;", e.redView(red, ir.RedBufName(red.Name), ir.RedLoName(red.Name))) // this gang's copy
		}
	}
	for _, a := range arrays {
		e.line("%s;", e.redView(a.red, a.buf, a.lo))
	}
	mark := len(e.scope)
	if l.Tiled() {
		e.tileElements(l, trips, k, count)
	} else {
		e.decodeIndices(l, trips, k)
	}
	e.enter(l)
	if e.d == OpenMP && l.Levels.Has(ir.Gang) && !ctx.Has(ir.Gang) {
		for _, v := range e.sections {
			e.line("%s = %s - %s;", e.id(v.Name), ir.PrivBufName(v.Name), ir.PrivLoName(v.Name))
		}
	}
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
		e.arrayLoopEnd(a, ctx)
	}
	for _, red := range shared {
		e.shadow[red.Var]--
		e.sharedLoopEnd(l, red, ctx, own[red])
	}
	for _, red := range l.Reduce {
		if red.Section != nil || e.sharedReduction(red) {
			continue
		}
		v := e.ref(red.Var)
		part := v
		if f := blockReducer(l.Levels, e.k); e.d == CUDA && f != "" {
			// The partial results of the threads the loop spread over.
			t := CellType(red.Type)
			if !red.Local && red.Var.Class != ir.Reduced {
				t = red.Type.Name
			}
			part = ir.RedPartName(red.Name)
			if t == red.Type.Name {
				e.line("const %s %s = %s<%s>(%s);", t, part, f, opStruct(red.Op), v)
			} else {
				e.line("const %s %s = (%s)%s<%s>((%s)%s);", red.Type.Name, part, red.Type.Name, f, opStruct(red.Op), t, v)
			}
		}
		e.line("%s = %s;", v, combine(red.Op, ir.RedSaveName(red.Name), part))
	}
	if e.d == CUDA && (l.Levels.Has(ir.Worker) || l.Levels.Has(ir.Vector)) && !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector) && !last {
		e.barrier("__syncthreads();", "the loop's results are visible to the whole gang")
	} else if e.d == CUDA && l.Levels.Has(ir.Vector) && ctx.Has(ir.Worker) && !ctx.Has(ir.Vector) && e.k.Vector > 1 {
		e.workerSync() // the loop's results are visible to the worker's lanes
	}
	e.depth--
	e.line("}")
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
		e.line("%s = (%s)%s;", e.decl(t, e.id(iv.Var.Name)), spelling(e.d).Type(t), paren(v))
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

// block2DLoop prints the body of a 2-D blocked gang loop
// (Kernel.Block2DRows): thread t of a block takes inner iteration
// t % ir.Block2DWidth and outer iteration t / ir.Block2DWidth of its
// block's part of the nest; both loops stride over the grid.
func (e *emitter) block2DLoop(l *ir.Loop, trips []string, rows int, ctx ir.Level) {
	i0, i1 := ir.Block2DIndexName(0), ir.Block2DIndexName(1)
	if e.k.Block2DIndex32 {
		e.line("for (unsigned int %[1]s = blockIdx.y * %[2]d + threadIdx.x / %[3]d; %[1]s < %[4]s; %[1]s += gridDim.y * %[2]d)", i0, rows, ir.Block2DWidth, trips[0])
		e.line("for (unsigned int %[1]s = blockIdx.x * %[2]d + threadIdx.x %% %[2]d; %[1]s < %[3]s; %[1]s += gridDim.x * %[2]d) {", i1, ir.Block2DWidth, trips[1])
	} else {
		e.line("for (long long %[1]s = (long long)blockIdx.y * %[2]d + threadIdx.x / %[3]d; %[1]s < %[4]s; %[1]s += (long long)gridDim.y * %[2]d)", i0, rows, ir.Block2DWidth, trips[0])
		e.line("for (long long %[1]s = (long long)blockIdx.x * %[2]d + threadIdx.x %% %[2]d; %[1]s < %[3]s; %[1]s += (long long)gridDim.x * %[2]d) {", i1, ir.Block2DWidth, trips[1])
	}
	e.depth++
	mark := len(e.scope)
	for i, iv := range l.Nest {
		e.indexVar(iv, ir.Block2DIndexName(i), e.k.Block2DIndex32)
	}
	e.enter(l)
	e.loopBody(l, ctx)
	e.leave(l)
	e.scope = e.scope[:mark]
	e.depth--
	e.line("}")
	e.finalIndices(l, trips)
	e.depth--
	e.line("}")
}

// stagedBlocks prints the body of a 2-D blocked gang loop with a staged
// loop (Kernel.Stage): the blocks stride over the nest alike in all their
// threads, which all reach the staged loop's barriers; a thread past the
// edge of the iteration space runs the last row or column (accc_on
// false: its statements with effects are skipped).
func (e *emitter) stagedBlocks(l *ir.Loop, trips []string, rows int, ctx ir.Level) {
	count, wide := "unsigned int", ""
	if !e.k.Block2DIndex32 {
		count, wide = "long long", "(long long)"
	}
	for t, buf := range e.k.Stage.Bufs {
		dims := fmt.Sprintf("%s[%d][%d]", ir.StageName(t), ir.StageChunk, ir.Block2DWidth)
		if buf.Rows {
			dims = fmt.Sprintf("%s[%d][%d]", ir.StageName(t), rows, ir.StageChunk)
		}
		e.line("__shared__ %s; /* %s */", e.decl(buf.Refs[0].Type(), dims), ir.Format(buf.Refs[0], nil))
	}
	ty, tx, b0, b1 := ir.Block2DRowName, ir.Block2DColName, ir.Block2DBaseName(0), ir.Block2DBaseName(1)
	e.line("const unsigned int %s = threadIdx.x / %d, %s = threadIdx.x %% %d;", ty, ir.Block2DWidth, tx, ir.Block2DWidth)
	e.line("for (%[1]s %[2]s = %[3]sblockIdx.y * %[4]d; %[2]s < %[5]s; %[2]s += %[3]sgridDim.y * %[4]d)", count, b0, wide, rows, trips[0])
	e.line("for (%[1]s %[2]s = %[3]sblockIdx.x * %[4]d; %[2]s < %[5]s; %[2]s += %[3]sgridDim.x * %[4]d) {", count, b1, wide, ir.Block2DWidth, trips[1])
	e.depth++
	e.line("const bool %s = %s + %s < %s && %s + %s < %s; /* threads past the edge run the last row or column, without its effects */", ir.LanesOnName, b0, ty, trips[0], b1, tx, trips[1])
	e.line("const %[1]s %[2]s = %[3]s + %[4]s < %[5]s ? %[3]s + %[4]s : %[5]s - 1;", count, ir.Block2DIndexName(0), b0, ty, trips[0])
	e.line("const %[1]s %[2]s = %[3]s + %[4]s < %[5]s ? %[3]s + %[4]s : %[5]s - 1;", count, ir.Block2DIndexName(1), b1, tx, trips[1])
	mark := len(e.scope)
	for i, iv := range l.Nest {
		e.indexVar(iv, ir.Block2DIndexName(i), e.k.Block2DIndex32)
	}
	e.lanesOn = ir.LanesOnName
	e.enter(l)
	e.loopBody(l, ctx)
	e.leave(l)
	e.lanesOn = ""
	e.scope = e.scope[:mark]
	e.depth--
	e.line("}")
	e.finalIndices(l, trips)
	e.depth--
	e.line("}")
}

// stagedLoop prints the staged loop of a Kernel.Stage in chunks of
// ir.StageChunk iterations: the block's threads load each chunk's
// operands into shared memory together, then run the chunk with the
// staged references reading shared memory.
func (e *emitter) stagedLoop(l *ir.Loop, ctx ir.Level) {
	iv := l.Nest[0]
	rows := e.k.Block2DRows
	e.line("{ /* loop at line %d: seq, its operands staged through shared memory %d iterations at a time */", e.userLine(l.Line), ir.StageChunk)
	e.depth++
	n0, kb, kn, ck := ir.TripCountName(0), ir.BlockBaseName, ir.ChunkLenName, ir.ChunkIndexName
	ty, tx, row := ir.Block2DRowName, ir.Block2DColName, ir.StageRowName
	e.line("const long long %s = %s;", n0, trip(iv, e.lines, e.printer()))
	idx := func(i string) string {
		if l.Index32 {
			return "(unsigned int)(" + kb + " + " + i + ")"
		}
		return "(" + kb + " + " + i + ")"
	}
	e.line("for (long long %[1]s = 0; %[1]s < %[2]s; %[1]s += %[3]d) {", kb, n0, ir.StageChunk)
	e.depth++
	e.barrier("__syncthreads();", "the chunk before is read")
	subst := map[ir.Expr]string{}
	for t, buf := range e.k.Stage.Bufs {
		// A row buffer holds row accc_ty's elements, loaded by its lanes
		// (the k of lane accc_tx); a column buffer column accc_tx's, loaded
		// by that column's threads, a row of the chunk each.
		head := "if (" + kb + " + " + tx + " < " + n0 + ") {"
		kk, cell, use := tx, "["+ty+"]["+tx+"]", "["+ty+"]["+ck+"]"
		if !buf.Rows {
			head = fmt.Sprintf("for (unsigned int %[1]s = %[2]s; %[1]s < %[3]d && %[4]s + %[1]s < %[5]s; %[1]s += %[6]d) {", row, ty, ir.StageChunk, kb, n0, rows)
			kk, cell, use = row, "["+row+"]["+tx+"]", "["+ck+"]["+tx+"]"
		}
		e.line("%s", head)
		e.depth++
		mark := len(e.scope)
		e.indexVar(iv, idx(kk), l.Index32)
		e.line("%s%s = %s;", ir.StageName(t), cell, e.expr(buf.Refs[0]))
		e.scope = e.scope[:mark]
		e.depth--
		e.line("}")
		for _, r := range buf.Refs {
			subst[r] = ir.StageName(t) + use
		}
	}
	e.barrier("__syncthreads();", "the chunk is loaded")
	e.line("const unsigned int %[1]s = %[2]s - %[3]s < %[4]d ? (unsigned int)(%[2]s - %[3]s) : %[4]d;", kn, n0, kb, ir.StageChunk)
	e.line("for (unsigned int %[1]s = 0; %[1]s < %[2]s; %[1]s++) {", ck, kn)
	e.depth++
	mark := len(e.scope)
	e.indexVar(iv, idx(ck), l.Index32)
	e.subst = subst
	e.enter(l)
	e.line("if (%s) {", e.lanesOn)
	e.depth++
	save := e.inGuard
	e.inGuard = true
	e.nodes(l.Body, ctx, false)
	e.inGuard = save
	e.depth--
	e.line("}")
	e.leave(l)
	e.subst = nil
	e.scope = e.scope[:mark]
	e.depth--
	e.line("}")
	e.depth--
	e.line("}")
	e.finalIndices(l, []string{n0})
	e.depth--
	e.line("}")
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
		v := fmt.Sprintf("%s = (%s)(%s %s (long long)%s * %s);", e.ref(iv.Var), spelling(e.d).Type(iv.Var.Type),
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
	start := e.b.Len()
	switch {
	case e.d == CUDA && l == e.k.GangLoop && e.k.Split != nil:
		e.guardedTail(l.Body, e.k.Split, in, e.lanesOn+" && threadIdx.y == 0")
	case e.d == CUDA && l == e.k.GangLoop && e.k.Stage != nil:
		e.guardedTail(l.Body, e.k.Stage.Loop, in, e.lanesOn)
	default:
		e.nodes(l.Body, in, false)
	}
	if e.d == CUDA && e.shared && e.k.Vector*e.k.Workers > 1 && !in.Has(ir.Vector) && (!in.Has(ir.Worker) || e.k.Vector > 1) {
		if l.Break || l.Continue {
			e.endIteration(start, l.Break)
		}
		switch {
		case !in.Has(ir.Worker):
			e.barrier("__syncthreads();", "before the next iteration reuses the gang's private copies")
		case e.k.Vector > 1:
			e.workerSync()
		}
		if l.Break {
			e.line("if (%s) break;", ir.BreakName)
		}
	}
}

// guardedTail prints the body ns of a Split or Staged gang loop: the
// nodes up to the split or staged loop, which every thread runs, then
// the rest inside one guard, cond, for the thread that runs it for the
// others (row 0 of a split block) and within the trip counts, so that
// nothing after the loop, declarations with effects and the private
// values they leave included, runs in the threads that only help.
func (e *emitter) guardedTail(ns []ir.Node, loop *ir.Loop, in ir.Level, cond string) {
	for i, n := range ns {
		if n != ir.Node(loop) {
			continue
		}
		e.nodes(ns[:i+1], in, false)
		if rest := ns[i+1:]; len(rest) > 0 {
			e.line("if (%s) { /* the rest of the iteration, once */", cond)
			e.depth++
			save := e.inGuard
			e.inGuard = true
			e.nodes(rest, in, false)
			e.inGuard = save
			e.depth--
			e.line("}")
		}
		return
	}
	e.nodes(ns, in, false)
}

// endIteration wraps the loop body printed since offset start so that its
// break and continue statements reach the barrier at the end of the
// iteration; after the barrier, accc_brk says whether to leave the loop.
func (e *emitter) endIteration(start int, brk bool) {
	out := e.b.String()
	body := out[start:]
	e.b.Reset()
	e.b.WriteString(out[:start])
	set := ""
	if brk {
		e.line("int %s = 1;", ir.BreakName)
		set = ir.BreakName + " = 0; "
	}
	e.line("for (int %[1]s = 0; ; %[1]s = 1) { /* break and continue end here, before the barrier */", ir.OnceName)
	e.line("    if (%s) { %sbreak; }", ir.OnceName, set)
	for _, l := range strings.SplitAfter(body, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			e.b.WriteString("    ")
		}
		e.b.WriteString(l)
	}
	if brk {
		e.line("    %s = 0;", ir.BreakName)
	}
	e.line("    break;")
	e.line("}")
}

// blockReducer returns the accrt_device.h helper that combines the
// partial results of the threads a loop at levels l spreads over within
// one block, or "" when it spreads over none.
func blockReducer(l ir.Level, k *ir.Kernel) string {
	w := l.Has(ir.Worker) && k.Workers > 1
	v := l.Has(ir.Vector) && k.Vector > 1
	switch {
	case w && v:
		return "accrt_block_reduce"
	case v && k.Workers == 1:
		return "accrt_block_reduce"
	case v:
		return "accrt_vector_reduce"
	case w && k.Vector == 1:
		return "accrt_block_reduce"
	case w:
		return "accrt_worker_reduce"
	}
	return ""
}

func (e *emitter) identity(red *ir.Reduction, t string) string {
	if e.d == CUDA {
		return fmt.Sprintf("%s::id<%s>()", opStruct(red.Op), t)
	}
	return cpuInit(red.Op, ir.RedSaveName(red.Name))
}

// partition returns the first index and the stride of a loop spread over
// the given levels: gang over blockIdx.x, worker over threadIdx.y, vector
// over threadIdx.x, vector fastest so that consecutive threads touch
// consecutive iterations. They are long long, or unsigned int (CUDA's
// own type) for a 32-bit loop.
func partition(l ir.Level, dim int, index32 bool) (rank, size string) {
	var ranks, sizes []string
	add := func(r, s string) {
		switch {
		case len(ranks) == 0 && index32:
			ranks = append(ranks, r)
		case len(ranks) == 0:
			ranks = append(ranks, "(long long)"+r)
		case strings.Contains(ranks[0], " "):
			ranks = []string{"(" + ranks[0] + ") * " + s + " + " + r}
		default:
			ranks = []string{ranks[0] + " * " + s + " + " + r}
		}
		sizes = append(sizes, s)
	}
	if l.Has(ir.Gang) {
		// gang(dim:d) (OpenACC 3.3 §2.9.2): the gangs of dimension d.
		c := [...]string{"x", "x", "y", "z"}[dim]
		add("blockIdx."+c, "gridDim."+c)
	}
	if l.Has(ir.Worker) {
		add("threadIdx.y", "blockDim.y")
	}
	if l.Has(ir.Vector) {
		add("threadIdx.x", "blockDim.x")
	}
	size = strings.Join(sizes, " * ")
	if !index32 {
		size = "(long long)" + size
	}
	return ranks[0], size
}

// ompPragma parallelises a gang loop over OpenMP threads: every kernel
// variable in scope is firstprivate (each gang had its own copy), the
// loop's reductions are OpenMP reductions.
func (e *emitter) ompPragma(l *ir.Loop, arrays []arrayReduction, gangReds []*ir.Reduction) string {
	reduced := map[string]bool{}
	var reds []string
	for _, r := range gangReds {
		name := r.Name
		if r.Section != nil {
			name = ir.RedBufName(r.Name)
			reduced[r.Name] = true // the view is declared again in the loop
		}
		reduced[name] = true
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", r.Op, name))
	}
	for _, r := range l.Reduce {
		if r.Section != nil {
			continue
		}
		reduced[r.Name] = true
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", r.Op, r.Name))
	}
	for _, a := range arrays {
		// OpenMP 4.5 array reductions: each thread's copy of the whole
		// buffer starts from the identity.
		reds = append(reds, fmt.Sprintf("reduction(%s:%s)", a.red.Op, a.buf))
	}
	var fp, pv []string
	seen := map[string]bool{}
	for i := len(e.scope) - 1; i >= 0; i-- {
		s := e.scope[i]
		if seen[s.name] || reduced[s.name] {
			continue
		}
		seen[s.name] = true
		if s.private {
			pv = append(pv, s.name)
		} else {
			fp = append(fp, s.name)
		}
	}
	out := "#pragma omp parallel for"
	if len(fp) > 0 {
		out += " firstprivate(" + strings.Join(fp, ", ") + ")"
	}
	if len(pv) > 0 {
		out += " private(" + strings.Join(pv, ", ") + ")"
	}
	for _, r := range reds {
		out += " " + r
	}
	return out
}

func describe(l *ir.Loop, k *ir.Kernel, d Dialect) string {
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

// opStruct names the accrt_device.h operator of a reduction.
func opStruct(op ir.ReductionOp) string {
	return map[ir.ReductionOp]string{"+": "accrt_add", "*": "accrt_mul", "max": "accrt_max",
		"min": "accrt_min", "&": "accrt_band", "|": "accrt_bor", "^": "accrt_bxor", "&&": "accrt_land",
		"||": "accrt_lor"}[op]
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

// cpuInit is the value a CPU reduction starts from: the identity of +,
// * and ^, and for the idempotent operators the original value itself.
func cpuInit(op ir.ReductionOp, orig string) string {
	switch op {
	case "+", "^", "|", "||":
		return "0"
	case "*", "&&":
		return "1"
	}
	return orig
}

// constructReductions returns the construct-level reductions of the
// kernel that gang loop l does not reduce itself: the OpenMP threads
// that run its gangs each reduce into a copy of their own (§2.5.15),
// which OpenMP combines when the loop ends.
func (e *emitter) constructReductions(l *ir.Loop) []*ir.Reduction {
	var out []*ir.Reduction
	for _, red := range e.k.Reductions {
		own := false
		for _, r := range l.Reduce {
			own = own || r.Var == red.Var
		}
		if !own {
			out = append(out, red)
		}
	}
	return out
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
	e.arrayCopy(red, a.buf, a.orig)
	return a
}

// arrayCopy declares buf, a private copy of the elements of an array
// reduction, each starting from the operator's identity (CUDA) or, on
// CPUs, from cpuInit's value for the original element orig[j].
func (e *emitter) arrayCopy(red *ir.Reduction, buf, orig string) {
	t := red.Type
	init := cpuInit(red.Op, elemOf(orig))
	if e.d == CUDA {
		ct := CellType(t)
		init = fmt.Sprintf("%s::id<%s>()", opStruct(red.Op), ct)
		if ct != t.Name {
			init = "(" + t.Name + ")" + init
		}
	}
	e.line("%s;", e.decl(t, fmt.Sprintf("%s[%d]", buf, red.Len)))
	if e.d == CUDA {
		e.line("for (int %[1]s = 0; %[1]s < %[2]d; %[1]s++) %[3]s = %[4]s;", ir.ElemName, red.Len, elemOf(buf), init)
	} else {
		e.line("%s %s = %s; }", cLoopJ(red.Len), elemOf(buf), init)
	}
}

// cLoopJ is the head of a C loop over the elements accc_j < n of a
// reduction, in a block the caller closes: C kernels are compiled in the
// program's -std, and C89 has no declarations in for statements.
func cLoopJ(n int64) string {
	return fmt.Sprintf("{ int %[1]s; for (%[1]s = 0; %[1]s < %[2]d; %[1]s++)", ir.ElemName, n)
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
		view = "(" + spelling(e.d).Type(pt) + ")" + paren(view)
	}
	return e.decl(pt, e.id(red.Name)) + " = " + view
}

// arrayLoopEnd combines the private copies of a loop's array reduction
// into the original elements, element by element. On CUDA the copies of
// the threads that ran the loop together (those the enclosing loops ctx
// do not tell apart: the loop's levels, and threads that left statements
// with effects to one of them, whose copies hold the identity) combine
// first; a copy every thread has of its own then takes the result, a
// copy they share (gang or worker private, or device data) is updated
// by one of them with an atomic, since other workers or gangs may
// update it too.
func (e *emitter) arrayLoopEnd(a arrayReduction, ctx ir.Level) {
	red := a.red
	elem := elemOf
	if e.d != CUDA {
		if e.d == OpenMP && ctx.Has(ir.Gang) && deviceData(red.Var) {
			e.line("#pragma omp critical(%s)", ir.CriticalName) // other gangs' threads update it too
		}
		e.line("%s", cLoopJ(red.Len))
		e.line("    %s = %s;", elem(a.orig), combine(red.Op, elem(a.orig), elem(a.buf)))
		e.line("}")
		return
	}
	part := elem(a.buf)
	e.line("for (int %[1]s = 0; %[1]s < %[2]d; %[1]s++) {", ir.ElemName, red.Len)
	e.depth++
	if f := blockReducer((ir.Worker|ir.Vector)&^ctx, e.k); f != "" {
		t, ct := red.Type.Name, CellType(red.Type)
		if t == ct {
			e.line("const %s = %s<%s>(%s);", red.Type.Decl(ir.PartName), f, opStruct(red.Op), part)
		} else {
			e.line("const %s = (%s)%s<%s>((%s)%s);", red.Type.Decl(ir.PartName), t, f, opStruct(red.Op), ct, part)
		}
		part = ir.PartName
	}
	rx, ry := e.redundant(ctx)
	own := !deviceData(red.Var) && (red.Var.Class == ir.Reduced || e.placed[red.Var] == perThread)
	cond := singleThread(rx, ry)
	// Every thread has a copy of its own, but the result is the one of
	// the threads that run the code around the loop for the others (as
	// statements with effects do): the copies of the rest keep holding
	// the identity, which an enclosing loop that combines the copies of
	// all its threads, or the kernel's end, relies on.
	combined := fmt.Sprintf("%s = %s;", elem(a.orig), combine(red.Op, elem(a.orig), part))
	if !own {
		combined = fmt.Sprintf("accrt_atomic<%s>(&%s, %s);", opStruct(red.Op), elem(a.orig), part)
	}
	if cond != "" {
		e.line("if (%s)", cond)
		combined = "    " + combined
	}
	e.line("%s", combined)
	e.depth--
	e.line("}")
	switch {
	case own:
	case ry:
		e.barrier("__syncthreads();", "the reduction's result is visible to the whole gang")
	case rx:
		e.workerSync()
	}
}

// sharedReduction reports whether a loop's reduction of a scalar is of
// a variable in device memory that every thread reaches (a scalar in a
// data clause, a reduced struct member) or of a copy in shared memory
// (sharedCopy): the loop's threads reduce into private copies, combined
// into it when the loop ends (sharedLoopEnd).
func (e *emitter) sharedReduction(red *ir.Reduction) bool {
	if red.Section != nil {
		return false
	}
	if e.sharedCopy(red.Var) {
		return true
	}
	return !red.Local && red.Var.Class == ir.ByPointer && e.private[red.Var] == 0
}

// sharedLoopEnd combines the private copies of a loop's reduction of a
// shared scalar (sharedReduction) into the variable, accc_rp_NAME. On
// CUDA the copies of the loop's threads combine first; then one thread
// for each of the groups the enclosing loops ctx tell apart (the others
// ran the statements with effects for it, and hold the identity) adds
// its group's result with an atomic, since other groups and gangs may
// update the variable too; own is set when the variable is an enclosing
// loop's private copy, which the thread combines into without one. OpenMP
// threads running gangs combine in a critical section.
func (e *emitter) sharedLoopEnd(l *ir.Loop, red *ir.Reduction, ctx ir.Level, own bool) {
	ptr, part := ir.RedPtrName(red.Name), e.id(red.Name)
	if e.d != CUDA {
		if e.d == OpenMP && ctx.Has(ir.Gang) && !own {
			e.line("#pragma omp critical(%s)", ir.CriticalName) // other gangs' threads update it too
		}
		e.line("*%s = %s;", ptr, combine(red.Op, "*"+ptr, part))
		return
	}
	if f := blockReducer(l.Levels, e.k); f != "" {
		t, ct := red.Type.Name, CellType(red.Type)
		if t == ct {
			e.line("const %s = %s<%s>(%s);", red.Type.Decl(ir.RedPartName(red.Name)), f, opStruct(red.Op), part)
		} else {
			e.line("const %s = (%s)%s<%s>((%s)%s);", red.Type.Decl(ir.RedPartName(red.Name)), t, f, opStruct(red.Op), ct, part)
		}
		part = ir.RedPartName(red.Name)
	}
	rx, ry := e.redundant(ctx)
	cond := singleThread(rx, ry)
	atomic := fmt.Sprintf("accrt_atomic<%s>(%s, %s);", opStruct(red.Op), ptr, part)
	if own {
		atomic = fmt.Sprintf("*%s = %s;", ptr, combine(red.Op, "*"+ptr, part))
	}
	if cond != "" {
		e.line("if (%s)", cond)
		atomic = "    " + atomic
	}
	e.line("%s", atomic)
}

// singleThread is the condition that picks the one thread running code
// for the others: thread x 0 where the vector lanes are redundant (rx),
// thread y 0 where the workers are (ry); "" where neither is.
func singleThread(rx, ry bool) string {
	var conds []string
	if rx {
		conds = append(conds, "threadIdx.x == 0")
	}
	if ry {
		conds = append(conds, "threadIdx.y == 0")
	}
	return strings.Join(conds, " && ")
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
