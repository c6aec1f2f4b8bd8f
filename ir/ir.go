package ir

import (
	"github.com/accc-compiler/accc/internal/diag"
)

// Program is the OpenACC content of one translation unit: every directive
// of the main file that generates code, in source order.
type Program struct {
	File string
	Src  []byte // the main file's bytes, as read (for a preprocessed unit, cc -E's output)
	// Lines maps the lines of a preprocessed unit (Src) to the files and
	// lines its text comes from; nil when Src is the user's file itself.
	Lines      *diag.LineMap
	Constructs []*Construct // in source order; nested ones after their parent
	// Routines are the device versions of the file's functions (§2.15.1:
	// routine directives, and functions compute code calls whose body is
	// here, implicitly seq), in source order.
	Routines []*Routine
	// Externs are the device routines the file's device code calls but
	// another file defines: code generators declare them.
	Externs []*Routine
	// Drop are the byte ranges of directives that generate no host code
	// and that the host file leaves out: routine directives, and the loop
	// and atomic directives of routine bodies.
	Drop [][2]int
	// Pragmas are the byte ranges of the directives the host file leaves
	// out wherever no construct's code replaces them, in host code as in
	// the copies of the statements constructs fall back to: every acc
	// directive, and the program's omp directives when OpenMP is accc's
	// alone (a multicore build without -mp). The host compiler then sees
	// only the pragmas that are its own, and warns about unknown ones as
	// it would without accc.
	Pragmas [][2]int
}

// A Routine is the device version of a C function (§2.15.1): its body
// lowered as device code that runs at Level, called from device code by
// its device name (DeviceName).
type Routine struct {
	Name  string   // the C function
	Pos   diag.Pos // the function's definition (or declaration for Externs)
	Line  int
	Level Level // 0: seq; else the finest level the caller leaves to it: Gang, Worker or Vector
	// Result and Params give the signature: the result type and the
	// parameters (Local variables, by name, in order).
	Result *Type
	Params []*Var
	// ParamDecls are the parameter declarations as written ("const
	// double *a"), which keep the qualifiers Type does not model; nil to
	// print them from Params, a nil Code for a parameter without one.
	ParamDecls []Code
	// Globals are the file-scope variables with a declare directive
	// (§2.13) the routine uses, itself or through the routines it calls:
	// hidden parameters after Params, the device addresses of their
	// device copies (ArrayData: the elements; ByPointer: the variable),
	// which every call passes along (CallInfo.Globals).
	Globals []*Var
	// Kernel holds the body (Kernel.Body) and the block shape the code
	// assumes; Region its types. Nil for Externs.
	Kernel *Kernel
	Region *Region
	// Start and End are the byte offsets in Program.Src of the
	// definition: CPU targets put the device copy after it; NoHost
	// (§2.15.1 nohost) leaves the definition out of the host file.
	Start, End int
	NoHost     bool
	// Static is set for a function with internal linkage: its device
	// version is static too.
	Static bool
}

// DeviceName is the name device code calls a routine by, on every target
// (the host version keeps the C name): accc_dev_<name>.
func DeviceName(name string) string { return DevicePrefix + name }

// GlobalsName is the device name of a routine with hidden global
// parameters (Routine.Globals): a file that calls it without knowing
// them (a routine of another file) fails to link rather than call it
// with too few arguments.
func GlobalsName(name string) string { return GlobalsPrefix + name }

// Ctx is the set of levels the caller of a routine at level l has
// already partitioned: the levels coarser than its own (seq: all).
func (l Level) Ctx() Level {
	switch l {
	case Gang:
		return 0
	case Worker:
		return Gang
	case Vector:
		return Gang | Worker
	}
	return Gang | Worker | Vector
}

// Uses is the set of levels a routine at level l may partition: its own
// and the finer ones.
func (l Level) Uses() Level { return (Gang | Worker | Vector) &^ l.Ctx() }

// ConstructKind says which code a Construct becomes.
type ConstructKind uint8

const (
	// Compute is parallel, serial, kernels or a combined construct: one or
	// more kernels (§2.5, §2.11).
	Compute ConstructKind = iota
	// Data is a structured data region (§2.6.5).
	Data
	// EnterData and ExitData are the unstructured data directives (§2.14.6, §2.14.7).
	EnterData
	ExitData
	// Update is the update directive (§2.14.4).
	Update
	// Wait is the wait directive (§2.16.3).
	Wait
	// HostData is a host_data construct (§2.8): its body sees the device
	// addresses of the UseDevice variables.
	HostData
	// Declare is a declare directive (§2.13): in a function, a data region
	// from the directive to the end of its block; at file scope, data
	// mapped when the program starts (Global).
	Declare
	// Init, Shutdown and Set are the runtime directives (§2.14.1–§2.14.3).
	Init
	Shutdown
	Set
)

