package lower

import (
	"fmt"
	"io"

	"github.com/accc-compiler/accc/ir"
	"github.com/accc-compiler/accc/opt"
)

// A pass is one step of lowering a compute construct, in the spirit of
// cmd/compile's pass list, x/tools' analysis.Analyzer and GCC's pass
// properties: it requires facts of the IR (ir.Facts) that earlier passes
// provide, and provides its own. Each pass is a function of its own file,
// pass_<name>.go, named after it. Passes never print: problems and remarks
// go to the sink.
type pass struct {
	name     string
	doc      string
	requires ir.Facts // what must hold before it runs
	provides ir.Facts // what holds once it has run
	run      func(*region)
	// facts, where the pass records facts outside the IR, prints them
	// for --dump-ir after the IR.
	facts func(*region, io.Writer)
}

// ir2 makes a pass of package opt, which sees the construct's IR and
// the facts about its loops only, a row of the table.
func ir2(run func(*opt.Construct)) func(*region) {
	return func(rg *region) {
		o := rg.opt()
		run(o)
		if o.Failed {
			rg.ok = false
		}
	}
}

// A pipeline is a list of passes whose requirements are checked.
type pipeline []pass

// newPipeline returns passes, in order, as a pipeline, after checking that
// each pass's requirements are provided by the passes before it, that each
// fact has one provider, and that every pass is documented. A table that
// breaks these rules is a bug in accc, for every program: newPipeline
// panics, when the package initialises.
func newPipeline(passes ...pass) pipeline {
	if err := checkPipeline(passes); err != nil {
		panic("lower: " + err.Error())
	}
	return passes
}

// checkPipeline is newPipeline's check.
func checkPipeline(passes []pass) error {
	var have ir.Facts
	provider := map[ir.Facts]string{}
	seen := map[string]bool{}
	for _, p := range passes {
		if p.name == "" || p.doc == "" || p.run == nil {
			return fmt.Errorf("pass %q needs a name, a doc and a run function", p.name)
		}
		if seen[p.name] {
			return fmt.Errorf("two passes are named %s", p.name)
		}
		seen[p.name] = true
		if missing := p.requires &^ have; missing != 0 {
			return fmt.Errorf("pass %s requires %s, which no earlier pass provides", p.name, missing)
		}
		for f := ir.Facts(1); f != 0; f <<= 1 {
			if p.provides&f == 0 {
				continue
			}
			if q, ok := provider[f]; ok {
				return fmt.Errorf("passes %s and %s both provide %s", q, p.name, f)
			}
			provider[f] = p.name
		}
		have |= p.provides
	}
	return nil
}

