package lower

import (
	"fmt"

	"github.com/accc-compiler/accc/ir"
)

// A pass is one step of lowering a compute construct, in the spirit of
// cmd/compile's pass list and x/tools' analysis.Analyzer: it reads the
// facts that earlier passes produced and records its own in the region's
// IR. Passes never print; problems and remarks go to the sink.
type pass struct {
	name     string
	doc      string
	requires []string // facts produced by earlier passes
	produces []string
	run      func(*region)
}

// computePasses lower a compute construct, in order. TestPassOrder checks
// that each pass's requirements are produced before it runs.
var computePasses = []pass{
	{name: "vars", doc: "the variables the region uses from outside, and what it assigns",
		produces: []string{"vars"}, run: (*region).scan},
	{name: "clauses", doc: "the construct's clauses: if, self, async, wait, explicit data maps, private, firstprivate, reductions (§2.5, §2.7)",
		requires: []string{"vars"}, produces: []string{"explicit", "reductions"}, run: (*region).allClauses},
	{name: "kernels", doc: "the kernels of the region and their loop nests (collapse, tile, loop clauses)",
		requires: []string{"vars"}, produces: []string{"kernels", "loops"}, run: (*region).kernels},
	{name: "access", doc: "each statement's references: base variable, read or write, subscripts as polynomials in the loop indices",
		requires: []string{"loops"}, produces: []string{"accesses"}, run: (*region).accesses},
	{name: "depend", doc: "auto loops and kernels loops: parallel when the dependence tests prove their iterations independent; scalars privatised",
		requires: []string{"accesses"}, produces: []string{"independence"}, run: (*region).parallelize},
	{name: "collapse", doc: "kernels constructs: perfectly nested loops proven parallel become one loop over both index spaces, run in tiles",
		requires: []string{"independence"}, produces: []string{"collapsed"}, run: (*region).autoCollapse},
	{name: "hostloops", doc: "kernels constructs: sequential loops around parallel ones run on the host, launching a kernel per loop of their body",
		requires: []string{"independence"}, produces: []string{"host"}, run: (*region).hostLoops},
	{name: "schedule", doc: "loop levels: gang, worker, vector or sequential (§2.9)",
		requires: []string{"loops", "independence", "collapsed", "host"}, produces: []string{"levels"}, run: (*region).schedule},
	{name: "calls", doc: "calls of gang, worker and vector routines: made where their levels are not partitioned yet (§2.15.1)",
		requires: []string{"levels"}, run: (*region).checkCalls},
	{name: "reductions", doc: "gang-loop reductions promoted to the construct (§2.9.11)",
		requires: []string{"levels", "reductions"}, produces: []string{"construct-reductions"}, run: (*region).gangReductions},
	{name: "shape", doc: "each kernel's block: vector length, workers, the gang loop",
		requires: []string{"levels"}, produces: []string{"shape"}, run: (*region).shapes},
	{name: "data", doc: "implicit data attributes (§2.6.2), reductions in device copies (§2.5.15), private-only variables",
		requires: []string{"explicit", "construct-reductions", "levels"}, produces: []string{"classes", "maps"}, run: (*region).implicit},
	{name: "gotos", doc: "gotos in device code: never out of a partitioned loop's iteration or into a loop; on the GPU, not between statements one thread runs for its gang",
		requires: []string{"levels", "shape", "classes"}, run: (*region).checkGotos},
	{name: "params", doc: "kernel parameters, read-only arrays, restrict",
		requires: []string{"classes", "kernels"}, produces: []string{"params"}, run: (*region).finish},
	{name: "version", doc: "kernels whose parallel loops assume that pointers do not alias: a run-time overlap test of the mapped ranges, and a serial fallback kernel",
		requires: []string{"params", "independence"}, produces: []string{"versions"}, run: (*region).version},
	{name: "names", doc: "each kernel's name, unique in the file: <func>_<line>_gpu, with _2, _3, ... where that is taken",
		requires: []string{"versions"}, produces: []string{"names"}, run: (*region).names},
	{name: "launch", doc: "each kernel's grid: from the host's trip count, in tiles, gangs per reduction; 32-bit loop indices where provable",
		requires: []string{"shape", "params", "versions"}, produces: []string{"grid"}, run: (*region).launch},
	{name: "lint", doc: "warnings about data movement: arrays a construct inside a host loop copies in every iteration, copyout data the construct never writes, copyin data it overwrites before reading",
		requires: []string{"maps"}, run: (*region).movementLint},
	{name: "remarks", doc: "-Minfo: kernels, schedules, reductions, data movement",
		requires: []string{"params", "grid", "names"}, run: (*region).remarks},
}

// allClauses applies the construct's queue and condition clauses, then
// its data and variable clauses, then finds the pointer members whose
// data enclosing directives map (implicitMembers): the kernels pass
// converts the statements with their variables.
func (rg *region) allClauses() {
	rg.b.queueClauses(rg.c, rg.p)
	rg.clauses()
	rg.implicitMembers()
}

// PassNames lists the passes of compute constructs, in order, for
// --dump-ir.
func PassNames() []string {
	var names []string
	for _, p := range computePasses {
		names = append(names, p.name)
	}
	return names
}

// dump prints c's IR after pass when Options.DumpIR asks for it; pass ""
// is a data directive, complete once built, printed whichever pass is
// asked for.
func (b *builder) dump(pass string, c *ir.Construct) {
	if b.opts.DumpTo == nil || b.opts.DumpIR == "" {
		return
	}
	switch {
	case pass == "":
	case b.opts.DumpIR == "all":
		fmt.Fprintf(b.opts.DumpTo, "# after %s\n", pass)
	case b.opts.DumpIR != pass:
		return
	}
	ir.FprintLines(b.opts.DumpTo, c, b.u.Lines)
}