// A Construct is one directive that generates host code.
type Construct struct {
	Kind ConstructKind
	Pos  diag.Pos
	Func string // the enclosing function
	Line int
	// ID names the construct in the generated host code (accc_m<ID>,
	// accc_site<ID>, ...): its line, with _2, _3, ... for a further
	// construct on that line; unique in the file.
	ID string

	// Byte ranges in Program.Src: the directive's line(s), and for
	// constructs with a body, the statement after it.
	DirStart, DirEnd   int
	StmtStart, StmtEnd int
	// FuncStart is where the enclosing function definition begins: kernel
	// functions and launch stub declarations are inserted there.
	FuncStart int
	// CodeAt is where the code of a declare directive in a function
	// goes: DirStart, or for one written between the directive of a
	// construct and its statement, where that stack of directives
	// starts, so that its data live until the end of the enclosing block
	// (§2.13) rather than the construct's.
	CodeAt int

	Maps []*Map // data clauses, explicit and implicit, in clause order
	// If is the if clause's condition, or nil; Self the self clause's
	// (the constant 1 for a bare self), or nil. The clause values below
	// are host expressions: their identifiers are host variables
	// (printed by name), not the region's.
	If, Self Expr
	// Async is the async clause, or nil.
	Async *Async
	// Waits are the queues of a wait clause or directive.
	Waits []Expr
	// WaitAll is set for wait without arguments (directive or clause).
	WaitAll bool
	// Finalize is set for exit data with the finalize clause (§2.14.7).
	Finalize bool
	// NoHostCall is, for a compute construct whose code calls a routine
	// without a host version (§2.15.1 nohost), the first such routine:
	// the host cannot run the construct where it would run it as
	// written (if, self, the host device type).
	NoHostCall string

	Region  *Region       // Compute
	Updates []*UpdateItem // Update

	UseDevice []*UseDevice // HostData
	IfPresent bool         // HostData: if_present
	Global    bool         // Declare at file scope
	// DevNum is the device number of wait(devnum: ...) or of the
	// device_num clause of init, shutdown and set, DefaultAsync the
	// argument of set default_async; nil without them. DeviceType is
	// their device_type clause's type.
	DevNum, DefaultAsync Expr
	DeviceType           DeviceType
}

// Async is an async clause (§2.16.1).
type Async struct {
	// Queue is the async argument, or nil for async without one
	// (acc_async_noval).
	Queue Expr
}

// A DeviceType is the device type of an init, shutdown or set directive
// (§2.14): an acc_device_t of openacc.h.
type DeviceType uint8

const (
	// AnyDevice: no device_type clause (the current device type).
	AnyDevice DeviceType = iota
	DeviceDefault
	DeviceNvidia
	DeviceHost
	DeviceNotHost
)

// String returns the acc_device_t constant, "" for AnyDevice.
func (t DeviceType) String() string {
	return [...]string{"", "acc_device_default", "acc_device_nvidia", "acc_device_host", "acc_device_not_host"}[t]
}

// A UseDevice is one variable of a use_device clause (§2.8.1): an array or
// a pointer whose name means its device address inside the construct.
type UseDevice struct {
	Name string
	Pos  diag.Pos
}

// A Region is the device code of a compute construct.
type Region struct {
	Kind    ComputeKind
	Kernels []*Kernel
	// Vars are the variables declared outside the region that it uses, in
	// order of first use.
	Vars       []*Var
	Reductions []*Reduction // construct-level reductions
	Privates   []*Var       // construct-level private and firstprivate variables
	Types      []*Type      // types of the region's declarations and casts
	// Host is, for a kernels construct with loops the host runs, the
	// order of the construct's host code: launches of Kernels inside
	// host loops. Nil: the kernels are launched once each, in order.
	Host []HostNode
	// NumGangs, NumWorkers and VectorLength are the construct's clauses
	// (§2.5.10–§2.5.12), host expressions as Construct's, or nil.
	// NumWorkers and VectorLength are an integer Const (IntValue) where
	// the clause's value is an integer constant expression.
	NumGangs, NumWorkers, VectorLength Expr
	// NumGangsYZ are the second and third values of num_gangs (gangs
	// along dimensions 2 and 3, OpenACC 3.3 §2.5.10), or nil.
	NumGangsYZ [2]Expr
}

