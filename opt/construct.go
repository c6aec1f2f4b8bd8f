package opt

import (
	"fmt"

	"github.com/accc-compiler/accc/depend"
	"github.com/accc-compiler/accc/internal/diag"
	"github.com/accc-compiler/accc/ir"
)

// A Construct is one compute construct on its way through the passes: its
// IR, and what the lowering learnt of its source that the IR does not
// say.
type Construct struct {
	C *ir.Construct
	R *ir.Region
	// Target is accc's -acc= target: gpu, host, multicore or emulate.
	Target string
	// Loops are the facts about each loop of the region's kernels.
	Loops map[*ir.Loop]*Loop
	// Source is what the C source says of the construct's variables
	// (VarSource), recorded by lower's source pass.
	Source map[*ir.Var]VarSource
	// NoAlias is -Msafeptr: pointers of the construct do not alias.
	NoAlias bool
	// NumGangs is the value of the construct's num_gangs clause where it
	// is an integer constant.
	NumGangs Const
	// Explicit are the variables the construct's clauses name: the
	// program decides where they live (a host loop's control may not be
	// one).
	Explicit map[*ir.Var]bool
	// UserLine maps a line of the IR (of the preprocessed unit) to the
	// line the user wrote, for the names of the kernels a pass makes
	// (ir.KernelName); nil: they are the same.
	UserLine func(int) int
	// Names gives the file's kernels their unique names.
	Names *Namer
	// Report receives the passes' diagnostics.
	Report func(diag.Diagnostic)
	// Failed is set once a pass reported an error: later passes do not
	// run.
	Failed bool
	// levels caches LevelOf during the dependence pass, which asks for
	// the levels of the loops around each loop it tests (nil outside it).
	levels map[*ir.IndexVar]depend.Level
	// lastNest is the nest the dependence pass tested last (nestOf).
	lastNest *testedNest
	// columns are the kernels the hostloops pass made of a sequential
	// loop around a gang loop whose iterations keep to their own columns
	// (columnLoop), with that gang loop, which sizes their grids.
	columns map[*ir.Kernel]columnKernel
}

// A testedNest is a nest of loops made ready for the dependence tests.
type testedNest struct {
	ivs    []*ir.IndexVar
	levels []depend.Level
	tests  *depend.Nest
}

// A Const is a clause's value, when it is an integer constant (OK).
type Const struct {
	V  int64
	OK bool
}

// A Loop is what the lowering and the dependence pass know of one loop
// beyond its IR.
type Loop struct {
	Explicit ir.Level // the levels its loop directive names
	Indep    bool     // independent: stated, or proven (Proven)
	Auto     bool     // an auto loop (§2.9.6)
	Marked   bool     // a loop directive (or combined construct) applies
	// Implicit is set for a loop of a kernels construct without a
	// directive, which the compiler found canonical and may partition.
	Implicit bool
	// Redundant is set for an Implicit loop in the gang-redundant code
	// of a parallel construct, outside every loop (§2.5.1: each gang runs
	// it): the compiler may spread its iterations over the gang's workers
	// and vector lanes, never over the gangs.
	Redundant bool
	// Proven is set when the depend pass proved the iterations
	// independent (Indep is then set too).
	Proven bool
	// IndepClause is set when the directive says independent: Indep
	// may be cleared later (a kernels loop whose scalars forbid it).
	IndepClause bool
	// DeviceTypes is set when the directive has device_type clauses,
	// whose clauses the fields above leave out.
	DeviceTypes bool
	// Reductions are the reductions the depend pass recognised, added
	// to the loop's clauses if the schedule partitions it.
	Reductions []Reduction
	// Aliases are, for a loop proven parallel on the condition that no
	// two of these variables reach the same data, the pairs that may
	// alias: the version pass makes its kernel test them at run time.
	Aliases [][2]*ir.Var
	// Collapsed is set when the collapse pass merged the loop with the
	// one of its body.
	Collapsed bool
	// PrivArrays are the arrays the depend pass privatised.
	PrivArrays []*ir.Var
	// Breaks are the positions of the break statements that leave the
	// loop (or a loop collapsed into it).
	Breaks []diag.Pos
	// Exits is set when a goto in the loop's body jumps out of it.
	Exits bool
}

// A Reduction is a reduction the depend pass recognised in a loop.
type Reduction struct {
	Var *ir.Var
	Op  ir.ReductionOp
	// Implicit is set for a loop its clauses partition: -Minfo calls
	// the reduction implicit, since the user asked for the loop and not
	// for it.
	Implicit bool
}

// userLine returns the line the user wrote of IR line n (UserLine).
func (c *Construct) userLine(n int) int {
	if c.UserLine == nil {
		return n
	}
	return c.UserLine(n)
}

// errorf reports an error at pos; the construct has failed.
func (c *Construct) errorf(pos diag.Pos, code diag.Code, format string, args ...any) {
	c.Failed = true
	c.Report(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}
