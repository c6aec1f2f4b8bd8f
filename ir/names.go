package ir

import (
	"fmt"
	"strings"
)

// The names accc gives the identifiers of the code it generates, in one
// place: lower names the variables and types it adds to the IR with them,
// and the code generators the kernels' parameters and temporaries and the
// host code's. Every identifier accc introduces begins with GenPrefix but
// the kernels' and their launch stubs' (KernelName, LaunchName, ...), and
// the frontend rejects a program with directives that declares one of
// that prefix (frontend.CheckReservedNames), so that they never meet the
// user's: a user variable named accc_trip would otherwise be read by the
// host's "const long long accc_trip = ... accc_trip ...", which declares
// another. A kernel whose name, or a name derived from it, the program
// declares takes the next number instead (lower's kernelNameClashes).
//
// Within the prefix, the names of one scope (the host code of a
// construct, a kernel, a device routine) are told apart by their stems:
// a name of one purpose is never the name of another there (names of
// host code and of kernels may share a spelling, such as accc_r, as they
// never share a scope). A name that takes a variable's name is its stem
// and the name (RedCellName("x") is accc_red_x), and no stem is the
// beginning of another's, nor of a constant or numbered name of the
// scope: the user's names, identifiers without the prefix, cannot spell
// one stem's name as another's. The names lower gives the variables
// that stand for struct members (MemberName) take a member path, which
// is no identifier: they spell it in an encoding of their own that no
// two paths share (s.p_q and s_p.q differ), behind a stem of their own.
//
// A name that takes a variable's name (RedCellName("x"), accc_red_x) is
// one per variable of a kernel or construct; one that takes a number is
// one per position (a parameter's index, a nest level, a temporary's
// serial number); the constants are one per kernel, loop or snippet of
// generated code, whose scope holds no other of that name.
const GenPrefix = "accc_"

// Kernel and routine names.
const (
	// KernelSuffix ends a kernel's name, <func>_<line>_gpu (PGI's scheme);
	// CPU kernels end in CPUKernelSuffix instead.
	KernelSuffix = "_gpu"
	// CPUKernelSuffix ends the name of a kernel the CPU targets print as
	// a C function: <func>_<line>_cpu.
	CPUKernelSuffix = "_cpu"
	// FallbackInfix marks the sequential version of a versioned kernel:
	// <func>_<line>_seq_gpu (Kernel.Fallback).
	FallbackInfix = "_seq"
	// DevicePrefix begins the device version of a routine: accc_dev_<name>
	// (DeviceName).
	DevicePrefix = GenPrefix + "dev_"
	// GlobalsPrefix begins the device version of a routine with hidden
	// global parameters: accc_devg_<name> (GlobalsName).
	GlobalsPrefix = GenPrefix + "devg_"
	// CXXPrefix begins the C++ spelling of a user's name that C++ or CUDA
	// reserves: accc_cxx_<name> (CXXName).
	CXXPrefix = GenPrefix + "cxx_"
)

// KernelStem is the stem of the name of the kernel of function fn at
// line: <fn>_<line>; the kernel's name adds KernelSuffix (and _2, _3, ...
// before it where the stem is taken).
func KernelStem(fn string, line int) string { return fmt.Sprintf("%s_%d", fn, line) }

// KernelName is the provisional name of the kernel of function fn at line,
// <fn>_<line>_gpu, before lower's names pass makes it unique in the file.
func KernelName(fn string, line int) string { return KernelStem(fn, line) + KernelSuffix }

// FallbackName is the name of the sequential version of the kernel named
// kernel: <func>_<line>_seq_gpu.
func FallbackName(kernel string) string {
	return strings.TrimSuffix(kernel, KernelSuffix) + FallbackInfix + KernelSuffix
}

// CPUKernelName is the name of kernel's C function on the CPU targets:
// <func>_<line>_cpu.
func CPUKernelName(kernel string) string {
	return strings.TrimSuffix(kernel, KernelSuffix) + CPUKernelSuffix
}

// CPUGangName is the name of the C function that runs one gang of
// kernel on -acc=emulate, which the kernel's function (CPUKernelName)
// calls for each gang: <func>_<line>_cpu_gang.
func CPUGangName(kernel string) string { return CPUKernelName(kernel) + "_gang" }

// LaunchName is the name of the extern "C" launch stub of the CUDA kernel
// named kernel, which the host file calls: <kernel>_launch.
func LaunchName(kernel string) string { return kernel + "_launch" }