// A HostNode is a step of a kernels construct's host code: a Launch or
// a HostLoop.
type HostNode interface{ hostNode() }

// A Launch launches one kernel.
type Launch struct{ Kernel *Kernel }

// A HostLoop is a sequential loop of a kernels construct that the host
// runs (§2.5.3 leaves the compiler to split the construct into kernels):
// each iteration launches the kernels of its Body. Loop gives the
// header: its single Nest entry, the control variable a region
// variable passed by value to the kernels.
type HostLoop struct {
	Loop *Loop
	Body []HostNode
	// Block is, on the GPU, the loop's one-block form, or nil: the
	// blockloops pass sets it where Body launches kernels only, each of
	// a form one block runs as the grid does.
	Block *BlockLoop
}

// A BlockLoop is the one-block form of a HostLoop: one launch of Kernel,
// a single block of BlockThreads threads, runs the whole loop itself
// and, in each iteration, the code of the loop's body kernels (Kernels,
// each a device function of the same body) one after the other, with a
// barrier where the host version has a launch boundary: __syncthreads
// makes a kernel's writes visible to the next one's threads, as the end
// of its launch does. Each body kernel's gang loop then spreads its
// iterations over the block's threads alone (a gang loop's iterations
// take turns, all threads running each). The host launches it instead
// of the loop when every body kernel's gang loop gives a thread at most
// BlockRounds of them (Lanes): for tiny iteration spaces the launches,
// not the loops, take the time.
type BlockLoop struct {
	// Kernel is the one-block kernel: its Params are the body kernels',
	// in order of first use, then the loop's control (whose value at the
	// launch is the first iteration's) and StepsName, the loop's trip
	// count; one gang of Vector (BlockThreads) threads.
	Kernel *Kernel
	// Kernels are the body kernels, in order.
	Kernels []*Kernel
	// Lanes are, for each body kernel, the threads of the block that
	// share its gang loop's iterations: BlockThreads for a gang vector
	// loop, 1 for a gang loop (whose vector loops are inside), 0 for a
	// serial kernel, which thread 0 runs.
	Lanes []int
}

// BlockThreads is the block of a one-block host loop (BlockLoop): the
// most threads a CUDA block holds, so that a gang vector loop's
// iterations go round as few times as they can.
const BlockThreads = 1024

// BlockRounds is the most iterations of a body kernel's gang loop one
// thread of a one-block host loop (BlockLoop) runs in one iteration of
// the loop before the host prefers launches (ACCC_BLOCK_ROUNDS, read by
// the runtime's accrt_block_rounds, changes it). A launch costs about 5
// to 7 us on an H200 (PolyBench-ACC's jacobi-1d: 200 launches in 1.32
// ms; reg_detect: 40,000 of about 5 us); what replaces it is a
// __syncthreads, well under 1 us, and the thread's iterations: a few
// loads and a store each, whose latency (an L2 hit is about 0.15 us, a
// miss about 0.5 us) the short loop cannot hide, so about 0.3 us each.
// 16 of them cost about one launch: up to 16 a thread the one-block
// form is no slower than the launches, and much faster with a few
// (jacobi-1d's 10,000 points over 1024 threads: 10; reg_detect's 6x6
// grid: 6). A gang loop's vector loops run over the block's 1024
// threads instead of a gang's 128, so its 16 iterations in turn take
// at most about twice the time the grid's gangs take side by side. The
// figure is reasoned from these costs, not yet measured on the device.
const BlockRounds = 16

func (*Launch) hostNode()   {}
func (*HostLoop) hostNode() {}

// HostIndex reports whether v controls one of r's host loops
// (HostLoop): the host assigns it, and each launch passes its value to
// the kernels.
func (r *Region) HostIndex(v *Var) bool {
	found := false
	InspectHost(r.Host, func(n HostNode) bool {
		if hl, ok := n.(*HostLoop); ok && len(hl.Loop.Nest) > 0 && hl.Loop.Nest[0].Var == v {
			found = true
		}
		return !found
	})
	return found
}

