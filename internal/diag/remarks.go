package diag

import (
	"slices"
	"strings"
)

// A RemarkKind describes one remark code of the taxonomy.
type RemarkKind struct {
	Code Code
	Neg  bool   // a negative remark: why something was not done
	Par  bool   // about the parallelisation of loops (-Minfo=par, -Mneginfo=par)
	Doc  string // what it reports, one sentence (SARIF's rule description)
}

// dataClauses are the data clauses of data movement remarks, as OpenACC
// spells them, with the codes of their remarks: code for the clause of a
// construct, implicit for data the implicit rules move as the clause does
// ("" where the rules cannot produce the clause).
var dataClauses = []struct {
	clause         string
	code, implicit Code
}{
	{"copy", CodeDataCopy, CodeDataImplicitCopy},
	{"copyin", CodeDataCopyin, CodeDataImplicitCopyin},
	{"copyout", CodeDataCopyout, CodeDataImplicitCopyout},
	{"create", CodeDataCreate, CodeDataImplicitCreate},
	{"present", CodeDataPresent, CodeDataImplicitPresent},
	{"no_create", CodeDataNoCreate, CodeDataImplicitNoCreate},
	{"attach", CodeDataAttach, CodeDataImplicitAttach},
	{"deviceptr", CodeDataDeviceptr, CodeDataImplicitDeviceptr},
	{"delete", CodeDataDelete, ""},
	{"detach", CodeDataDetach, ""},
}

// remarkKinds is the remark taxonomy, sorted by code (the constants are in
// codes.go): what each -Minfo remark reports. The family of a code,
// the part before its first '-', is what -Minfo=FAMILY selects (see
// MinfoSelector for the views accel and par); codes are user-visible, as
// JSON "code" and SARIF ruleId, and docs/diagnostics.md lists them.
//
//	code                  neg  par  messages
//	accel-kernel                    Generating NVIDIA GPU code; Generating Multicore code;
//	                                Generating host code; Generating emulated device code;
//	                                Accelerator serial kernel generated; Accelerator kernel generated
//	accel-routine                   Generating acc routine seq (gang, worker, vector);
//	                                Generating implicit acc routine seq
//	loop-parallel               x   Loop is parallelizable
//	loop-schedule               x   #pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */;
//	                                #pragma acc loop seq; the "  /* collapsed */" lines of a collapsed nest;
//	                                #pragma acc loop gang, vector(128) tile(32,4) /* ... */ and the "  /* tiled */"
//	                                lines of a tiled nest; "  tile not applied: ..." on a sequential loop
//	loop-reduction              x   Generating reduction(max:err)
//	loop-host                       Loop runs on the host: each iteration launches the kernels of its body
//	loop-dependence        x    x   Loop carried dependence of a prevents parallelization; its detail line
//	                                ("  a[i] written at line 14, a[i - 1] read at line 14: distance 1");
//	                                Complex loop carried dependence of a->,b-> prevents parallelization;
//	                                Loop carried scalar dependence for s at line 61; Scalar last value needed after loop for t at line 42
//	loop-sequential        x    x   Loop without integer trip count will be executed in sequential mode;
//	                                Loop exits early: not parallelizable
//	data-CLAUSE                     Generating copyin(a[:n]) [if not already present] (data-copyin), ...:
//	                                an explicit data clause; CLAUSE is copy, copyin, copyout, create,
//	                                present, no-create, attach, deviceptr, delete or detach
//	data-implicit-CLAUSE            Generating implicit copy(a[:n]) [if not already present], ...:
//	                                data the construct moves by the implicit rules (§2.6.2)
//	loop-cache                      what serves the references of a cache directive
//	loop-stage                      Staging A[i * p + k], B[k * m + j] through shared memory, 32 iterations at a time
//	data-pin                        Page-locking the host memory of a[:n] while present: async updates transfer it
//	data-shared                     Heap data is in managed memory (-gpu=mem:managed): data clauses move none of it
//	                                unless captured; globals and local data are copied (once per file)
//	accel-other                     a remark of the lowering that has no code of its own yet
//	                                (none should: a test checks the remarks of testdata/minfo)
//
// A negative remark (neg, Diagnostic.Neg) says why something was not done:
// why a loop runs sequentially. A par remark is about the parallelisation
// of loops: -Minfo=par selects the positive ones, -Mneginfo=par the
// negative ones.
var remarkKinds = func() []RemarkKind {
	ks := []RemarkKind{
		{CodeKernel, false, false, "code was generated for a compute construct's kernel"},
		{CodeAccelOther, false, false, "a remark about accelerator code without a more specific code"},
		{CodeRoutine, false, false, "a function gets a device version (routine directive, or implicitly seq for a function device code calls)"},
		{CodeLoopParallel, false, true, "dependence analysis proved the loop's iterations independent"},
		{CodeLoopSchedule, false, true, "the levels (gang, worker, vector, seq) a loop is scheduled on"},
		{CodeLoopReduction, false, true, "a reduction the loop or construct combines"},
		{CodeLoopHost, false, false, "a sequential loop of a kernels construct runs on the host, launching the kernels of its body"},
		{CodeLoopDependence, true, true, "a dependence between iterations keeps the loop sequential"},
		{CodeLoopCache, false, false, "what serves the references a cache directive names"},
		{CodeLoopStage, false, false, "operands of a 2-D blocked nest's sequential loop that its threads load together into shared memory"},
		{CodeDataPin, false, false, "the runtime page-locks the data's host memory while present, for the asynchronous updates that move it"},
		{CodeDataShared, false, false, "heap data is shared with the device (-gpu=mem:managed or unified): data clauses move none of it (once per file)"},
		{CodeLoopSequential, true, true, "the loop runs sequentially for a reason other than a dependence (no trip count, an early exit)"},
	}
	for _, c := range dataClauses {
		ks = append(ks, RemarkKind{Code: c.code, Doc: "the construct's " + c.clause + " clause moves the data"})
		if c.implicit != "" {
			ks = append(ks, RemarkKind{Code: c.implicit,
				Doc: "the construct moves the data as " + c.clause + " by the implicit data attribute rules"})
		}
	}
	slices.SortFunc(ks, func(a, b RemarkKind) int { return strings.Compare(string(a.Code), string(b.Code)) })
	return ks
}()