// BlockKernelName is the name of the one-block kernel of a host loop
// (BlockLoop) whose first body kernel is named kernel:
// accc_block_<kernel>.
func BlockKernelName(kernel string) string { return GenPrefix + "block_" + kernel }

// BodyName is the name of the device function that holds the body of
// the CUDA kernel named kernel for a one-block kernel (BlockLoop) to
// call: accc_body_<kernel>.
func BodyName(kernel string) string { return GenPrefix + "body_" + kernel }

// FirstArrayTag is the tag of the struct that passes the firstprivate
// array v to the CUDA kernel named kernel by value: <kernel>_fp_<v>. It
// is the kernel's own: another kernel of the file may have a
// firstprivate array of that name and another type.
func FirstArrayTag(kernel, v string) string { return kernel + "_fp_" + v }

// Names lower gives the variables and types it adds to the IR.
const (
	// InitTempName is the temporary a variable declared in a compute
	// construct (§2.6.1) is initialised from: its declaration under this
	// name, copied into the variable.
	InitTempName = GenPrefix + "init"
)

// CondName is the variable that holds the condition of the n-th if
// statement with an else of a region whose branches hold loop directives,
// evaluated once as C evaluates it.
func CondName(n int) string { return fmt.Sprintf("%scond%d", GenPrefix, n) }

// RoutineParamName names the unnamed parameter i of the declaration of
// a routine that another file defines.
func RoutineParamName(i int) string { return fmt.Sprintf("%sa%d", GenPrefix, i) }

// UnnamedParamName names the unnamed parameter (C23) i of a routine's
// device version, which its body cannot use.
func UnnamedParamName(i int) string { return fmt.Sprintf("%sunnamed%d", GenPrefix, i) }

// ConstructVarName is the host's storage for the variable v declared in
// a compute construct (Var.Construct): accc_kv_<v>.
func ConstructVarName(v string) string { return GenPrefix + "kv_" + v }

// LocalTypeName is the file-scope name of the type name (typedef or tag)
// name declared in a function at line (and col, when another of that
// name on the line took the name without it): accc_t<line>_<name>,
// accc_t<line>c<col>_<name>. Kernels see the file's types: the stem
// (with the position) comes before the name, as in the names of their
// variables, so that a type red_x of line 5 is not RedCellName("x_5"),
// and the position reads back, so that two types' names differ.
func LocalTypeName(name string, line, col int) string {
	if col > 0 {
		return fmt.Sprintf("%st%dc%d_%s", GenPrefix, line, col, name)
	}
	return fmt.Sprintf("%st%d_%s", GenPrefix, line, name)
}

// AnonTag is the tag of the n-th type definition of a file, when it is a
// struct or union without a tag (or typedef name): accc_anon<n>.
func AnonTag(n int) string { return fmt.Sprintf("%sanon%d", GenPrefix, n) }

// MemberStem begins the names of the variables that stand for struct
// members (MemberName).
const MemberStem = GenPrefix + "mem_"

// MemberName is the variable that stands for the member path of a
// struct in a region (s.p, p->q, s.a.b), whether a data clause maps the
// member or a reduction clause reduces it: MemberStem and the path with
// each identifier spelled as its length and itself, a member after "_"
// and, behind ->, "_p": accc_mem_1s_1p for s.p, accc_mem_1p_p1q for
// p->q. Identifiers begin with no digit, so the encoding reads back
// (s.b_c is accc_mem_1s_3b_c and s_b.c accc_mem_3s_b_1c), and a path
// gives one name, which no other path or stem spells.
func MemberName(path string) string {
	var b strings.Builder
	b.WriteString(MemberStem)
	for {
		n := strings.IndexAny(path, ".-")
		if n < 0 {
			n = len(path)
		}
		fmt.Fprintf(&b, "%d%s", n, path[:n])
		path = path[n:]
		switch {
		case strings.HasPrefix(path, "->"):
			b.WriteString("_p")
			path = path[2:]
		case strings.HasPrefix(path, "."):
			b.WriteString("_")
			path = path[1:]
		default:
			return b.String()
		}
	}
}

// RowLenName is the parameter that passes the length of row l of the
// variable-length array v to a kernel: accc_len<l>_<v>, the stem (with
// the level) before the name, as in each name that takes a variable's,
// so that a VLA red_x's row length is not RedCellName("x_len1"). Struct
// members have no variable-length rows (C11 §6.7.2.1p9): v is the
// user's name.
func RowLenName(v string, l int) string { return fmt.Sprintf("%slen%d_%s", GenPrefix, l, v) }

