package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// cDialect prints sequential C (-acc=host, and the gangs of -acc=emulate:
// emulateDialect), compiled in the program's -std (C89 included): a
// kernel is a function the host calls, which runs its gangs one after
// another, each gang one thread.
// Every loop counts its iterations from 0 by one, private copies are the
// thread's own, no statement needs a barrier or one thread to run it for
// the others, reductions start from the variable's value and combine
// with plain updates, and atomic constructs run as written.
type cDialect struct{}

func (cDialect) printer() ir.Printer { return ir.Printer{} }

// kernelName: main_12_cpu.
func (cDialect) kernelName(k *ir.Kernel) string {
	return ir.CPUKernelName(k.Name)
}

func (cDialect) restrict() string { return "__restrict " } // C89 and C99 alike

// distinct: CPU kernels keep the user's qualifiers (the arrays' separate
// registers are CUDA's concern: distinctUpdated).
func (cDialect) distinct(*ir.Kernel) map[*ir.Var]bool { return nil }

func (d cDialect) signature(k *ir.Kernel, params []string) string {
	return fmt.Sprintf("static void %s(%s)\n{\n", d.kernelName(k), strings.Join(params, ", "))
}

func (cDialect) kernelEnd(*emitter, *ir.Kernel, []string) {}

func (cDialect) routine(rt *ir.Routine, decl string) string {
	if rt.Static {
		return "static __inline__ " + decl // no unused-function warning where no device code calls it; inline in every -std (no macro: the host file of a preprocessed unit has none)
	}
	return decl
}

func (cDialect) reductionParam(v *ir.Var) string {
	return cellPtrType(v) + " *" + ir.RedCellName(v.Name)
}

func (cDialect) combineParams(*ir.Kernel) []string { return nil }

// sectionSlab: none; each gang's copy is a local array (privateSection).
func (cDialect) sectionSlab(*ir.Var) string { return "" }

// firstArray: the host's array, which each gang copies.
func (cDialect) firstArray(_ *emitter, v *ir.Var) (param, src string) {
	return "const void *" + ir.FirstArrayName(v.Name), ir.FirstArrayName(v.Name)
}

func (cDialect) place(*emitter, *ir.Var, ir.Level) placement { return perThread }

func (cDialect) declare(e *emitter, v *ir.Var, _ placement) {
	e.line("%s;", e.decl(v.Type, e.id(v.Name)))
}

// once: the gang's one thread runs them.
func (cDialect) once(e *emitter, _ placement, lines ...string) {
	for _, l := range lines {
		e.line("%s", l)
	}
}

// privateSection: a local array, filled from the original for
// firstprivate; OpenMP threads are gangs, and each gets its own
// (openmpDialect.iteration points the pointer at it).
func (cDialect) privateSection(e *emitter, v *ir.Var) {
	n, lo, elem := ir.PrivLenName(v.Name), ir.PrivLoName(v.Name), v.Type.Elem
	buf := ir.PrivBufName(v.Name)
	e.line("%s;", elem.Decl(buf+"["+n+" > 0 ? "+n+" : 1]"))
	if v.Section.First {
		e.line("memcpy(%s, %s, (size_t)%s * sizeof *%s);", buf, ir.PrivSrcName(v.Name), n, buf)
	}
	e.line("%s = %s - %s;", v.Type.Decl(v.Name), buf, lo)
	e.scope = append(e.scope, scoped{buf, !v.Section.First})
	e.sections = append(e.sections, v)
}

func (cDialect) stmt(*emitter, *ir.Stmt, ir.Level) bool { return false }

func (cDialect) atomic(*ir.Atomic, func(ir.Expr) string) []ir.PrintedLine { return nil }

func (cDialect) subst(_ *emitter, _ ir.Statement, p ir.Printer) map[ir.Expr]string { return p.Subst }

func (cDialect) loop(*emitter, *ir.Loop, ir.Level) bool { return false }

// counter: declared before the for statement (C89 has none there: C
// kernels are compiled in the program's -std).
func (cDialect) counter(e *emitter, count, name string) { e.line("%s %s;", count, name) }

// head: every iteration, one after another.
func (cDialect) head(e *emitter, _ *ir.Loop, _ ir.Level, h loopHead) {
	e.line("for (%[1]s = 0; %[1]s < %[2]s; %[1]s++) {", ir.LoopCountName, h.total)
	e.depth++
}

// tileElements: every element, one after another.
func (cDialect) tileElements(e *emitter, _ *ir.Loop, _ string, elems int) {
	e.line("for (%[1]s = 0; %[1]s < %[2]d; %[1]s++) {", ir.TileElemName, elems)
}

func (cDialect) iteration(*emitter, *ir.Loop, ir.Level) {}

func (cDialect) body(e *emitter, l *ir.Loop, in ir.Level) { e.nodes(l.Body, in, false) }

func (cDialect) loopEnd(*emitter, *ir.Loop, ir.Level, bool) {}

func (cDialect) start(op ir.ReductionOp, _, orig string) string { return cpuInit(op, orig) }

func (cDialect) arrayCopy(e *emitter, red *ir.Reduction, buf, orig string) {
	n := red.Len
	if row := ir.ViewRow(red.Var.Type); row*red.Type.Size <= ir.MaxViewRowBytes {
		n = max(n, row)
	}
	e.line("%s;", e.decl(red.Type, fmt.Sprintf("%s[%d]", buf, n)))
	e.line("%s %s = %s; }", cLoopJ(red.Len), elemOf(buf), cpuInit(red.Op, elemOf(orig)))
}

// partial: the loop ran in one thread.
func (cDialect) partial(_ *emitter, _ *ir.Loop, _ *ir.Reduction, v string) string { return v }

func (cDialect) combineArray(e *emitter, a arrayReduction, _ ir.Level) {
	red := a.red
	elem := elemOf
	e.line("%s", cLoopJ(red.Len))
	e.line("    %s = %s;", elem(a.orig), combine(red.Op, elem(a.orig), elem(a.buf)))
	e.line("}")
}

func (cDialect) combineShared(e *emitter, _ *ir.Loop, red *ir.Reduction, _ ir.Level, _ bool) {
	ptr := ir.RedPtrName(red.Name)
	e.line("*%s = %s;", ptr, combine(red.Op, "*"+ptr, e.id(red.Name)))
}

// combineConstruct: each gang into the variables' cells or device
// copies, one gang after another (OpenMP: after its parallel loop has
// combined its threads' copies).
func (cDialect) combineConstruct(e *emitter) {
	for _, red := range e.k.Reductions {
		cell := ir.RedCellName(red.Name)
		if red.Section != nil {
			// Each gang's copy combines into the device copy, element by
			// element (§2.5.15).
			buf := ir.RedBufName(red.Name)
			e.line("%s", cLoopJ(red.Len))
			e.line("    %s = %s;", elemOf(cell), combine(red.Op, elemOf(cell), elemOf(buf)))
			e.line("}")
			continue
		}
		e.line("*%s = %s;", cell, combine(red.Op, "*"+cell, red.Name))
	}
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

// cLoopJ is the head of a C loop over the elements accc_j < n of a
// reduction, in a block the caller closes: C kernels are compiled in the
// program's -std, and C89 has no declarations in for statements.
func cLoopJ(n int64) string {
	return fmt.Sprintf("{ int %[1]s; for (%[1]s = 0; %[1]s < %[2]d; %[1]s++)", ir.ElemName, n)
}