// A Kernel is one device function: the whole region, or for kernels one
// loop nest (or run of statements) of it.
type Kernel struct {
	Name   string // <func>_<line>_gpu, with _2, _3, ... where that is taken: unique in the file
	Line   int
	Params []*Var // the region variables this kernel uses
	Body   []Node
	// Serial kernels run on one thread: serial constructs, and the parts
	// of a kernels construct that are not proven parallel.
	Serial bool
	// GangLoop is the outermost gang-partitioned loop that sizes the grid,
	// or nil.
	GangLoop *Loop
	// GangDims is the number of gang dimensions the kernel's gang loops
	// partition (gang(dim:n) nests, §2.9.2): 1 unless a loop names dim 2
	// or 3.
	GangDims int
	// DimLoops are, for a kernel with gang(dim:) loops, the first gang
	// loop of each dimension (1, 2, 3) when the host can compute its trip
	// count before the launch, which then sizes that dimension of the
	// grid; nil otherwise.
	DimLoops [3]*Loop
	Workers  int // threads per gang along threadIdx.y (1 if no worker loop)
	Vector   int // threads per gang along threadIdx.x (1 if no vector loop)
	// VectorFixed: the program chose the vector length (vector_length,
	// vector(n), or the sizes of a tile clause whose element loops are
	// vector loops); otherwise Vector is accc's choice, which the launch
	// pass may change.
	VectorFixed bool
	// Reductions are the region's construct-level reductions this kernel
	// contributes to.
	Reductions []*Reduction
	// Privates are construct-level private and firstprivate variables.
	Privates []*Var
	// The launch, decided by the launch pass. HostTrip: the host can
	// compute the gang loop's trip count, and sizes the grid to give
	// each gang GangsPer iterations (of a Tiled gang loop, GangsPer
	// tiles). Block2DRows > 0: the gang loop (a gang vector collapse(2)
	// nest) runs in two-dimensional blocks of Block2DWidth inner by
	// Block2DRows outer iterations on a two-dimensional grid (CUDA);
	// accc's own shape, not the tile clause's.
	HostTrip    bool
	GangsPer    int
	Block2DRows int
	// Block2DIndex32: the 2-D blocked gang loop counts its rows and
	// columns in 32-bit arithmetic, each dimension's trip count and grid
	// stride fitting (opt/index32.go, rule 3 per dimension); the loop's
	// own Index32 is for the flattened form the CPU runs.
	Block2DIndex32 bool
	// Grid is the geometry the GPU launches the kernel with, decided by
	// the launch pass from the fields above (opt/geometry.go).
	Grid Grid
	// Split, on CUDA, is the loop inside the gang vector loop that also
	// runs split over the block's rows (threadIdx.y, below the lanes that
	// run the gang vector loop): a reduction into scalars whose rows'
	// results combine in shared memory, the schedule of a transposed
	// product (opt/split.go). The gang loop then strides over the grid
	// the same way in every thread of a block, so that all reach the
	// combine: lanes past the trip count repeat the last iteration
	// without its effects, and the code after the split loop that has
	// effects runs on row 0.
	Split *Loop
	// Stage, on CUDA, is for a 2-D blocked kernel (Block2DRows) the
	// sequential loop of its body whose operands the block's threads
	// load together into shared memory, a chunk of its iterations at a
	// time (opt/stage.go); nil otherwise.
	Stage *Stage
	// ReadOnly are the array parameters whose data the kernel only
	// reads: printed const, and with Var.Restrict const __restrict__, so
	// that loads may use the read-only data cache.
	ReadOnly []*Var
	// Disjoint, for a versioned kernel, are the pairs of array variables
	// its parallel schedule assumes reach different data (pointers that
	// may alias). Before the launch the host tests whether their mapped
	// device ranges overlap; if they do it launches Fallback, a serial
	// kernel of the same code, instead.
	Disjoint [][2]*Var
	Fallback *Kernel
}

// A Stage is the shared-memory staging of a 2-D blocked kernel's
// sequential loop: array elements each of which a whole row or column of
// the block reads in every iteration (A[i*n + k] for the block's rows i,
// B[k*n + j] for its columns j) are loaded once per chunk of StageChunk
// iterations, by the block's threads together and with consecutive
// threads reading consecutive elements where the subscripts allow, then
// read from shared memory. The block's threads then all run the loop,
// those outside the nest's iteration space on its last iteration,
// without its effects.
type Stage struct {
	Loop *Loop
	Bufs []*StageBuf
}