// Names of the host code, for the construct of ID id (Construct.ID).
func hostName(stem, id string) string { return GenPrefix + stem + id }

// MapsName is the array of a construct's data clauses (accrt_map rows).
func MapsName(id string) string { return hostName("m", id) }

// CmpName is a construct's accrt_cmp array under -gpu=autocompare: the
// host memory its host version may change (codegen/host/compare.go).
func CmpName(id string) string { return hostName("cmp", id) }

// HostVersionName is a construct's flag under -gpu=autocompare: whether
// its host version runs, as the construct or to compare.
func HostVersionName(id string) string { return hostName("hv", id) }

// SiteName is a construct's accrt_site: where it is, for the runtime's
// messages and profile.
func SiteName(id string) string { return hostName("site", id) }

// IfName is the value of a construct's if clause, evaluated once.
func IfName(id string) string { return hostName("on", id) }

// HostDataName is the device address of use_device item i of a
// host_data construct: accc_hd<id>_<i>.
func HostDataName(id string, i int) string { return fmt.Sprintf("%s_%d", hostName("hd", id), i) }

// DeclareName is the constructor of a file-scope declare directive, or
// the cleanup variable that ends a function's declare directive's data
// lifetime.
func DeclareName(id string) string { return hostName("declare", id) }

// RedStructTag is the tag of the struct of a compute construct's
// reduction results on the host.
func RedStructTag(id string) string { return hostName("red", id) }

// Names of a compute construct's host code: its reduction results, and
// the launch of each kernel (one at a time, each in a block of its own).
const (
	// RedResultsName is the struct of the construct's reduction results,
	// a member per variable, initialised with their values.
	RedResultsName = GenPrefix + "r"
	// RedOutName points at the mapped host memory the CUDA kernels write
	// the construct's reduction results into.
	RedOutName = GenPrefix + "out"
	// RedCellsName points at the reduction results' device cells (CPU
	// targets).
	RedCellsName = GenPrefix + "cells"
	// RedCountName is the counter of gangs that finished, by which the
	// last gang knows it is last (kernel parameter too).
	RedCountName = GenPrefix + "rcount"
	// RedFirstName is set for the construct's first kernel: later ones
	// combine their results with those before (kernel parameter too).
	RedFirstName = GenPrefix + "rfirst"
	// RedPartialsName is the device memory of the gangs' partial results.
	RedPartialsName = GenPrefix + "rp"
	// RoundsName is the most iterations a thread of a one-block host
	// loop (BlockLoop) may run of a body kernel's gang loop.
	RoundsName = GenPrefix + "rounds"
	// TripName is the trip count of a launch's gang loop nest.
	TripName = GenPrefix + "trip"
	// VectorName is the block size a launch adapts to the trip count.
	VectorName = GenPrefix + "vec"
	// RowsName is the rows of a block of a split kernel.
	RowsName = GenPrefix + "rows"
	// GangsName, GangsYName and GangsZName are a launch's grid.
	GangsName  = GenPrefix + "gangs"
	GangsYName = GenPrefix + "gangs_y"
	GangsZName = GenPrefix + "gangs_z"
	// ScratchName is the device scratch of the gangs' private sections.
	ScratchName = GenPrefix + "ps"
	// ArgsName is the array of pointers to a launch's arguments.
	ArgsName = GenPrefix + "args"
	// PtrArrayName and PtrIndexName walk an array of pointers whose
	// pointees a data clause moves row by row.
	PtrArrayName = GenPrefix + "p"
	PtrIndexName = GenPrefix + "i"
)

// ArgName is the host's copy of argument i of a launch.
func ArgName(i int) string { return fmt.Sprintf("%sa%d", GenPrefix, i) }

// ArgOutName is the mapped result of reduction argument i of a launch.
func ArgOutName(i int) string { return fmt.Sprintf("%so%d", GenPrefix, i) }

// ArgLoName is the index of the first reduced element of array reduction
// argument i of a launch.
func ArgLoName(i int) string { return fmt.Sprintf("%sl%d", GenPrefix, i) }

// ArgPrivLenName and ArgPrivLoName are the length and the start of the
// private section of argument i of a launch.
func ArgPrivLenName(i int) string { return fmt.Sprintf("%spn%d", GenPrefix, i) }

// ArgPrivLoName: see ArgPrivLenName.
func ArgPrivLoName(i int) string { return fmt.Sprintf("%spl%d", GenPrefix, i) }

