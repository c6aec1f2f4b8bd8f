package kernel

import "github.com/accc-compiler/accc/ir"

// Dialect selects the target language and parallelism.
type Dialect uint8

const (
	CPU     Dialect = iota // sequential C (-acc=host)
	OpenMP                 // C with OpenMP threads over gang loops (-acc=multicore)
	CUDA                   // CUDA C++, gang/worker/vector on blocks and threads
	Emulate                // sequential C that runs a device's gangs (-acc=emulate)
)

// A dialect is what the kernels of one target language differ in: CUDA
// (dialect_cuda.go), sequential C (dialect_c.go), C with OpenMP threads
// (dialect_openmp.go, sequential C but for its gang loops and atomics)
// and emulate's C (dialect_emulate.go, sequential C that runs a device's
// gangs and their shares of the gang loops). The emitter (kernel.go)
// prints the loop structure they share, so that what the CPU targets run
// in CI is the code the GPU runs, and asks its dialect wherever they part. The difference is
// mostly that a CUDA gang is a block of threads that run the code
// outside partitioned loops redundantly, with memory they share and
// barriers, where a C gang is one thread: C's methods are then the
// trivial case of CUDA's.
type dialect interface {
	// Names, types and qualifiers.

	// printer spells names and types: C, or C++ for CUDA, where the
	// user's names that C++ reserves are renamed (ir.CXXName) in
	// kernels, routines and type definitions alike. Host code keeps the
	// C names and passes kernel arguments by position.
	printer() ir.Printer
	// kernelName is the name of kernel k's function.
	kernelName(k *ir.Kernel) string
	// restrict is the qualifier, with its space, of a pointer parameter
	// no other name reaches (Var.Restrict).
	restrict() string
	// distinct returns the array parameters of kernel k to declare
	// restrict although the user did not (distinctUpdated), or nil.
	distinct(k *ir.Kernel) map[*ir.Var]bool
	// signature begins the definition of kernel k, whose parameters are
	// params, up to the opening brace of its body.
	signature(k *ir.Kernel, params []string) string
	// routine qualifies decl, the declaration of routine rt's device
	// version (§2.15.1).
	routine(rt *ir.Routine, decl string) string
	// kernelEnd prints what follows the definition of kernel k, whose
	// parameters are params.
	kernelEnd(e *emitter, k *ir.Kernel, params []string)

	// Parameters.

	// reductionParam declares the parameters of v, a construct-level
	// reduction of a scalar.
	reductionParam(v *ir.Var) string
	// combineParams are the parameters kernel k's gangs combine their
	// reductions with (GangCombined), after the variables'.
	combineParams(k *ir.Kernel) []string
	// sectionSlab declares the parameter that holds the gangs' copies
	// of a private section v, or is "" where each gang makes its own.
	sectionSlab(v *ir.Var) string
	// firstArray declares the parameter of a firstprivate array v,
	// printing what the declaration needs first, and returns it and the
	// expression of the array's original elements.
	firstArray(e *emitter, v *ir.Var) (param, src string)

	// Private copies and the memory the threads of a gang share.

	// place decides where the private copy of v lives when it is
	// private to the threads of the levels lv (the levels partitioned
	// where the copy is made).
	place(e *emitter, v *ir.Var, lv ir.Level) placement
	// declare declares the private copy of v, which lives at p.
	declare(e *emitter, v *ir.Var, p placement)
	// once prints lines, statements that set a copy at p, so that one
	// of the threads sharing the copy runs them and then all see it.
	once(e *emitter, p placement, lines ...string)
	// privateSection points a PrivateSection pointer v at the gang's
	// copy of its section, filled from the original for firstprivate.
	privateSection(e *emitter, v *ir.Var)

	// Statements.

	// stmt prints statement s, at levels ctx, where the dialect prints
	// it otherwise than as its code (statements that one thread runs
	// for the others, calls of parallel routines), and reports whether
	// it did.
	stmt(e *emitter, s *ir.Stmt, ctx ir.Level) bool
	// atomic returns the lines of atomic construct a (§2.12), with its
	// operands printed by expr, or nil to run its statement as written.
	atomic(a *ir.Atomic, expr func(ir.Expr) string) []ir.PrintedLine
	// subst returns the substitutions of expressions (ir.Printer.Subst)
	// that statement s of the kernel's code prints with, p's own or
	// more: emulate's race variant prints its accesses to memory
	// through the runtime (race.go).
	subst(e *emitter, s ir.Statement, p ir.Printer) map[ir.Expr]string

	// Loops: thread indices, loop headers and barriers.

	// loop prints a loop of a form of the dialect's own (CUDA's 2-D
	// blocks and staged loops) and reports whether l is one.
	loop(e *emitter, l *ir.Loop, ctx ir.Level) bool
	// counter declares the counter name of type count of a loop before
	// the loop, in dialects whose for statement cannot (C89).
	counter(e *emitter, count, name string)
	// head prints the for statement that spreads the iterations of l
	// over the threads of its levels, through its opening brace, and
	// what each iteration begins with before its indices.
	head(e *emitter, l *ir.Loop, ctx ir.Level, h loopHead)
	// tileElements prints the for statement over the elems elements of
	// a tile of tiled loop l (ir.Loop.Tiled, §2.9.8), spread over the
	// threads of its element levels, through its opening brace.
	tileElements(e *emitter, l *ir.Loop, count string, elems int)
	// iteration prints what an iteration of l begins with after its
	// indices.
	iteration(e *emitter, l *ir.Loop, ctx ir.Level)
	// body prints the body of one iteration of l, at levels in, and
	// what must end it (barriers).
	body(e *emitter, l *ir.Loop, in ir.Level)
	// loopEnd prints what follows loop l at levels ctx; last is set
	// for the kernel's last statement.
	loopEnd(e *emitter, l *ir.Loop, ctx ir.Level, last bool)

	// Reductions (§2.9.11, §2.5.15).

	// start is the value a thread's partial result of type t starts
	// from, orig the variable's value.
	start(op ir.ReductionOp, t, orig string) string
	// arrayCopy declares buf, a private copy of the elements of an
	// array reduction, its elements starting from start's values (orig
	// points at the original elements).
	arrayCopy(e *emitter, red *ir.Reduction, buf, orig string)
	// partial prints, after loop l, the combination of the partial
	// results v of a scalar reduction across the threads the loop
	// spread over, and returns the combined value.
	partial(e *emitter, l *ir.Loop, red *ir.Reduction, v string) string
	// combineArray combines the private copies of a loop's array
	// reduction into the original elements (arrayLoopStart).
	combineArray(e *emitter, a arrayReduction, ctx ir.Level)
	// combineShared combines the private copies of a loop's reduction
	// of a shared scalar (sharedReduction) into the variable.
	combineShared(e *emitter, l *ir.Loop, red *ir.Reduction, ctx ir.Level, own bool)
	// combineConstruct ends a kernel: the gangs' partial results of the
	// construct's reductions combine.
	combineConstruct(e *emitter)
}

// A loopHead is what the head of a loop's for statement needs: total,
// the trip count; count, the counter's type (unsigned int where 32 bits
// are exact, index32); the loop's array reductions.
type loopHead struct {
	total, count string
	index32      bool
	arrays       []arrayReduction
}

// dialectOf returns the implementation of dialect d: the one place that
// tells the dialects apart.
func dialectOf(d Dialect) dialect {
	switch d {
	case CUDA:
		return cudaDialect{}
	case OpenMP:
		return openmpDialect{}
	case Emulate:
		return emulateDialect{}
	}
	return cDialect{}
}

// A placement says where a private copy lives on the device.
type placement uint8

const (
	perThread placement = iota // a local variable of each thread
	perGang                    // __shared__: one copy for the block
	perWorker                  // __shared__, one copy per threadIdx.y
)