// A StageBuf is the shared-memory buffer of one array reference a Stage
// loads: Refs are its occurrences in the loop's body (the same element),
// Refs[0] the one the loads print. Rows: it varies with the block's outer
// index (a buffer of Block2DRows by StageChunk elements); otherwise with
// the inner one (StageChunk by Block2DWidth).
type StageBuf struct {
	Refs []Expr
	Rows bool
	// AlongK, for a column buffer, is set when the reference's elements
	// are adjacent along the staged loop's index and not along the
	// column's (A[j*m + k]): consecutive threads then load consecutive
	// iterations of one column, into a buffer padded by one column so
	// that the transposed stores take distinct banks.
	AlongK bool
	// AlongRows, for a row buffer, is set when the reference's elements
	// are adjacent along the rows' index and not along the staged loop's
	// (data[k*m + i]): consecutive threads then load consecutive rows of
	// one iteration, into a buffer of StageChunk by Block2DRows.
	AlongRows bool
}

// StageChunk is the iterations of a staged loop one chunk of shared
// memory holds.
const StageChunk = 32

// AllKernels returns the region's kernels followed by the serial
// fallbacks of its versioned kernels: every device function the region
// needs.
func (r *Region) AllKernels() []*Kernel {
	all := append([]*Kernel(nil), r.Kernels...)
	for _, k := range r.Kernels {
		if k.Fallback != nil {
			all = append(all, k.Fallback)
		}
	}
	return all
}

// Block2DWidth is the number of consecutive inner iterations a 2-D
// blocked collapse(2) gang loop gives one row of a block: a warp, so
// accesses coalesce.
const Block2DWidth = 32

// Block2DThreads is the block size of a 2-D blocked kernel whose vector
// length is accc's choice: blocks of Block2DWidth by 8 rows. Measured on
// an H100 (Game of Life's 9-point stencil, 1024x1024 ints): 4.7 us a
// sweep in 32x8 blocks against 7.0 us in 32x4, as the rows a block reads
// from the cache are shared by more rows computed.
const Block2DThreads = 256

// Node is a Stmt or a Loop.
type Node interface{ node() }

// A Stmt is C code the compiler does not restructure: a declaration or a
// statement of the region.
type Stmt struct {
	Line int
	// Tree is the statement; nil for a statement lowered to nothing
	// (a loop whose errors were reported) and for a Body statement.
	Tree Statement
	// Head is, for a Body statement, the loop that encloses the body
	// (a For or While without its Body), the if (an If without Then and
	// Else: an else is a second Body statement, lower's selection), the
	// switch (a Switch without Body) or the label (a Label without Stmt)
	// it is the body of, or nil for a plain block.
	Head Statement
	// Decl is set for declarations.
	Decl bool
	// Names are the variables a declaration (or a for header) declares;
	// Writes the region variables the statement may assign.
	Names  []string
	Writes []*Var
	// MemWrite is set when the statement writes through a subscript,
	// member or pointer, or prints.
	MemWrite bool
	// WritesThrough are the region variables whose data the statement
	// may write through a subscript, member or dereference (a[i] = ...,
	// p->x++); WritesUnknown is set when a write's target cannot be
	// traced to a region variable (through a local pointer, say), so any
	// data may change.
	WritesThrough []*Var
	WritesUnknown bool
	// SeqLoops are the lines of the loops the statement is or holds that
	// have no loop directive: they run sequentially in each thread, and
	// -Minfo reports them as NVHPC does.
	SeqLoops []int
	// Why says why the loop the statement is runs sequentially where
	// the compiler chose (a kernels loop that is not canonical).
	Why Reason
	// Break and Continue are set when the statement holds a break or
	// continue that leaves it (ending the enclosing loop or iteration).
	Break, Continue bool
	// Locals are the variables of a declaration of automatic arrays,
	// structs or scalars, which code generators may place in memory the
	// threads of a gang or worker share; nil for other declarations.
	Locals []*Local
	// Accesses are the references the statement makes (the access
	// pass), in evaluation order.
	Accesses []*Access
	// Body holds the nested items when the statement is a block or a
	// sequential loop that contains partitioned loops (Head).
	Body []Node
	// ParCall is, when the statement calls a gang, worker or vector
	// routine, that routine: every thread of the levels the routine
	// partitions calls it (§2.15.1), and only the store of its result,
	// if it has effects, runs on one thread. The statement is then the
	// Call; or L = Call with Op "="; or a declaration whose one local is
	// initialised by it.
	ParCall *CallInfo
}

