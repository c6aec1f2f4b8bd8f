package lower

import (
	"fmt"
	"sync"

	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
	"modernc.org/cc/v4"
)

// lint is the lint pass: a compute construct inside a host loop
// moves the arrays its clauses (or its implicit maps) copy in every
// iteration of that loop, unless a data construct around the loop keeps
// them on the device. accc says so, and which data directive would move
// them once, around the outermost loop it can. It says so only where
// that data construct would keep the program's meaning: the construct
// runs on the device only (no if or self), maps the data without
// modifiers other than readonly, and does not write what it copies in
// only (each iteration starts again from the host's values); and
// keepAround holds for the loop.
func lint(rg *region) {
	rg.copyoutLint()
	rg.copyinLint()
	if rg.p.Func == nil || rg.c.If != nil || rg.c.Self != nil {
		// With if or self the construct may run on the host, on the
		// host's data: a data construct would leave one of the two
		// copies stale.
		return
	}
	loops := rg.loopsAround()
	if len(loops) == 0 {
		return
	}
	decl := map[*ir.Var]*cc.Declarator{}
	for d, v := range rg.vars {
		decl[v] = d
	}
	for d, v := range rg.b.hostVars {
		if decl[v] == nil {
			decl[v] = d
		}
	}
	f := rg.b.facts(rg.p)
	written, unknown := rg.deviceWrites()
	what := map[ir.DataKind]string{ir.Copy: "copied to and from the device", ir.Copyin: "copied to the device", ir.Copyout: "copied from the device"}
	for _, m := range rg.c.Maps {
		verb, moves := what[m.Clause]
		if !moves || m.Var == nil || m.Section == nil || m.Section.Pointee || m.Section.Rows {
			continue
		}
		if k := m.Var.Type.Kind; k != ir.Array && k != ir.Pointer {
			continue
		}
		d := decl[m.Var]
		if d == nil || rg.b.presentAround(d, loops[0].span.start) {
			continue
		}
		// always, alwaysin, alwaysout and capture transfer whatever is
		// present; zero clears the device copy each time the construct
		// creates it, which a data construct would do once.
		if m.Mods&^ir.Readonly != 0 {
			continue
		}
		// A copy in that the construct may write: each iteration starts
		// again from the host's values, which a data construct would
		// replace by those the previous iteration left on the device.
		if m.Clause == ir.Copyin && (unknown || written[m.Var]) {
			continue
		}
		var best *hostLoop
		clause := ""
		private := sync.OnceValue(func() bool { return rg.privateData(f, d) })
		for _, l := range loops {
			c, ok := rg.keepAround(f, l, d, m, decl, private)
			if !ok {
				break
			}
			best, clause = l, c
		}
		if best == nil {
			continue
		}
		rg.b.sink.Report(diag.Diagnostic{Pos: m.Pos, Severity: diag.Warning, Code: diag.CodeDataMovement, Func: rg.c.Func,
			Msg: fmt.Sprintf("'%s' is %s in every iteration of the loop at line %d; a '#pragma acc data %s(%s)' around that loop would move it once",
				m.Var.Name, verb, rg.b.conv.src.line(best.stmt.Position().Line), clause, m.Section.MinfoText())})
	}
}
