package opt

import "github.com/accc-compiler/accc/ir"

// hostLoop reports whether l can run on the host around kernels.
func (c *Construct) hostLoop(l *ir.Loop) bool {
	info := c.Loops[l]
	// A control declared in the for statement itself (for (int t = ...))
	// becomes the host's, declared by the host loop (splitLoop).
	if info == nil || !info.Implicit || info.Indep || len(l.Nest) != 1 || l.Nest[0].Var == nil ||
		l.Nest[0].Var.Local && !l.Nest[0].Declare || l.Nest[0].Var.Construct ||
		l.Nest[0].Local || l.Break || l.Continue || len(l.Private) > 0 || len(l.Reduce) > 0 || c.Explicit[l.Nest[0].Var] ||
		GotoIn(l.Body) {
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
			// In a parallel construct a loop directive is enough (§2.9).
			if c.Loops[x] != nil && c.Loops[x].Indep || c.innerParallel(x.Body) || c.R.Kind == ir.Parallel && c.innerParallel([]ir.Node{x}) {
				parallel = true
			}
		}
	}
	return parallel
}

// splitLoop makes l a host loop: each loop of its body a kernel (or a
// host loop itself), each run of other statements a serial kernel, named
// after the line it starts on.
func (c *Construct) splitLoop(l *ir.Loop) (*ir.HostLoop, []*ir.Kernel) {
	hl := &ir.HostLoop{Loop: l}
	if v := l.Nest[0].Var; v.Local {
		// The host declares it; the kernels receive its value.
		v.Local, v.Class = false, ir.ByValue
		c.R.Vars = append(c.R.Vars, v)
	}
	var kernels []*ir.Kernel
	name := func(line int) string { return ir.KernelName(c.C.Func, c.userLine(line)) }
	var serial *ir.Kernel
	for _, n := range l.Body {
		switch x := n.(type) {
		case *ir.Loop:
			serial = nil
			if c.hostLoop(x) && !c.columnLoop(x) {
				inner, ks := c.splitLoop(x)
				hl.Body = append(hl.Body, inner)
				kernels = append(kernels, ks...)
				continue
			}
			k := &ir.Kernel{Name: name(x.Line), Line: x.Line, Body: []ir.Node{x}}
			c.markColumns(k)
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