// A Local is one variable of a declaration inside a compute region.
type Local struct {
	Var *Var
	// Spec and Declarator spell the declaration as written: "static
	// const double" and "*p[4]".
	Spec, Declarator Code
	Init             Expr // the initializer, or nil
	// Assign is set for a scalar a goto jumps past (C allows it, C++
	// does not where the declaration has an initializer): it is declared
	// without Init, and const, and then assigned Init; with no Init (a
	// local a worker-single call initialises in CUDA code), only declared.
	Assign bool
}

// Level is a set of loop partitioning levels (§2.9.2–§2.9.4).
type Level uint8

const (
	Gang Level = 1 << iota
	Worker
	Vector
)

// Has reports whether l includes m.
func (l Level) Has(m Level) bool { return l&m != 0 }

// A Loop is a for loop with an OpenACC loop directive (or the loop of a
// combined construct), possibly collapsed with the loops inside it.
type Loop struct {
	Pos    diag.Pos
	Line   int
	Levels Level // 0: sequential
	Seq    bool  // seq was written, or the loop cannot be partitioned
	// Why is, for a loop the compiler keeps sequential, the reason
	// (Kind 0: none); Detail explains it further: the pair of references
	// that carries a dependence, the clauses that were not applied, what
	// the user may declare to remove it. The remarks pass prints both.
	Why, Detail Reason
	// Versioned are, for a loop that runs in parallel only when the
	// run-time overlap test of its kernel (Kernel.Disjoint) passes, the
	// pairs of variables the test compares.
	Versioned [][2]*Var
	Nest      []*IndexVar // one per collapsed loop, outermost first
	// Tile holds the sizes of a tile clause (§2.9.8), one per loop of
	// Nest, outermost first (the clause lists them innermost first),
	// each * replaced by the size accc chose; nil without the clause.
	// A partitioned loop runs strip-mined (Tiled, ir/tile.go); one that
	// runs sequentially runs its nest as written.
	Tile         []int
	Private      []*Var
	Reduce       []*Reduction
	Body         []Node
	VectorLength int // vector(n) on the loop, 0 if not given
	// GangDim is the dimension of the gangs a gang loop partitions its
	// iterations across (gang(dim:n), OpenACC 3.3 §2.9.2): 1, 2 or 3
	// (blockIdx.x, .y, .z on CUDA); 0 means 1.
	GangDim int
	// Break and Continue are set when the body holds a break or continue
	// of the loop (or of a loop collapsed into it).
	Break, Continue bool
	// Coalesce is the coalesce pass's decision (opt/coalesce.go) for a
	// loop whose levels the compiler chooses and whose body holds
	// parallel loops: set when its index walks the arrays' last
	// subscripts with stride 1 more often than theirs do. Given the gang
	// level, it then takes the vector level too, and the loops inside
	// run sequentially in each thread: consecutive threads reach
	// consecutive elements.
	Coalesce bool
	// Index32 is set by the launch pass when 32-bit unsigned arithmetic
	// is provably exact for the loop's iteration counter, trip counts and
	// index decoding (lower/index32.go); otherwise they are 64-bit.
	Index32 bool
	// Retile is set on a gang loop and the vector loop it held that the
	// retile pass made one nest over their bounding rectangle
	// (opt/retile.go); nil otherwise.
	Retile *Retile
}

// An IndexVar is the control of one canonical loop:
// for (Var = Lo; Var Cmp Hi; Var += Step).
type IndexVar struct {
	Line    int
	Var     *Var
	Declare bool  // declared in the for statement
	Lo, Hi  Expr  // bounds as written
	Cmp     CmpOp // Var Cmp Hi
	Step    Expr  // the increment: Var += Step, or Var -= Step when Down
	Down    bool  // the loop counts down (--, -=)
	Never   bool  // the comparison and the increment disagree: zero iterations
	// Local is set when a bound or the step uses a variable declared
	// inside the region: only the device can evaluate the trip count.
	Local bool
}

// A CmpOp is the comparison of a canonical loop's test.
type CmpOp uint8

const (
	Less      CmpOp = iota + 1 // <
	LessEq                     // <=
	Greater                    // >
	GreaterEq                  // >=
)

// String spells the operator in C; "?" for an invalid one.
func (c CmpOp) String() string {
	if c < Less || c > GreaterEq {
		return "?"
	}
	return [...]string{"", "<", "<=", ">", ">="}[c]
}