// RemarkKinds returns the remark taxonomy, sorted by code.
func RemarkKinds() []RemarkKind {
	return slices.Clone(remarkKinds)
}

// LookupRemark returns the description of remark code c, and whether c is
// one of the taxonomy's.
func LookupRemark(c Code) (RemarkKind, bool) {
	i, ok := slices.BinarySearchFunc(remarkKinds, c, func(k RemarkKind, c Code) int {
		return strings.Compare(string(k.Code), string(c))
	})
	if !ok {
		return RemarkKind{}, false
	}
	return remarkKinds[i], true
}

// DataCode returns the code of a data movement remark for a data clause
// as OpenACC spells it ("copyin", "no_create"): CodeDataCopyin,
// CodeDataImplicitNoCreate. ok is false for a clause the taxonomy lacks
// (an implicit delete, a reduction).
func DataCode(clause string, implicit bool) (c Code, ok bool) {
	for _, d := range dataClauses {
		if d.clause != clause {
			continue
		}
		if implicit {
			return d.implicit, d.implicit != ""
		}
		return d.code, true
	}
	return "", false
}

// DataCodeOf returns the code of a data movement remark from its words,
// "Generating [implicit ]CLAUSE(...)", and whether msg is one.
func DataCodeOf(msg string) (Code, bool) {
	rest, ok := strings.CutPrefix(msg, "Generating ")
	if !ok {
		return "", false
	}
	rest, implicit := strings.CutPrefix(rest, "implicit ")
	clause, _, ok := strings.Cut(rest, "(")
	if !ok {
		return "", false
	}
	return DataCode(clause, implicit)
}
