package driver

import "github.com/accc-compiler/accc/internal/diag"

// MemoryMode is a -gpu=mem: mode.
type MemoryMode string

const (
	// MemSeparate: device copies of the data the clauses name (the default).
	MemSeparate MemoryMode = ""
	// MemManaged (-gpu=mem:managed, -gpu=managed): every heap allocation
	// of the program comes from CUDA managed memory, which data clauses
	// do not copy; globals and stack data are copied as in MemSeparate.
	MemManaged MemoryMode = "managed"
	// MemUnified (-gpu=mem:unified, -gpu=unified): all memory is shared
	// where the system has HMM or ATS (found at run time); elsewhere the
	// runtime says so and behaves as MemManaged.
	MemUnified MemoryMode = "unified"
	// MemPinned (-gpu=mem:separate:pinnedalloc, -gpu=pinned): separate
	// memory, with heap allocations from page-locked host memory.
	MemPinned MemoryMode = "pinned"
)

// Target selects where compute constructs run (DESIGN.md §1).
type Target string

const (
	TargetNone      Target = ""          // -acc not given: directives are checked and ignored
	TargetGPU       Target = "gpu"       // CUDA kernels through nvcc
	TargetMulticore Target = "multicore" // OpenMP threads over shared memory
	TargetHost      Target = "host"      // sequential, shared memory
	TargetEmulate   Target = "emulate"   // CPU with separate, emulated device memory
)

// Mode is what the driver produces.
type Mode uint8

const (
	ModeLink       Mode = iota // compile and link an executable (default)
	ModeCompile                // -c: one object per source
	ModePreprocess             // -E
	ModeSyntax                 // -fsyntax-only
	ModeEmitSource             // --emit=source: write the generated files and stop
	ModePrintLibs              // --print-libs: print what linking the target's objects needs
)

// Input is one operand of the command line, kept in order because the order
// of objects and libraries matters to the linker.
type Input struct {
	Path string
	Kind InputKind
}

// InputKind classifies an Input by its suffix or by how it was given.
type InputKind uint8

const (
	InputC      InputKind = iota // .c (and .i, preprocessed C)
	InputObject                  // .o, .a, .so and anything else the linker takes
	InputLib                     // -lNAME (Path holds NAME)
	// Linker options keep their place among the objects and libraries,
	// as gcc passes them: -Wl,-Bstatic -lx -Wl,-Bdynamic, --whole-archive
	// and --as-needed apply to the inputs that follow them. MPI compiler
	// wrappers (mpicc with OMPI_CC=accc or MPICH_CC=accc) put their
	// -Wl,-rpath -Wl,DIR and -Xlinker forms here.
	InputLinkOption // -Wl,OPTS as given (Path holds the whole "-Wl,...")
	InputXlinker    // -Xlinker OPT (Path holds OPT)
)

// Config is everything one accc invocation was asked to do. cmd/accc fills
// it from a gcc/pgcc-style command line; Run carries it out.
type Config struct {
	Inputs []Input
	Output string // -o; "" means the tool's default (a.out, x.o, stdout for -E)
	Mode   Mode

	// Preprocessor.
	IncludeDirs      []string // -I, in order
	SysIncludeDirs   []string // -isystem, in order: searched after -I, as system headers (-MMD leaves them out)
	AfterIncludeDirs []string // -idirafter, in order: searched after the system directories
	Defines          []string // -D and -U in order: "NAME", "NAME=VAL" or "-NAME" for -U NAME
	PreIncludes      []string // -include FILE
	Std              string   // -std= value, "" if not given

	// Compilation and linking, passed to the host compiler as they are.
	OptLevel   string   // "-O2" etc.; "" if not given
	Debug      bool     // -g
	NoWarnings bool     // -w
	WarnFlags  []string // -W... (not -Wl,)
	LibDirs    []string // -L
	LinkArgs   []string // -shared, -static, -rdynamic, -s: options only the link sees (-Wl, and -Xlinker are Inputs)
	HostFlags  []string // other -f/-m options forwarded to the host compiler

	// Dependency files for make.
	DepFlags []string // -MD, -MMD, -MF f, -MT t, -MQ t, -MP, -M, -MM as given

	// NoAutopar is -acc=noautopar (nvc): loops without a directive in a
	// parallel construct run sequentially in each thread, as written.
	NoAutopar bool
	// NoAlias is -Msafeptr (nvc): the user asserts that the pointer
	// arguments of a function do not alias one another, so data reached
	// through one is never reached through another: kernel parameters of
	// mapped pointers are then restrict (lower.Options.NoAlias), and the
	// dependence analysis may use it to prove loops over such pointers
	// independent (-Mnosafeptr clears it).
	NoAlias bool

	// NVCCFlags are nvcc's options for the -gpu= sub-options that steer
	// how device code is built (lineinfo, debug, maxregcount:N, fastmath,
	// fma, flushz, ptxinfo); -acc=gpu only.
	NVCCFlags []string

	// Autocompare is -gpu=autocompare (NVHPC's PCAST): each compute
	// construct also runs its host version on the same inputs and the
	// runtime compares the results (codegen/host/compare.go,
	// runtime/src/compare.c). -acc=gpu and -acc=emulate only.
	Autocompare bool

	// Memory is the memory mode of -gpu=mem:... (NVHPC's): where the
	// program's heap allocations come from and which data the data
	// clauses move. It takes effect at the link (runtimeLinkArgs links
	// the runtime's allocator for it, runtime/src/memory.c) and in
	// -Minfo; -acc=gpu and -acc=emulate only (host and multicore share
	// all memory already).
	Memory MemoryMode

	// Warnings are remarks about the command line itself (an option that
	// is accepted but ignored, a sub-option dropped), each given once per
	// invocation however often the option appears; Run prints them as
	// "accc: warning: ..." with the other diagnostics.
	Warnings []string
	// WarnCodes are -Wno-CODE and -Werror=CODE for accc's own warnings
	// (diag.IsWarningCode), which the host compiler does not see.
	WarnCodes diag.WarningPolicy

	// OpenACC.
	ACC    bool   // -acc, -ta=, or -acc=... given
	Target Target // effective target when ACC is set
	// Fallback is -acc=gpu,multicore (Target gpu): each compute
	// construct has a multicore version too, which runs when there is no
	// GPU or the host is the current device type (fallback.go).
	Fallback   bool
	GPUArchs   []string
	Minfo      []string // -Minfo families ("accel", "all", "loop", ...) and -Mneginfo ones as "neginfo=F"; nil if neither is given
	Keep       bool     // --keep
	DiagFmt    string   // "text" (default), "json" or "sarif"
	Verbose    bool     // -v: print tool commands
	DryRun     bool     // -### : print tool commands without running them
	ErrorLimit int      // stop after this many errors; 0 = default (10)

	// DumpIR is --dump-ir=PASS: print each construct's IR after the
	// lowering pass PASS ("all": after every pass) to standard output
	// (lower.Options.DumpIR; IRPasses lists the names).
	DumpIR string
	// VerifyIR is --verify-ir: check the IR after each lowering pass
	// (lower.Options.VerifyIR); ACCC_VERIFY_IR=1 in the environment
	// asks for it too.
	VerifyIR bool
}
