package lower

import (
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

func remarks(rg *region) {
	b, c := rg.b, rg.c
	ir.InspectHost(rg.r.Host, func(n ir.HostNode) bool {
		if hl, ok := n.(*ir.HostLoop); ok {
			pos := diag.Pos{File: c.Pos.File, Line: hl.Loop.Line}
			if hl.Loop.Why.Kind != ir.NoReason {
				rg.note(reasonCode(hl.Loop.Why), pos, diag.Pos{}, false, "%s", b.conv.src.reasonText(hl.Loop.Why))
			}
			if hl.Loop.Detail.Kind != ir.NoReason {
				rg.note(reasonCode(hl.Loop.Detail), pos, diag.Pos{}, false, "  %s", b.conv.src.reasonText(hl.Loop.Detail))
			}
			rg.note(diag.CodeLoopHost, pos, diag.Pos{}, false, "Loop runs on the host: each iteration launches the kernels of its body")
			if hl.Block != nil {
				rg.note(diag.CodeLoopHost, pos, diag.Pos{}, false, "Loop runs in one block of %d threads, one launch for the whole loop, where each kernel's gang loop gives a thread at most %d iterations", ir.BlockThreads, ir.BlockRounds)
			}
		}
		return true
	})
	for _, k := range rg.r.Kernels {
		pos := diag.Pos{File: c.Pos.File, Line: k.Line}
		rg.note(diag.CodeKernel, pos, diag.Pos{}, false, "%s", b.codeRemark())
		if k.Serial && rg.r.Kind == ir.Kernels {
			rg.note(diag.CodeKernel, pos, diag.Pos{}, false, "Accelerator serial kernel generated")
		}
		ir.Visit(k.Body, func(n ir.Node) {
			switch x := n.(type) {
			case *ir.Stmt:
				for i, line := range x.SeqLoops {
					lp := diag.Pos{File: c.Pos.File, Line: line}
					rg.note(diag.CodeLoopSchedule, lp, pos, line == pos.Line, "#pragma acc loop seq")
					if i == 0 && x.Why.Kind != ir.NoReason {
						rg.note(reasonCode(x.Why), lp, pos, line == pos.Line, "%s", b.conv.src.reasonText(x.Why))
					}
				}
			case *ir.Loop:
				rg.loopRemark(k, x, pos)
			}
		})
	}
	rg.cacheRemarks()
	for _, red := range rg.r.Reductions {
		rg.note(diag.CodeLoopReduction, c.Pos, diag.Pos{}, false, "Generating reduction(%s:%s)", red.Op, red.Text())
	}
	for _, m := range c.Maps {
		if m.Var != nil && m.Var.Construct {
			continue // the construct's own variable: no data moves
		}
		b.mapRemark(c, m)
	}
}
