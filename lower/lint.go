package lower

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// movementLint is the lint pass: a compute construct inside a host loop
// moves the arrays its clauses (or its implicit maps) copy in every
// iteration of that loop, unless a data construct around the loop keeps
// them on the device. accc says so, and which data directive would move
// them once.
func (rg *region) movementLint() {
	rg.copyoutLint()
	if rg.p.Func == nil {
		return
	}
	file, src := rg.b.u.File, rg.b.prog.Src
	var loop *cc.IterationStatement
	loopStart := 0
	walk(rg.p.Func, func(n cc.Node) bool {
		if is, ok := n.(*cc.IterationStatement); ok {
			if s, e := stmtRange(is, file, src); s <= rg.c.DirStart && rg.c.StmtEnd <= e {
				loop, loopStart = is, s // the innermost comes last
			}
		}
		return true
	})
	if loop == nil {
		return
	}
	decl := map[*ir.Var]*cc.Declarator{}
	for d, v := range rg.vars {
		decl[v] = d
	}
	what := map[ir.DataKind]string{ir.Copy: "copied to and from the device", ir.Copyin: "copied to the device", ir.Copyout: "copied from the device"}
	for _, m := range rg.c.Maps {
		verb, moves := what[m.Clause]
		if !moves || m.Var == nil || m.Section == nil {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		d := decl[m.Var]
		if d == nil || rg.b.presentAround(d, loopStart) {
			continue
		}
		line := loop.Position().Line
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: "data-movement", Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is %s in every iteration of the loop at line %d; a '#pragma acc data %s(%s)' around that loop would move it once",
				m.Var.Name, verb, line, m.Clause, m.Section.MinfoText())})
	}
}

// copyoutLint warns about data a copyout clause of the construct names
// but no kernel of it writes: the copy back would overwrite the host's
// values with the device's uninitialised memory.
func (rg *region) copyoutLint() {
	written, unknown := rg.deviceWrites()
	if unknown {
		return
	}
	escaped := rg.escapes()
	for _, m := range rg.c.Maps {
		if m.Implicit || m.Clause != ir.Copyout || m.Var == nil || written[m.Var] || escaped[m.Var] {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: "data-movement", Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is in a copyout clause but the construct never writes it: copying it back replaces the host's values with uninitialised device memory; use copy or create",
				m.Var.Name)})
	}
}
