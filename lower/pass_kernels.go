package lower

import (
	"github.com/accc-compiler/accc/ir"
)

// kernels splits the region into kernels and gives loops their schedule.
func kernels(rg *region) {
	st := rg.p.Stmt
	fn := rg.c.Func
	name := func(line int) string { return ir.KernelName(fn, rg.b.conv.src.line(line)) }
	rg.info = map[*ir.Loop]*loopInfo{}
	rg.gotoBypass()
	rg.atomicObjects()
	switch {
	case rg.p.Dir.Kind.IsCombined():
		l := rg.loop(st, rg.p.Dir, rg.p.Pos)
		if l == nil {
			return
		}
		k := &ir.Kernel{Name: name(rg.c.Line), Line: rg.c.Line, Body: []ir.Node{l}}
		rg.r.Kernels = append(rg.r.Kernels, k)
	case rg.r.Kind == ir.Kernels:
		rg.kernelsBody(st, name)
	default:
		k := &ir.Kernel{Name: name(rg.c.Line), Line: rg.c.Line, Body: rg.items(st)}
		rg.r.Kernels = append(rg.r.Kernels, k)
	}
	for _, k := range rg.r.Kernels {
		sharedLocals(k.Body)
	}
}