// computePasses lower a compute construct, in order.
var computePasses = newPipeline(
	pass{name: "vars", doc: "the variables the region uses from outside, and what it assigns",
		provides: ir.FactVars, run: vars},
	pass{name: "clauses", doc: "the construct's clauses: if, self, async, wait, explicit data maps, private, firstprivate, reductions (§2.5, §2.7)",
		requires: ir.FactVars, provides: ir.FactClauses, run: clauses},
	pass{name: "kernels", doc: "the kernels of the region and their loop nests (collapse, tile, loop clauses)",
		requires: ir.FactVars, provides: ir.FactNests, run: kernels},
	pass{name: "source", doc: "what the C source says of the construct's variables that the IR does not: parameters, restrict, device pointers, reads after the construct",
		requires: ir.FactClauses | ir.FactNests, provides: ir.FactSource, run: source, facts: dumpSource},
	pass{name: "access", doc: "each statement's references: base variable, read or write, subscripts as polynomials in the loop indices",
		requires: ir.FactNests, provides: ir.FactAccesses, run: ir2(opt.Access)},
	pass{name: "depend", doc: "auto loops and kernels loops: parallel when the dependence tests prove their iterations independent; scalars privatised; implicit scalar reductions of loops a parallel construct's directives make independent",
		requires: ir.FactAccesses | ir.FactSource, provides: ir.FactIndependence, run: ir2(opt.Depend)},
	pass{name: "collapse", doc: "kernels constructs: perfectly nested loops proven parallel become one loop over both index spaces, run in tiles",
		requires: ir.FactIndependence, provides: ir.FactCollapsed, run: ir2(opt.Collapse)},
	pass{name: "hostloops", doc: "kernels constructs, and parallel constructs whose body is a gang-redundant loop around parallel ones: sequential loops around parallel ones run on the host, launching a kernel per loop of their body",
		requires: ir.FactIndependence, provides: ir.FactHostLoops, run: ir2(opt.HostLoops)},
	pass{name: "coalesce", doc: "loops the compiler schedules whose index, not their inner parallel loops', walks the arrays with stride 1: gang with vector, so that consecutive threads reach consecutive elements",
		requires: ir.FactAccesses | ir.FactIndependence | ir.FactCollapsed | ir.FactHostLoops, provides: ir.FactCoalesce, run: ir2(opt.Coalesce)},
	pass{name: "schedule", doc: "loop levels: gang, worker, vector or sequential (§2.9); the vector level where the coalesce pass put it",
		requires: ir.FactNests | ir.FactIndependence | ir.FactCollapsed | ir.FactHostLoops | ir.FactCoalesce, provides: ir.FactLevels, run: ir2(opt.Schedule)},
	pass{name: "split", doc: "GPU: a reduction loop inside a gang vector loop splits over the block's rows (split.go)",
		requires: ir.FactLevels, provides: ir.FactSplit, run: ir2(opt.Split)},
	pass{name: "loopreductions", doc: "the reductions the depend pass recognised become clauses of the loops that partition them; array elements that asserted independent loops below the gang level update in every iteration are reduced implicitly",
		requires: ir.FactSplit, provides: ir.FactLoopReductions, run: ir2(opt.LoopReductions)},
	pass{name: "breaks", doc: "break statements leave sequential loops only",
		requires: ir.FactLoopReductions, run: ir2(opt.Breaks)},
	pass{name: "calls", doc: "calls of gang, worker and vector routines: made where their levels are not partitioned yet (§2.15.1)",
		requires: ir.FactLevels, run: calls},
	pass{name: "gangreductions", doc: "gang-loop reductions promoted to the construct (§2.9.11)",
		requires: ir.FactLoopReductions | ir.FactClauses, provides: ir.FactConstructReductions, run: gangReductions},
	pass{name: "shape", doc: "each kernel's block: vector length, workers, the gang loop",
		requires: ir.FactLevels, provides: ir.FactShape, run: ir2(opt.Shape)},
	pass{name: "data", doc: "implicit data attributes (§2.6.2), reductions in device copies (§2.5.15), private-only variables",
		requires: ir.FactClauses | ir.FactConstructReductions | ir.FactLevels, provides: ir.FactClasses, run: data},
	pass{name: "races", doc: "warnings about loops the program asserts independent whose iterations certainly touch the same data: array elements, scalars in device memory",
		requires: ir.FactAccesses | ir.FactSource | ir.FactLevels | ir.FactClasses, run: ir2(opt.Races)},
	pass{name: "gotos", doc: "gotos in device code: never out of a partitioned loop's iteration or into a loop; on the GPU, not between statements one thread runs for its gang",
		requires: ir.FactLevels | ir.FactShape | ir.FactClasses, run: gotos},
	pass{name: "params", doc: "kernel parameters, read-only arrays, restrict",
		requires: ir.FactClasses | ir.FactNests, provides: ir.FactParams, run: params},
	pass{name: "version", doc: "kernels whose parallel loops assume that pointers do not alias: a run-time overlap test of the mapped ranges, and a serial fallback kernel",
		requires: ir.FactParams | ir.FactIndependence, provides: ir.FactVersions, run: ir2(opt.Version)},
	pass{name: "names", doc: "each kernel's name, unique in the file: <func>_<line>_gpu, with _2, _3, ... where that is taken",
		requires: ir.FactVersions, provides: ir.FactNames, run: ir2(opt.Names)},
	pass{name: "retile", doc: "GPU: a gang loop over i holding a vector loop over j, a triangle (j <= i, j > i, ...) or a rectangle around a product loop, becomes one nest over 2-D tiles with a mask (retile.go)",
		requires: ir.FactShape | ir.FactParams | ir.FactVersions, run: ir2(opt.Retile)},
	pass{name: "launch", doc: "each kernel's grid: from the host's trip count, in tiles, gangs per reduction",
		requires: ir.FactShape | ir.FactParams | ir.FactVersions, provides: ir.FactGrid, run: ir2(opt.Launch)},
	pass{name: "index32", doc: "loops whose indices provably fit count in 32 bits, knowing the grid",
		requires: ir.FactGrid, provides: ir.FactIndexWidths, run: ir2(opt.Index32)},
	pass{name: "stage", doc: "CUDA: a tiled kernel's sequential loop loads its operands into shared memory, tile by tile",
		requires: ir.FactGrid | ir.FactIndexWidths, provides: ir.FactStaged, run: ir2(opt.Stage)},
	pass{name: "blockloops", doc: "GPU: host loops whose body kernels one block can run get a one-block form, one launch for the whole loop, which the host takes when the kernels' iteration spaces are tiny",
		requires: ir.FactHostLoops | ir.FactParams | ir.FactNames | ir.FactStaged, provides: ir.FactBlockLoops, run: ir2(opt.BlockLoops)},
	pass{name: "hostchecks", doc: "static checks that need the function around the construct: a firstprivate scalar the construct assigns and the host reads after it, copyout or create data read before anything writes them, host writes the device copy never sees",
		requires: ir.FactClasses, run: hostChecks},
	pass{name: "lint", doc: "warnings about data movement: arrays a construct inside a host loop copies in every iteration, copyout data the construct never writes, copyin data it overwrites before reading",
		requires: ir.FactClasses, run: lint},
	pass{name: "remarks", doc: "-Minfo: kernels, schedules, reductions, data movement",
		requires: ir.FactParams | ir.FactGrid | ir.FactNames | ir.FactBlockLoops, run: remarks},
)

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
	if !b.dumps(pass) {
		return
	}
	if pass != "" && b.opts.DumpIR == "all" {
		fmt.Fprintf(b.opts.DumpTo, "# after %s\n", pass)
	}
	ir.FprintLines(b.opts.DumpTo, c, b.u.Lines)
}

// dumps reports whether Options.DumpIR asks for the IR after pass.
func (b *builder) dumps(pass string) bool {
	if b.opts.DumpTo == nil || b.opts.DumpIR == "" {
		return false
	}
	return pass == "" || b.opts.DumpIR == "all" || b.opts.DumpIR == pass
}
