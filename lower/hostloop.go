package lower

import (
	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// hostLoop reports whether l can run on the host around kernels.
func (rg *region) hostLoop(l *ir.Loop) bool {
	info := rg.info[l]
	if info == nil || !info.Implicit || info.Indep || len(l.Nest) != 1 || l.Nest[0].Var == nil || l.Nest[0].Var.Local || l.Nest[0].Var.Construct ||
		l.Nest[0].Local || l.Break || l.Continue || len(l.Private) > 0 || len(l.Reduce) > 0 || rg.explicit[l.Nest[0].Var] ||
		opt.GotoIn(l.Body) {
		return false
	}
	parallel := false
	for _, n := range l.Body {
		switch x := n.(type) {
		case *ir.Stmt:
			if x.Decl || x.Body != nil || x.Break || x.Continue {
				return false
			}
		case *ir.Loop:
			if rg.info[x] != nil && rg.info[x].Indep || rg.innerParallel(x.Body) {
				parallel = true
			}
		}
	}
	return parallel
}

// splitLoop makes l a host loop: each loop of its body a kernel (or a
// host loop itself), each run of other statements a serial kernel.
func (rg *region) splitLoop(l *ir.Loop) (*ir.HostLoop, []*ir.Kernel) {
	rg.hostIndex[l.Nest[0].Var] = true
	hl := &ir.HostLoop{Loop: l}
	var kernels []*ir.Kernel
	name := func(line int) string { return ir.KernelName(rg.c.Func, rg.b.conv.src.line(line)) }
	var serial *ir.Kernel
	for _, n := range l.Body {
		switch x := n.(type) {
		case *ir.Loop:
			serial = nil
			if rg.hostLoop(x) {
				inner, ks := rg.splitLoop(x)
				hl.Body = append(hl.Body, inner)
				kernels = append(kernels, ks...)
				continue
			}
			k := &ir.Kernel{Name: name(x.Line), Line: x.Line, Body: []ir.Node{x}}
			hl.Body = append(hl.Body, &ir.Launch{Kernel: k})
			kernels = append(kernels, k)
		case *ir.Stmt:
			if serial == nil {
				serial = &ir.Kernel{Name: name(x.Line), Line: x.Line, Serial: true}
				hl.Body = append(hl.Body, &ir.Launch{Kernel: serial})
				kernels = append(kernels, serial)
			}
			serial.Body = append(serial.Body, x)
		}
	}
	return hl, kernels
}
