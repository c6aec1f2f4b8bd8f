package kernel

import (
	"fmt"
	"strings"

	"github.com/accc-compiler/accc/ir"
)

// emulateDialect prints the kernels of -acc=emulate: sequential C
// (cDialect) that runs as a device runs the kernel. Its function
// (<kernel>_cpu) runs the gangs of the launch one after another, each a
// call of the gang's function (<kernel>_cpu_gang, cDialect's kernel), so
// that gang-redundant code runs once per gang (OpenACC 3.4 §2.5.1) with
// the gang's own copies of the parameters and of the construct's private
// and firstprivate variables (§2.5.13, §2.5.14), and each gang's partial
// results of the construct's reductions combine (§2.5.15). A gang loop
// runs the current gang's share of its iterations (consecutive ones,
// accrt_iters_gang), worker and vector loops all of theirs; the
// iterations of every partitioned loop, and the gangs, run in the order
// ACCC_CHECK_ORDER asks (runtime/src/emulate_exec.c), so that a loop
// asserted independent that is not shows it as a wrong result.
//
// With race set it prints the kernel's race variant (race.go), a gang
// function the kernel runs instead under ACCC_CHECK=race.
type emulateDialect struct {
	cDialect
	race bool
}

func (d emulateDialect) signature(k *ir.Kernel, params []string) string {
	if d.race {
		return fmt.Sprintf("static void %s(%s)\n{\n", raceName(k), strings.Join(params, ", "))
	}
	return fmt.Sprintf("static void %s(%s)\n{\n", ir.CPUGangName(k.Name), strings.Join(params, ", "))
}

// kernelEnd: the race variant of the gang's function, and the kernel's
// function, which runs the gang's function (or under ACCC_CHECK=race its
// variant) once for each gang of the launch (the host passes the grid:
// codegen/host).
func (d emulateDialect) kernelEnd(e *emitter, k *ir.Kernel, params []string) {
	if d.race {
		return
	}
	re := newEmitter(Emulate, Emulate, e.lines, e.r, k)
	re.dl = emulateDialect{race: true}
	re.noUser = true // the kernel runs it only under ACCC_CHECK=race
	e.b.WriteString(re.function())
	var args []string
	for _, v := range k.Params {
		args = append(args, paramNames(d, v)...)
	}
	if len(args) == 0 {
		params = nil // (void)
	}
	params = append(params, "unsigned "+ir.GangsName, "unsigned "+ir.GangsYName, "unsigned "+ir.GangsZName)
	g, n := ir.GangIndexName, ir.GangCountName
	e.b.WriteString(fmt.Sprintf("static void %s(%s)\n{\n", d.kernelName(k), strings.Join(params, ", ")))
	e.b.WriteString(fmt.Sprintf("    const accrt_ullong %s = accrt_emu_grid(%s, %s, %s);\n", n, ir.GangsName, ir.GangsYName, ir.GangsZName))
	e.b.WriteString(fmt.Sprintf("    accrt_ullong %s;\n", g))
	e.b.WriteString(fmt.Sprintf("    const int %s = accrt_race_launch(%s);\n", ir.RaceOnName, Quote(strings.TrimSuffix(k.Name, ir.KernelSuffix))))
	e.b.WriteString(fmt.Sprintf("    for (%[1]s = 0; %[1]s < %[2]s; %[1]s++) { /* the gangs, one after another */\n", g, n))
	e.b.WriteString(fmt.Sprintf("        accrt_emu_gang(%s);\n", g))
	call := strings.Join(args, ", ")
	e.b.WriteString(fmt.Sprintf("        if (%s) {\n            accrt_race_gang();\n            %s(%s);\n        } else\n            %s(%s);\n", ir.RaceOnName, raceName(k), call, ir.CPUGangName(k.Name), call))
	e.b.WriteString("    }\n}\n")
}

// paramNames returns the names of the C parameters that paramDecl (or
// arrayParam, or firstArray) declares for v in C dialect d.
func paramNames(d dialect, v *ir.Var) []string {
	name := d.printer().Ident(v.Name)
	switch v.Class {
	case ir.Reduced:
		if isArrayReduction(v) {
			return []string{ir.RedCellName(v.Name), ir.RedLoName(v.Name)}
		}
		return []string{ir.RedCellName(v.Name)}
	case ir.PrivateSection:
		out := []string{ir.PrivLenName(v.Name), ir.PrivLoName(v.Name)}
		if v.Section.First {
			out = append(out, ir.PrivSrcName(v.Name))
		}
		return out
	case ir.FirstArray:
		return []string{ir.FirstArrayName(v.Name)}
	}
	return []string{name}
}

// head: a partitioned loop runs the runs of iterations accrt_iters_next
// hands out (a gang loop the current gang's), in a block that loopEnd
// closes; a sequential loop runs its iterations in order.
func (d emulateDialect) head(e *emitter, l *ir.Loop, ctx ir.Level, h loopHead) {
	levels := l.Levels
	if l.Tiled() {
		levels, _ = l.TileLevels() // the tile loop's
	}
	if d.race && raceLoop(l) {
		e.raceBegin(l)
	}
	if levels == 0 {
		d.cDialect.head(e, l, ctx, h)
		return
	}
	start := fmt.Sprintf("accrt_iters_all(%s, %d)", h.total, e.userLine(l.Line))
	if levels.Has(ir.Gang) {
		start = fmt.Sprintf("accrt_iters_gang(%s, %d, %d)", h.total, max(l.GangDim, 1), e.userLine(l.Line))
	}
	e.line("{")
	e.depth++
	e.line("accrt_iters %s = %s;", ir.ItersName, start)
	e.line("%s {", itersFor(ir.ItersName, ir.LoopCountName, h.count))
	e.depth++
}

// loopEnd closes the block head opened.
func (d emulateDialect) loopEnd(e *emitter, l *ir.Loop, ctx ir.Level, last bool) {
	levels := l.Levels
	if l.Tiled() {
		levels, _ = l.TileLevels()
	}
	if levels != 0 {
		e.depth--
		e.line("}")
	}
	if d.race && raceLoop(l) {
		e.line("accrt_race_end();")
	}
	d.cDialect.loopEnd(e, l, ctx, last)
}

// tileElements: a partitioned element loop as head's loops, a
// sequential one in order.
func (d emulateDialect) tileElements(e *emitter, l *ir.Loop, count string, elems int) {
	if _, levels := l.TileLevels(); levels == 0 {
		d.cDialect.tileElements(e, l, count, elems)
		return
	}
	e.line("accrt_iters %s = accrt_iters_all(%d, %d);", ir.TileItersName, elems, e.userLine(l.Line))
	e.line("%s {", itersFor(ir.TileItersName, ir.TileElemName, count))
}

// itersFor is the head of the loops over the runs of iterations of
// it, counter k of type count.
func itersFor(it, k, count string) string {
	return fmt.Sprintf("while (accrt_iters_next(&%[1]s)) for (%[2]s = (%[3]s)%[1]s.lo; %[2]s < (%[3]s)%[1]s.hi; %[2]s++)", it, k, count)
}

// iteration: in the race variant, the iteration of a partitioned loop
// the runtime's shadow records.
func (d emulateDialect) iteration(e *emitter, l *ir.Loop, _ ir.Level) {
	if d.race && raceLoop(l) {
		e.raceIteration(l)
	}
}

// subst: in the race variant, the statement's accesses to memory through
// accrt_race_access.
func (d emulateDialect) subst(e *emitter, s ir.Statement, p ir.Printer) map[ir.Expr]string {
	if d.race {
		return e.raceSubst(s, p)
	}
	return p.Subst
}