// ArgSrcName is the device address of the original of the firstprivate
// section of argument i of a launch.
func ArgSrcName(i int) string { return fmt.Sprintf("%ssrc%d", GenPrefix, i) }

// Names of kernel parameters and locals for the region variable v.

// RedCellName is the device cell(s) of the reduction of v: the gangs'
// partial results, the reduced elements of an array reduction, or the
// one cell the kernel combines into.
func RedCellName(v string) string { return GenPrefix + "red_" + v }

// RedLoName is the index of the first reduced element of the array
// reduction of v.
func RedLoName(v string) string { return GenPrefix + "rl_" + v }

// RedMappedName is the construct's result of the reduction of v in
// mapped host memory (CUDA, GangCombined).
func RedMappedName(v string) string { return GenPrefix + "ro_" + v }

// RedInitName is the start value of the reduction of v (CUDA,
// GangCombined).
func RedInitName(v string) string { return GenPrefix + "ri_" + v }

// RedBufName is a gang's copy of the elements of the array reduction of v.
func RedBufName(v string) string { return GenPrefix + "rb_" + v }

// RedPtrName points at the shared variable v that a loop's threads
// reduce into, each in a private copy under v's name.
func RedPtrName(v string) string { return GenPrefix + "rp_" + v }

// RedSaveName is the value of reduction variable v before the loop that
// reduces it (§2.9.11: the result combines with it).
func RedSaveName(v string) string { return GenPrefix + "save_" + v }

// RedPartName is the partial result of the threads of a loop that
// reduces v.
func RedPartName(v string) string { return GenPrefix + "part_" + v }

// PrivSlabsName is the gangs' copies of the private section of v in the
// device scratch (CUDA).
func PrivSlabsName(v string) string { return GenPrefix + "ps_" + v }

// PrivLenName and PrivLoName are the length and the start of the
// private section of v.
func PrivLenName(v string) string { return GenPrefix + "pn_" + v }

// PrivLoName: see PrivLenName.
func PrivLoName(v string) string { return GenPrefix + "pl_" + v }

// PrivSrcName is the original elements of the firstprivate section of v.
func PrivSrcName(v string) string { return GenPrefix + "src_" + v }

// PrivBufName is a gang's copy of the private section of v (CPU).
func PrivBufName(v string) string { return GenPrefix + "pb_" + v }

// FirstArrayName is the firstprivate array v passed by value (CUDA: in
// its FirstArrayTag struct; CPU: the host's array).
func FirstArrayName(v string) string { return GenPrefix + "fp_" + v }

// FirstValueName is the firstprivate scalar v as passed, which
// initialises the gang's copy in shared memory.
func FirstValueName(v string) string { return GenPrefix + "fv_" + v }

// WorkerSlotsName is the per-worker copies of v in shared memory.
func WorkerSlotsName(v string) string { return GenPrefix + "w_" + v }

// SharedInitName is the initial value of the local v that the threads
// of a gang or worker share, which one thread copies into it.
func SharedInitName(v string) string { return GenPrefix + "init_" + v }

// BroadcastName is, in shared memory, the value of v that the one thread
// running a loop for its gang leaves for the others (CUDA).
func BroadcastName(v string) string { return GenPrefix + "bc_" + v }

// Numbered kernel temporaries.

// JumpName is the shared flag by which the thread that runs a statement
// for the others tells them the break or continue it took (the n-th of
// the kernel); JumpedName its value, read by every thread.
func JumpName(n int) string { return fmt.Sprintf("%sjump%d", GenPrefix, n) }

// JumpedName: see JumpName.
func JumpedName(n int) string { return fmt.Sprintf("%sjumped%d", GenPrefix, n) }

// TripCountName is the trip count of level i of a loop nest.
func TripCountName(i int) string { return fmt.Sprintf("%sn%d", GenPrefix, i) }

// Block2DIndexName is the iteration number of level i of a 2-D blocked
// nest (Kernel.Block2DRows).
func Block2DIndexName(i int) string { return fmt.Sprintf("%si%d", GenPrefix, i) }

// Block2DBaseName is the first iteration of level i of a 2-D block.
func Block2DBaseName(i int) string { return fmt.Sprintf("%sb%d", GenPrefix, i) }

// StageName is the shared memory that stages the t-th operand of a tiled
// nest's sequential loop.
func StageName(t int) string { return fmt.Sprintf("%sst%d", GenPrefix, t) }

