package opt

import "github.com/accc-compiler/accc/ir"

// HostLoops is the hostloops pass. A kernels construct may leave the
// host a sequential loop whose body holds loops the depend pass proved
// parallel: the time-step loop of a stencil, the generation loop of the
// Game of Life. Run as one kernel, the parallel loops inside could only
// use one gang (seqAvail); instead the host runs the loop and each
// iteration launches the body's loops as kernels of their own, each
// with the whole grid, as NVHPC does. A loop qualifies when its control
// variable is declared outside the construct (the host has it), its body
// neither breaks nor continues nor declares variables nor has gotos
// (which cannot jump from one kernel to another), and its body's
// parts split into kernels (loops, and runs of other statements as
// serial kernels). The host loops are the region's Host code
// (ir.HostLoop); their control variables, which the host assigns and
// the kernels receive by value, are ir.Region.HostIndex's.
//
// A parallel construct whose whole body is a sequential loop around
// parallel loops (each gang runs it, §2.5.1) gets the same treatment
// where redundantHostLoop allows it: the gangs then run that loop in
// step, rather than racing ahead of one another's results. A loop there
// whose body is one gang loop keeping to its own columns (columnLoop)
// stays in its kernel, which one launch sizes by that gang loop.
func HostLoops(c *Construct) {
	hostLoop := c.hostLoop
	switch c.R.Kind {
	case ir.Kernels:
	case ir.Parallel:
		if !c.redundantSplits() {
			return
		}
		hostLoop = c.redundantHostLoop
	default:
		return
	}
	var host []ir.HostNode
	var kernels []*ir.Kernel
	split := false
	for _, k := range c.R.Kernels {
		if len(k.Body) == 1 {
			if l, ok := k.Body[0].(*ir.Loop); ok && hostLoop(l) && !c.columnLoop(l) {
				node, ks := c.splitLoop(l)
				host = append(host, node)
				kernels = append(kernels, ks...)
				split = true
				continue
			}
		}
		c.markColumns(k)
		host = append(host, &ir.Launch{Kernel: k})
		kernels = append(kernels, k)
	}
	if split {
		c.R.Host = host
		c.R.Kernels = kernels
	}
}
