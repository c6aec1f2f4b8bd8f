package driver

import (
	"github.com/accc-compiler/accc/directives"
	"github.com/accc-compiler/accc/frontend"
	"github.com/accc-compiler/accc/internal/diag"
)

// checkTarget rejects, with their positions, the directives that the
// selected target cannot compile yet, so that accc never emits code with
// different semantics from what the program asks for.
//
// -acc=host runs compute regions sequentially on shared memory (as PGI's
// -ta=host): data clauses, queues and loop schedules have no effect there,
// so the program's own statements are the region's code. Clauses whose
// meaning differs from plain sequential execution (private copies) are
// rejected until the CPU code generator lands. The other targets need the
// kernel code generators.
func (c *compilation) checkTarget(u *frontend.Unit) {
	if !c.cfg.ACC || len(u.Pragmas) == 0 {
		return
	}
	if c.cfg.Target == TargetGPU {
		// The GPU target never falls back to another one (DESIGN.md §1).
		if _, err := FindNVCC(); err != nil {
			c.errorf("%v", err)
			return
		}
	}
	for _, p := range u.Pragmas {
		d := p.Dir
		if d == nil {
			continue
		}
		if c.cfg.Target != TargetHost {
			c.diags.Report(diag.Diagnostic{
				Pos: p.Pos, Severity: diag.Error, Code: "target-unsupported",
				Msg: "'#pragma acc " + d.Kind.String() + "' is not supported yet on target " + string(c.cfg.Target) + "; use -acc=host",
			})
			continue
		}
		for _, cl := range d.Clauses {
			switch cl.Kind {
			case directives.ClausePrivate, directives.ClauseFirstprivate:
				c.diags.Report(diag.Diagnostic{
					Pos: cl.Pos, Severity: diag.Error, Code: "target-unsupported",
					Msg: "clause '" + cl.Kind.String() + "' is not supported yet on target host",
				})
			}
		}
	}
}
