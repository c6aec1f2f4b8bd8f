package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// cudaDialect prints CUDA C++. A gang is a block of Kernel.Vector lanes
// (threadIdx.x) by Kernel.Workers workers (threadIdx.y), and a loop
// spreads its iterations over the thread indices of its levels in a
// grid-stride loop (partition); code at levels the enclosing loops do
// not partition runs redundantly in the block's other threads
// (redundant), so statements with effects beyond the thread run on one
// of them (§2.5.1's execution modes), followed by a barrier, and private
// copies that several threads share live in shared memory. Reductions
// combine across the block (accrt_device.h's warp shuffles and shared
// memory) and across gangs with atomics, or, for a construct's scalars,
// in the last gang (GangCombined). 2-D blocked gang loops
// (Kernel.Block2DRows), staged loops (Kernel.Stage) and split loops
// (Kernel.Split) are forms of this dialect only: the CPU targets run the
// same nests flattened.
type cudaDialect struct{}

func (cudaDialect) printer() ir.Printer { return ir.Printer{CXX: true} }

func (cudaDialect) kernelName(k *ir.Kernel) string { return k.Name }

func (cudaDialect) restrict() string { return "__restrict__ " }

func (cudaDialect) distinct(k *ir.Kernel) map[*ir.Var]bool { return distinctUpdated(k) }

// signature: static, since kernels of other files may have the same
// name (the launch stub, which the host file calls, is made local when
// the two objects are combined); the block's threads bound its
// registers.
func (cudaDialect) signature(k *ir.Kernel, params []string) string {
	return fmt.Sprintf("static __global__ void __launch_bounds__(%d)\n%s(%s)\n{\n", k.Vector*k.Workers, k.Name, strings.Join(params, ", "))
}

// kernelEnd: nothing; the launch stub follows the kernel (codegen/cuda).
func (cudaDialect) kernelEnd(*emitter, *ir.Kernel, []string) {}

// routine: extern "C", so that relocatable device code of other files
// links to it by name; a routine of a static function is static.
func (cudaDialect) routine(rt *ir.Routine, decl string) string {
	if rt.Static {
		return "static __device__ " + decl
	}
	return "extern \"C\" __device__ " + decl
}

func (cudaDialect) reductionParam(v *ir.Var) string {
	if GangCombined(v) {
		// The gangs' partial results, the result in mapped host memory,
		// the start value.
		t := CellType(v.Type)
		return fmt.Sprintf("%s *%s, %s *%s, %s %s", t, ir.RedCellName(v.Name), t, ir.RedMappedName(v.Name), t, ir.RedInitName(v.Name))
	}
	return cellPtrType(v) + " *" + ir.RedCellName(v.Name)
}

// combineParams: how many gangs have finished (the last one combines),
// and whether this is the construct's first kernel: later ones combine
// with the result of those before.
func (cudaDialect) combineParams(k *ir.Kernel) []string {
	if !gangCombines(k) {
		return nil
	}
	return []string{"unsigned *" + ir.RedCountName, "int " + ir.RedFirstName}
}

// sectionSlab: one slab of device scratch holds every gang's copy.
func (d cudaDialect) sectionSlab(v *ir.Var) string {
	return d.printer().Decl(v.Type.Elem, "*"+ir.PrivSlabsName(v.Name))
}

// firstArray passes the array by value, in a struct of the kernel's own:
// another kernel of the file may have a firstprivate array of that name
// and another type.
func (cudaDialect) firstArray(e *emitter, v *ir.Var) (param, src string) {
	tag := ir.FirstArrayTag(e.k.Name, v.Name)
	fmt.Fprintf(&e.b, "struct %s { %s; };\n", tag, e.decl(v.Type, "a"))
	return tag + " " + ir.FirstArrayName(v.Name), ir.FirstArrayName(v.Name) + ".a"
}