// Inclusive reports whether the bound is in the range: <= and >=.
func (c CmpOp) Inclusive() bool { return c == LessEq || c == GreaterEq }

// Descending reports whether the index stays above the bound: > and >=.
func (c CmpOp) Descending() bool { return c == Greater || c == GreaterEq }

// VarClass says how a region variable reaches the device.
type VarClass uint8

const (
	// ByValue variables are copied into the kernel's parameters:
	// firstprivate scalars (§2.5.14, implicit for scalars in parallel and
	// serial), and loop variables of partitioned loops.
	ByValue VarClass = iota
	// ByPointer variables live in device memory and are used through a
	// pointer: scalars and structs in copy, copyin, copyout, create,
	// present clauses (and implicit copy of scalars in kernels).
	ByPointer
	// ArrayData variables are arrays or pointers whose data are mapped:
	// the parameter is the device address of their elements.
	ArrayData
	// Reduced variables are construct-level reduction variables: each
	// thread has its own, combined into a device cell. With a Map (a data
	// clause of the construct, or present-or-copy where an enclosing data
	// construct maps it) the cell is the variable's device copy; without
	// one it is a runtime cell read back into the host variable.
	Reduced
	// PrivateVar variables get an uninitialised copy per thread.
	PrivateVar
	// FirstArray variables are firstprivate arrays: each thread gets a copy
	// of the host array.
	FirstArray
	// DevicePtr variables are pointers holding device addresses (deviceptr).
	DevicePtr
	// PrivateSection variables are pointers with a section in a private
	// or firstprivate clause of the construct: each gang has its own
	// elements (Var.Section), which the pointer addresses.
	PrivateSection
)

// A PrivSection is the section p[lo:len] of a PrivateSection pointer: one
// dimension, whose bounds the host evaluates.
type PrivSection struct {
	*Section
	// First is set for firstprivate: each copy starts from the original
	// elements, which Src maps (present-or-copyin).
	First bool
	Src   *Map
}

// A Var is a variable declared outside a compute region and used in it.
type Var struct {
	Name   string
	Type   *Type
	Global bool
	Class  VarClass
	Map    *Map // ArrayData, ByPointer, Reduced in place
	// Section is the private section of a PrivateSection pointer.
	Section *PrivSection
	// Written is set when the region may assign it.
	Written bool
	// Local is set for a variable declared inside the region.
	Local bool
	// Construct is set for a variable declared at the top level of a
	// kernels construct: a variable of the construct, whose kernels
	// share its device copy (an implicit create, for as long as the
	// construct runs), named accc_kv_<name> so that the host's storage for
	// it hides nothing the construct's host code uses. HostDecl declares
	// that storage: the user's declaration under Name, without its
	// initializer (a serial kernel assigns it).
	Construct bool
	HostDecl  string
	// Restrict is set when no other name in the region reaches the data
	// of this pointer: the user declared it restrict, or -Msafeptr
	// asserts it.
	Restrict bool
	// Rows are, for an array whose rows are variable-length arrays
	// (double a[n][m], double (*p)[m], a parameter double a[n][m]), the
	// by-value parameters holding the lengths of its array levels below
	// the first. Kernels see it as a pointer to FlatElem, its elements
	// in row-major order, and index it flat: a[i][j] is a[i * m + j]
	// (C++ has no variable-length array types).
	Rows     []*Var
	FlatElem *Type
	// Host is the host expression of a parameter the compiler made (a
	// length of Rows): the launch passes its value.
	Host string
	// Member is set for the variable that stands for a struct member a
	// reduction clause names (OpenACC 2.7+, §2.5.15, §2.9.11): its host
	// spelling, s.x or p->x, of the member of Of, the region variable
	// holding (or pointing to) the struct. Kernels use the variable where
	// the code names the member; its device copy is the member's in the
	// device copy of the struct (Map is Of's), which the launch passes.
	Member string
	Of     *Var
}

// A Map is one data clause item: a variable or array section to map
// (§2.7).
type Map struct {
	Pos      diag.Pos
	Clause   DataKind
	Implicit bool
	Var      *Var   // nil for items that name no region variable
	Text     string // as written, for messages: "a[0:n]"
	Mods     MapMod
	// Section is what the item maps: its host address and length, the
	// -Minfo spelling, and for array data the base the kernel parameter
	// is derived from (Section.Base). Deviceptr items map nothing.
	Section *Section
	// AttachTo is, for an attach or detach implied by a section of a
	// pointer member (s.p[lo:n]), that section: the pointer is attached
	// to its first element (Section.Offset bytes from the pointer's value).
	AttachTo *Section
	// Pin is set on an item of a data construct or enter data directive
	// whose data an update directive with async inside the construct (or
	// after the enter data, in its function) transfers: the runtime
	// page-locks the host memory while the data are present, so that the
	// asynchronous transfers go straight from and to it (ACCRT_PIN).
	Pin bool
}

