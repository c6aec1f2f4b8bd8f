package opt

import "github.com/accc-compiler/accc/ir"

// BlockLoops is the blockloops pass (CUDA). A host loop (the hostloops
// pass) launches the kernels of its body in every iteration: for the
// tiny iteration spaces of a time loop over a small grid (PolyBench's
// jacobi-1d, 200 launches of 10,000 points; reg_detect, 40,000 launches
// over a 6x6 grid) the launches take the time, a few microseconds each,
// while the kernels' work takes a fraction of one. Where blockLoop
// allows it, the loop gets a one-block form (ir.BlockLoop): one launch
// of a single block that runs the loop itself and the body kernels'
// code in each iteration, a __syncthreads where a launch boundary was.
// The barrier orders the block's threads as the end of a launch orders
// the grid's, and one block runs a gang loop's iterations as the grid's
// gangs would, one gang's after another (gangs run in no set order,
// §2.5.1); a parallel construct's gang-redundant loop is then run by one
// gang, which is in step with itself.
// The host takes that form at run time when each body kernel's gang
// loop gives each thread at most ir.BlockRounds iterations, and the
// launches per iteration otherwise. The CPU targets keep their loops.
func BlockLoops(c *Construct) {
	r := c.R
	if c.Target != "gpu" || r.NumGangs != nil || r.NumWorkers != nil || r.VectorLength != nil {
		return // the program chose the grid or block
	}
	ir.InspectHost(r.Host, func(n ir.HostNode) bool {
		if hl, ok := n.(*ir.HostLoop); ok {
			hl.Block = c.blockLoop(hl)
		}
		return true
	})
}