// place: a copy that several threads of a block share must be one
// object they all see (§2.9.10: "a copy ... is created for and shared
// among the set of threads"): statements with effects in gang-redundant
// or worker-single code run on one thread, and the vector lanes read
// their results. Scalars stay per thread: every thread runs the
// assignments to them redundantly and keeps an equal copy, and reductions
// into them combine across the lanes; but the threads of a scalar that
// atomic constructs update see each other's updates (§2.12), so its
// shared copy is one object too.
func (cudaDialect) place(e *emitter, v *ir.Var, lv ir.Level) placement {
	if v.Type.Kind != ir.Array && v.Type.Kind != ir.Record && !e.atomicVars[v] {
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

func (cudaDialect) declare(e *emitter, v *ir.Var, p placement) {
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
}

// once: thread 0 of the block (a gang's copy) or of the worker (a
// worker's), then a barrier of those threads.
func (cudaDialect) once(e *emitter, p placement, lines ...string) {
	guard, sync := "threadIdx.x == 0 && threadIdx.y == 0", func() { e.barrier("__syncthreads();", "") }
	switch p {
	case perThread:
		for _, l := range lines {
			e.line("%s", l)
		}
		return
	case perWorker:
		guard, sync = "threadIdx.x == 0", e.workerSync
	}
	if len(lines) == 1 {
		e.line("if (%s)", guard)
		e.line("    %s", lines[0])
	} else {
		e.line("if (%s) {", guard)
		for _, l := range lines {
			e.line("    %s", l)
		}
		e.line("}")
	}
	sync()
}

// privateSection: the gang's copy in the slab, filled by the block's
// threads together.
func (cudaDialect) privateSection(e *emitter, v *ir.Var) {
	n, lo, elem := ir.PrivLenName(v.Name), ir.PrivLoName(v.Name), v.Type.Elem
	e.line("%s = %s + (((long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) * %s - %s;", e.decl(v.Type, e.id(v.Name)), ir.PrivSlabsName(v.Name), n, lo)
	if v.Section.First {
		e.line("for (long long %[1]s = threadIdx.y * blockDim.x + threadIdx.x; %[1]s < %[2]s; %[1]s += blockDim.x * blockDim.y)", ir.ElemName, n)
		e.line("    %s[%s + %s] = %s;", e.id(v.Name), lo, ir.ElemName, elemOf("((const "+e.decl(elem, "*")+")"+ir.PrivSrcName(v.Name)+")"))
		e.line("__syncthreads();")
	}
}

// stmt prints calls of gang, worker and vector routines (parCall), and
// statements with effects on shared data in code that threads run
// redundantly (gang-redundant, worker- or vector-single code, §2.5.1's
// execution modes) on one thread, or in the lanes within the trip count
// of a staged tile or split loop.
func (cudaDialect) stmt(e *emitter, s *ir.Stmt, ctx ir.Level) bool {
	rx, ry := e.redundant(ctx)
	if s.ParCall != nil {
		e.parCall(s, ctx, rx, ry)
		for _, n := range s.Names {
			e.scope = append(e.scope, scoped{name: n})
		}
		return true
	}
	if e.inGuard {
		return false
	}
	shared := s.Shared() || e.writesSharedCopy(s)
	if !s.Decl && shared && !rx && !ry && e.lanesOn != "" {
		// A thread past the edge of a staged tile or split loop.
		e.line("if (%s) {", e.lanesOn)
		e.depth++
		e.code(s.Tree)
		e.depth--
		e.line("}")
		return true
	}
	if s.Decl || !shared || !rx && !ry {
		return false
	}
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
		return true
	}
	// The scalars the statement assigns reach the other threads of the
	// gang (a for statement's index, a sum it keeps).
	var vars []*ir.Var
	if e.lanesOn == "" && !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector) {
		vars = e.stmtScalars(s, ctx)
	}
	e.single("", cond, vars, sync, func() { e.code(s.Tree) })
	return true
}

func (cudaDialect) subst(_ *emitter, _ ir.Statement, p ir.Printer) map[ir.Expr]string { return p.Subst }