// A Reduction is a reduction clause item.
type Reduction struct {
	Op  ReductionOp
	Var *Var
	// Local is set when the variable is declared inside the region (a
	// gang-private scalar reduced over an inner loop).
	Local bool
	Name  string
	Type  *Type
	// Section is set for a reduction of an array, an array section or
	// an array element (OpenACC 2.7+, §2.5.15, §2.9.11): each of its Len
	// elements, of type Type, is reduced independently. Section.Base is
	// a Ref of Var; a whole array has no Dims (Len counts the elements
	// of every dimension), a section or an element one.
	Section *Section
	Len     int64
	// Implicit is set for a loop reduction no clause asked for: the
	// construct's reduction, given to a worker or vector loop that
	// updates its variable (lower's innerReductions), or one lower
	// recognised in a kernels loop that its clauses partition (lower's
	// sharedScalars).
	Implicit bool
}

// Text spells the reduction's item as -Minfo does: "sum", "c[:10]".
func (r *Reduction) Text() string {
	if r.Var != nil && r.Var.Member != "" {
		return r.Var.Member
	}
	if r.Section != nil {
		return r.Section.MinfoText()
	}
	return r.Name
}

// Lo returns the index of the first element an array reduction reduces
// among the variable's elements in row-major order: 0 for a whole array,
// the lower bound of a one-dimensional section of T a[n], i * m + j for
// a[i:..][j:..] of T a[n][m].
func (r *Reduction) Lo() Expr {
	if r.Section == nil || len(r.Section.Dims) == 0 {
		return IntConst(0)
	}
	t := r.Section.Base.Type()
	lo := r.Section.Dims[0].Lo
	for _, d := range r.Section.Dims[1:] {
		t = t.Elem
		lo = addIndex(scaleIndex(lo, t.Len), d.Lo)
	}
	for t = t.Elem; t.Kind == Array; t = t.Elem {
		lo = scaleIndex(lo, t.Len)
	}
	return lo
}

// addIndex returns i + j, folded where they are constants.
func addIndex(i, j Expr) Expr {
	a, aok := IntValue(i)
	b, bok := IntValue(j)
	switch {
	case aok && bok:
		return IntConst(a + b)
	case bok && b == 0:
		return i
	case aok && a == 0:
		return j
	}
	return &Binary{Op: "+", X: i, Y: j, T: i.Type()}
}

// scaleIndex returns i * n, folded when i is a constant.
func scaleIndex(i Expr, n int64) Expr {
	if v, ok := IntValue(i); ok {
		return IntConst(v * n)
	}
	return &Binary{Op: "*", X: i, Y: IntConst(n), T: i.Type()}
}

// An UpdateItem is one item of an update directive.
type UpdateItem struct {
	Device    bool // update device; else update self/host
	Text      string
	IfPresent bool
	// Section is what the update moves; for a Rows section (a pointer
	// to pointers), part of each row of the pointer array.
	Section *Section
}

// Code is C text with references to region variables, which code
// generators print according to how each variable reaches the kernel.
type Code []Piece

// A Piece is literal text, or a reference to a region variable when Var is
// set. Ident marks text that is one identifier of the user's program that
// C++ reserves (CXXReserved), which C++ kernel code renames.
type Piece struct {
	Text  string
	Var   *Var
	Ident bool
}

// Shared reports whether the statement has effects beyond the executing
// thread's own variables, so that it must run once per gang.
func (s *Stmt) Shared() bool {
	if s.MemWrite {
		return true
	}
	for _, v := range s.Writes {
		switch v.Class {
		case ByPointer, Reduced, ArrayData, DevicePtr:
			return true
		}
	}
	return false
}

func (*Stmt) node() {}
func (*Loop) node() {}

// Bounds returns the loop's bounds and steps, outermost first: the
// expressions of its Nest.
func (l *Loop) Bounds() []Expr {
	var es []Expr
	for _, iv := range l.Nest {
		es = append(es, iv.Lo, iv.Hi, iv.Step)
	}
	return es
}