// LoopRedBufName is the private copy of the elements of the array
// reduction of v at a loop (the n-th temporary of the kernel), and
// LoopRedOrigName the elements' address outside the loop.
func LoopRedBufName(n int, v string) string { return fmt.Sprintf("%srb%d_%s", GenPrefix, n, v) }

// LoopRedOrigName: see LoopRedBufName.
func LoopRedOrigName(n int, v string) string { return fmt.Sprintf("%sro%d_%s", GenPrefix, n, v) }

// Kernel temporaries, one per loop or snippet.
const (
	// StepsName is the trip count of a host loop that one block runs
	// (BlockLoop): a kernel parameter, and the host's variable.
	StepsName = GenPrefix + "steps"
	// StepName counts the iterations of a host loop that one block
	// runs (BlockLoop).
	StepName = GenPrefix + "step"
	// LoopCountName is the iteration number of a (collapsed) loop.
	LoopCountName = GenPrefix + "k"
	// BlockBaseName is a block's first iteration of a split loop, or
	// the first of a chunk of a staged loop.
	BlockBaseName = GenPrefix + "kb"
	// LanesOnName is set for the threads of a block whose iteration is
	// in the loop: the others repeat the last one without its effects.
	LanesOnName = GenPrefix + "on"
	// Block2DRowName and Block2DColName are a thread's row and column in its
	// block's tile.
	Block2DRowName = GenPrefix + "ty"
	Block2DColName = GenPrefix + "tx"
	// StageRowName is the row of a staged tile a thread loads.
	StageRowName = GenPrefix + "r"
	// StageLastRowName is the last row of a 2-D blocked nest, which the
	// loads of a staged row operand along the rows clamp to.
	StageLastRowName = GenPrefix + "rl"
	// ChunkLenName and ChunkIndexName are the length of a staged chunk
	// and the iteration in it.
	ChunkLenName   = GenPrefix + "kn"
	ChunkIndexName = GenPrefix + "kk"
	// BreakName says whether the threads leave a loop after the barrier
	// that ends its iteration.
	BreakName = GenPrefix + "brk"
	// OnceName runs a loop body once, so that break and continue end
	// there.
	OnceName = GenPrefix + "once"
	// ElemName walks the elements of an array reduction or a private
	// section.
	ElemName = GenPrefix + "j"
	// PartName is the partial result of the element of an array
	// reduction being combined.
	PartName = GenPrefix + "part"
	// CriticalName names the OpenMP critical section of reductions.
	CriticalName = GenPrefix + "reduction"
	// AtomicExprName, AtomicOldName and AtomicNewName are the operand,
	// the value read and the value to store of an atomic update that a
	// compare-and-swap loop does.
	AtomicExprName = GenPrefix + "e"
	AtomicOldName  = GenPrefix + "old"
	AtomicNewName  = GenPrefix + "new"
	// RoutineResultName is the value a call of a gang, worker or vector
	// routine returns to its threads.
	RoutineResultName = GenPrefix + "rv"
	// GangIndexName and GangCountName are the gang an -acc=emulate
	// kernel runs and the number of its gangs.
	GangIndexName = GenPrefix + "g"
	GangCountName = GenPrefix + "ng"
	// ItersName and TileItersName are the iterations of a partitioned
	// loop, and of a tile's element loop, that an -acc=emulate gang runs
	// (accrt_iters).
	ItersName     = GenPrefix + "it"
	TileItersName = GenPrefix + "ite"
	// RaceOnName is set in an -acc=emulate kernel where ACCC_CHECK=race
	// is on; RaceIterName is the declaration that starts an iteration
	// of a partitioned loop in a kernel's race variant.
	RaceOnName   = GenPrefix + "race"
	RaceIterName = GenPrefix + "race_it"
)

// Names of a loop the tile clause strip-mines (§2.9.8; codegen/kernel's
// tile.go): TileCountName is level i's number of tiles, TileBaseName the first
// iteration of level i of a tile, TileIndexName an element's iteration of
// level i, and TileElemName the element loop's counter.
func TileCountName(i int) string { return fmt.Sprintf("%stn%d", GenPrefix, i) }

// TileBaseName: see TileCountName.
func TileBaseName(i int) string { return fmt.Sprintf("%stb%d", GenPrefix, i) }

// TileIndexName: see TileCountName.
func TileIndexName(i int) string { return fmt.Sprintf("%sti%d", GenPrefix, i) }

// TileElemName: see TileCountName.
const TileElemName = GenPrefix + "te"