func (cudaDialect) atomic(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine {
	return []ir.PrintedLine{{Line: a.Line, Text: cudaAtomic(a, expr)}}
}

// loop prints the staged loop of a Kernel.Stage, a sequential loop one
// thread runs for its gang or worker (singleLoop), and a 2-D blocked gang
// loop (Kernel.Block2DRows): its threads take the iterations of
// two-dimensional blocks of the nest.
func (cudaDialect) loop(e *emitter, l *ir.Loop, ctx ir.Level) bool {
	if e.k.Stage != nil && l == e.k.Stage.Loop {
		e.stagedLoop(l, ctx)
		return true
	}
	if l.Levels == 0 && e.singleLoop(l, ctx) {
		return true
	}
	if l != e.k.GangLoop || e.k.Block2DRows == 0 {
		return false
	}
	rows := e.k.Block2DRows
	trips := e.openLoop(l, describe(l, e.k)+fmt.Sprintf(", in %dx%d blocks", ir.Block2DWidth, rows), e.k.Block2DIndex32)
	if e.k.Stage != nil {
		e.stagedBlocks(l, trips, rows, ctx)
	} else {
		e.block2DLoop(l, trips, rows, ctx)
	}
	return true
}

// counter: the for statement declares it (C++).
func (cudaDialect) counter(*emitter, string, string) {}

// head: a grid-stride loop over the thread indices of l's levels
// (partition; a tiled loop's tile levels, over its tiles). A split gang
// loop (Kernel.Split) strides over the grid
// alike in all the threads of a block, which all reach the split loop's
// combine: lanes past the end repeat the last iteration, without its
// effects (lanesOn).
func (cudaDialect) head(e *emitter, l *ir.Loop, ctx ir.Level, h loopHead) {
	levels := l.Levels
	if l.Tiled() {
		levels, _ = l.TileLevels()
	}
	rank, size := "0", "1"
	if levels != 0 {
		rank, size = partition(levels, l.GangDim, l.Index32)
	}
	k := ir.LoopCountName
	split := l == e.k.GangLoop && e.k.Split != nil
	switch {
	case split:
		base := "(long long)blockIdx.x * blockDim.x"
		if h.index32 {
			base = "blockIdx.x * blockDim.x"
		}
		e.line("for (%[1]s %[2]s = %[3]s; %[2]s < %[4]s; %[2]s += %[5]s) {", h.count, ir.BlockBaseName, base, h.total, size)
	case rank == "0" && size == "1":
		if MemoryRecurrence(l) {
			// nvcc 13.0 (NVVM) unrolls some of these loops by two with
			// an exit test two iterations early, skipping the last
			// ones (docs/known-issues.md); a recurrence runs one
			// iteration after another anyway.
			e.line("#pragma unroll 1")
		}
		e.line("for (%s %s = 0; %s < %s; %s++) {", h.count, k, k, h.total, k)
	default:
		e.line("for (%s %s = %s; %s < %s; %s += %s) {", h.count, k, rank, k, h.total, k, size)
	}
	e.depth++
	if split {
		e.line("const bool %[2]s = %[3]s + threadIdx.x < %[1]s; /* lanes past the end repeat the last iteration, without its effects */", h.total, ir.LanesOnName, ir.BlockBaseName)
		e.line("const %s %s = %s ? %s + threadIdx.x : %s - 1;", h.count, k, ir.LanesOnName, ir.BlockBaseName, h.total)
		e.lanesOn = ir.LanesOnName
	}
}

// tileElements: over the thread indices of the element levels, each
// thread its elements.
func (cudaDialect) tileElements(e *emitter, l *ir.Loop, count string, elems int) {
	te := ir.TileElemName
	if _, levels := l.TileLevels(); levels != 0 {
		rank, size := partition(levels, l.GangDim, l.Index32)
		e.line("for (%[1]s %[2]s = %[3]s; %[2]s < %[4]d; %[2]s += %[5]s) {", count, te, rank, elems, size)
		return
	}
	e.line("for (%[1]s %[2]s = 0; %[2]s < %[3]d; %[2]s++) {", count, te, elems)
}

func (cudaDialect) iteration(*emitter, *ir.Loop, ir.Level) {}

// body: the body of a split or staged gang loop runs what follows the
// split or staged loop in one guard (guardedTail); an iteration in code
// that several threads run ends with a barrier when private copies live
// in shared memory, so that no thread writes the next iteration's copy
// while another still reads this one.
func (cudaDialect) body(e *emitter, l *ir.Loop, in ir.Level) {
	start := e.b.Len()
	switch {
	case l == e.k.GangLoop && e.k.Split != nil:
		e.guardedTail(l.Body, e.k.Split, in, e.lanesOn+" && threadIdx.y == 0")
	case l == e.k.GangLoop && e.k.Stage != nil:
		e.guardedTail(l.Body, e.k.Stage.Loop, in, e.lanesOn)
	default:
		e.nodes(l.Body, in, false)
	}
	if e.shared && !e.alone && e.k.Vector*e.k.Workers > 1 && !in.Has(ir.Vector) && (!in.Has(ir.Worker) || e.k.Vector > 1) {
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

// loopEnd: a barrier after a worker or vector loop in code the gang's
// (or worker's) threads run together, so that the loop's results are
// visible to all of them.
func (cudaDialect) loopEnd(e *emitter, l *ir.Loop, ctx ir.Level, last bool) {
	if (l.Levels.Has(ir.Worker) || l.Levels.Has(ir.Vector)) && !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector) && !last {
		e.barrier("__syncthreads();", "the loop's results are visible to the whole gang")
	} else if l.Levels.Has(ir.Vector) && ctx.Has(ir.Worker) && !ctx.Has(ir.Vector) && e.k.Vector > 1 {
		e.workerSync() // the loop's results are visible to the worker's lanes
	}
	if l == e.k.GangLoop && e.k.Split != nil {
		e.lanesOn = ""
	}
}

// start: the operator's identity (accrt_device.h).
func (cudaDialect) start(op ir.ReductionOp, t, _ string) string {
	return fmt.Sprintf("%s::id<%s>()", opStruct(op), t)
}

func (cudaDialect) arrayCopy(e *emitter, red *ir.Reduction, buf, _ string) {
	t := red.Type
	ct := CellType(t)
	init := fmt.Sprintf("%s::id<%s>()", opStruct(red.Op), ct)
	if ct != t.Name {
		init = "(" + t.Name + ")" + init
	}
	e.line("%s;", e.decl(t, fmt.Sprintf("%s[%d]", buf, red.Len)))
	e.line("for (int %[1]s = 0; %[1]s < %[2]d; %[1]s++) %[3]s = %[4]s;", ir.ElemName, red.Len, elemOf(buf), init)
}

// partial: the partial results of the threads the loop spread over
// within the block (blockReducer).
func (cudaDialect) partial(e *emitter, l *ir.Loop, red *ir.Reduction, v string) string {
	f := blockReducer(l.Levels, e.k)
	if f == "" {
		return v
	}
	t := CellType(red.Type)
	if !red.Local && red.Var.Class != ir.Reduced {
		t = red.Type.Name
	}
	part := ir.RedPartName(red.Name)
	if t == red.Type.Name {
		e.line("const %s %s = %s<%s>(%s);", t, part, f, opStruct(red.Op), v)
	} else {
		e.line("const %s %s = (%s)%s<%s>((%s)%s);", red.Type.Name, part, red.Type.Name, f, opStruct(red.Op), t, v)
	}
	return part
}

// combineArray: the copies of the threads that ran the loop together
// (those the enclosing loops ctx do not tell apart: the loop's levels,
// and threads that left statements with effects to one of them, whose
// copies hold the identity) combine first; a copy every thread has of
// its own then takes the result, a copy they share (gang or worker
// private, or device data) is updated by one of them with an atomic,
// since other workers or gangs may update it too.
func (cudaDialect) combineArray(e *emitter, a arrayReduction, ctx ir.Level) {
	red := a.red
	elem := elemOf
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

// combineShared: the copies of the loop's threads combine first; then
// one thread for each of the groups the enclosing loops ctx tell apart
// (the others ran the statements with effects for it, and hold the
// identity) adds its group's result with an atomic, since other groups
// and gangs may update the variable too; own is set when the variable is
// an enclosing loop's private copy, which the thread combines into
// without one.
func (cudaDialect) combineShared(e *emitter, l *ir.Loop, red *ir.Reduction, ctx ir.Level, own bool) {
	ptr, part := ir.RedPtrName(red.Name), e.id(red.Name)
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

// combineConstruct: the gangs combine GangCombined reductions
// themselves (gangCombine); thread 0 of each gang combines the others
// into their cells or device copies with atomics.
func (cudaDialect) combineConstruct(e *emitter) {
	if gangCombines(e.k) {
		e.gangCombine()
	}
	for _, red := range e.k.Reductions {
		if GangCombined(red.Var) {
			continue
		}
		cell := ir.RedCellName(red.Name)
		if red.Section != nil {
			// Each gang's copy combines into the device copy, element by
			// element (§2.5.15).
			buf := ir.RedBufName(red.Name)
			e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
			e.line("    for (int %[1]s = 0; %[1]s < %[2]d; %[1]s++)", ir.ElemName, red.Len)
			e.line("        accrt_atomic<%s>(&%s[%s], %s[%s]);", opStruct(red.Op), cell, ir.ElemName, buf, ir.ElemName)
			continue
		}
		val := e.id(red.Name)
		if t := cellPtrType(red.Var); t != CellType(red.Type) {
			val = "(" + t + ")" + val
		}
		e.line("if (threadIdx.x == 0 && threadIdx.y == 0)")
		e.line("    %s::atomic(%s, %s);", opStruct(red.Op), cell, val)
	}
}

// gangCombines reports whether k has GangCombined parameters.
func gangCombines(k *ir.Kernel) bool {
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

// workerSync makes the writes of one lane of a worker visible to the
// worker's other lanes: a worker's vector lanes are consecutive lanes of
// one warp (vector lengths with several workers are powers of two up to
// 32); a single worker is the whole block.
func (e *emitter) workerSync() {
	if !e.routine && e.k.Workers == 1 && e.k.Vector > 32 {
		// One worker of more than a warp (opt's shape): the block.
		e.barrier("__syncthreads();", "")
		return
	}
	mask := "0xffffffffu"
	if e.routine {
		mask = "accrt_warp_mask()" // the caller's lanes, however many
	} else if e.k.Vector < 32 {
		mask = fmt.Sprintf("(0x%xu << ((threadIdx.y * %d) %% 32))", uint32(1)<<e.k.Vector-1, e.k.Vector)
	}
	e.barrier("__syncwarp("+mask+");", "")
}

// redundant returns the thread dimensions that execute code at ctx
// redundantly: those of the block the enclosing loops do not partition.
func (e *emitter) redundant(ctx ir.Level) (x, y bool) {
	return e.k.Vector > 1 && !ctx.Has(ir.Vector), e.k.Workers > 1 && !ctx.Has(ir.Worker)
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
		if buf.AlongK {
			dims = fmt.Sprintf("%s[%d][%d]", ir.StageName(t), ir.StageChunk, ir.Block2DWidth+1)
		}
		if buf.Rows {
			dims = fmt.Sprintf("%s[%d][%d]", ir.StageName(t), rows, ir.StageChunk)
		}
		if buf.AlongRows {
			dims = fmt.Sprintf("%s[%d][%d]", ir.StageName(t), ir.StageChunk, rows)
		}
		e.line("__shared__ %s; /* %s */", e.decl(buf.Refs[0].Type(), dims), ir.Format(buf.Refs[0], nil))
	}
	ty, tx, b0, b1 := ir.Block2DRowName, ir.Block2DColName, ir.Block2DBaseName(0), ir.Block2DBaseName(1)
	e.line("const unsigned int %s = threadIdx.x / %d, %s = threadIdx.x %% %d;", ty, ir.Block2DWidth, tx, ir.Block2DWidth)
	e.lastRow(trips[0], count)
	e.line("for (%[1]s %[2]s = %[3]sblockIdx.y * %[4]d; %[2]s < %[5]s; %[2]s += %[3]sgridDim.y * %[4]d)", count, b0, wide, rows, trips[0])
	e.line("for (%[1]s %[2]s = %[3]sblockIdx.x * %[4]d; %[2]s < %[5]s; %[2]s += %[3]sgridDim.x * %[4]d) {", count, b1, wide, ir.Block2DWidth, trips[1])
	e.depth++
	e.skipTile(l, trips, rows, count)
	mask := retileMask(l)
	on := fmt.Sprintf("const bool %s = %s + %s < %s && %s + %s < %s", ir.LanesOnName, b0, ty, trips[0], b1, tx, trips[1])
	if mask == nil {
		e.line("%s; /* threads past the edge run the last row or column, without its effects */", on)
	}
	e.line("const %[1]s %[2]s = %[3]s + %[4]s < %[5]s ? %[3]s + %[4]s : %[5]s - 1;", count, ir.Block2DIndexName(0), b0, ty, trips[0])
	e.line("const %[1]s %[2]s = %[3]s + %[4]s < %[5]s ? %[3]s + %[4]s : %[5]s - 1;", count, ir.Block2DIndexName(1), b1, tx, trips[1])
	mark := len(e.scope)
	for i, iv := range l.Nest {
		e.indexVar(iv, ir.Block2DIndexName(i), e.k.Block2DIndex32)
	}
	if mask != nil {
		e.enter(l)
		if cols := l.Retile.Cols; cols != nil {
			on += " && " + e.expr(cols) // not in the column added for the rows' statements
		}
		e.line("%s && (%s); /* threads past the edge or outside the triangle run their point, without its effects */", on, e.expr(mask))
		e.onceRows(l, ctx|l.Levels, trips[0])
		e.leave(l)
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
		switch {
		case buf.AlongRows:
			e.alongRowsLoad(t, buf, iv, idx, l.Index32)
			use = "[" + ck + "][" + ty + "]"
		case buf.AlongK:
			e.alongKLoad(t, buf, iv, idx(tx), l.Index32)
		default:
			e.line("%s", head)
			e.depth++
			mark := len(e.scope)
			e.indexVar(iv, idx(kk), l.Index32)
			load := fmt.Sprintf("%s%s = %s;", ir.StageName(t), cell, e.expr(buf.Refs[0]))
			if g := e.loadGuard(buf); g != "" {
				load = "if (" + g + ") " + load // a row or column without iterations loads nothing
			}
			e.line("%s", load)
			e.scope = e.scope[:mark]
			e.depth--
			e.line("}")
		}
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
		if l := e.k.GangLoop; l.Retile != nil && l.Retile.Mask != nil && cond == e.lanesOn {
			// The masked threads' points lie outside the triangle:
			// they read no memory before the staged loop.
			e.subst = e.maskedReads(ns[:i], cond)
		}
		e.nodes(ns[:i], in, false)
		e.subst = nil
		e.nodes(ns[i:i+1], in, false)
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

// opStruct names the accrt_device.h operator of a reduction.
func opStruct(op ir.ReductionOp) string {
	return map[ir.ReductionOp]string{"+": "accrt_add", "*": "accrt_mul", "max": "accrt_max",
		"min": "accrt_min", "&": "accrt_band", "|": "accrt_bor", "^": "accrt_bxor", "&&": "accrt_land",
		"||": "accrt_lor"}[op]
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

// parCall prints a statement that calls a gang, worker or vector routine
// (ir.Stmt.ParCall): every thread of the routine's levels calls it, and
// one stores its result where the store has effects beyond the thread.
// Code that runs worker-redundantly (gang-redundant code) lets one
// worker call a vector routine (worker-single mode, §2.5.1).
func (e *emitter) parCall(s *ir.Stmt, ctx ir.Level, rx, ry bool) {
	single := s.ParCall.Level.Ctx().Has(ir.Worker) && ry
	tree := s.Tree
	if ds, ok := tree.(*ir.DeclStmt); ok && single {
		// Declared before the worker-single block (without const),
		// assigned in it.
		l := ds.Locals[0]
		e.code(&ir.DeclStmt{Line: ds.Line, Locals: []*ir.Local{{Var: l.Var, Spec: l.Spec, Declarator: l.Declarator, Assign: true}}})
		tree = &ir.ExprStmt{Line: ds.Line, X: &ir.Assign{Op: "=", L: &ir.Ref{Var: l.Var}, R: l.Init, T: l.Var.Type}}
	}
	// A local the worker-single call assigns is worker 0's own: the other
	// workers take its value through shared memory.
	var bcast ir.Expr
	if es, ok := tree.(*ir.ExprStmt); ok && single {
		if a, ok := es.X.(*ir.Assign); ok {
			if r, ok := a.L.(*ir.Ref); ok && r.Var.Local && r.Var.Type.Kind != ir.Array {
				bcast = r
			}
		}
	}
	if bcast != nil {
		e.line("{ /* worker 0's result goes to the other workers */")
		e.depth++
		e.line("__shared__ %s;", e.decl(bcast.Type(), ir.RoutineResultName))
	}
	if single {
		e.line("if (threadIdx.y == 0) { /* worker-single: one worker calls vector routine %s */", s.ParCall.Name)
		e.depth++
	}
	cond := singleThread(rx, ry && !single)
	as, isAssign := ir.Expr(nil), false
	if es, ok := tree.(*ir.ExprStmt); ok {
		if a, ok := es.X.(*ir.Assign); ok {
			as, isAssign = a, true
		}
	}
	if !isAssign || !s.Shared() || cond == "" {
		e.code(tree)
	} else {
		a := as.(*ir.Assign)
		e.line("{ /* every thread calls %s; one stores the result */", s.ParCall.Name)
		e.depth++
		e.line("%s = %s;", e.decl(a.R.Type(), ir.RoutineResultName), e.expr(a.R))
		e.line("if (%s)", cond)
		e.line("    %s = %s;", e.expr(a.L), ir.RoutineResultName)
		e.depth--
		e.line("}")
		switch {
		case !single && !ctx.Has(ir.Worker) && !ctx.Has(ir.Vector):
			e.barrier("__syncthreads();", "")
		case rx && !ctx.Has(ir.Vector):
			e.workerSync()
		}
	}
	if single {
		if bcast != nil {
			e.line("if (threadIdx.x == 0)")
			e.line("    %s = %s;", ir.RoutineResultName, e.expr(bcast))
		}
		e.depth--
		e.line("}")
		e.barrier("__syncthreads();", "")
	}
	if bcast != nil {
		e.line("%s = %s;", e.expr(bcast), ir.RoutineResultName)
		e.line("__syncthreads(); /* every worker has read it before a next call writes it */")
		e.depth--
		e.line("}")
	}
}

// atomicCodes are accrt_device.h's operator codes.
var atomicCodes = map[string]string{"+": "ACCRT_AT_ADD", "-": "ACCRT_AT_SUB", "*": "ACCRT_AT_MUL", "/": "ACCRT_AT_DIV",
	"&": "ACCRT_AT_AND", "|": "ACCRT_AT_OR", "^": "ACCRT_AT_XOR", "<<": "ACCRT_AT_SHL", ">>": "ACCRT_AT_SHR", "": "ACCRT_AT_SET",
	"max": "ACCRT_AT_MAX", "min": "ACCRT_AT_MIN"}

// cudaAtomic prints the CUDA statement of an atomic construct.
func cudaAtomic(a *ir.Atomic, expr func(ir.Expr) string) string {
	p := "&(" + expr(a.X) + ")"
	switch a.Form {
	case ir.AtomicRead:
		return expr(a.V) + " = accrt_atomic_read(" + p + ");"
	case ir.AtomicWrite:
		return "accrt_atomic_write(" + p + ", " + expr(a.E) + ");"
	}
	code := atomicCodes[a.Op]
	if a.Rev {
		code += "_REV"
	}
	call := func(after bool) string {
		b := "false"
		if after {
			b = "true"
		}
		return "accrt_atomic_rmw<" + code + ", " + b + ">(" + p + ", " + expr(a.E) + ")"
	}
	if a.Form == ir.AtomicUpdate {
		return "(void)" + call(false) + ";"
	}
	return expr(a.V) + " = " + call(a.New) + ";"
}
